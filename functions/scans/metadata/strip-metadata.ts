import { stripJpeg } from './strip-jpeg';
import { stripPng } from './strip-png';
import { stripWebp } from './strip-webp';

export type StrippableFormat = 'jpeg' | 'png' | 'webp';

/**
 * The upload as it is stored: the same pixels, no metadata (no GPS, camera, times or comments). Done on the
 * file's structure, without decoding, so the API function needs no image library; the structure walk also
 * catches files cut short. JPEG keeps only its EXIF orientation, so the photo still decodes upright.
 */
export function stripMetadata(format: StrippableFormat, file: Uint8Array, orientation: number): Uint8Array {
  switch (format) {
    case 'jpeg':
      return stripJpeg(file, orientation);
    case 'png':
      return stripPng(file);
    case 'webp':
      return stripWebp(file);
  }
}
