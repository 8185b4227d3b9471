import { imageSize } from 'image-size';
import sharp from 'sharp';

/**
 * The stored image with its EXIF orientation applied. The API keeps a JPEG's orientation tag (and nothing else
 * of its metadata), so a phone photo taken sideways is turned here, once, before the analysis; images already
 * upright pass through untouched.
 */
export async function uprightImage(bytes: Uint8Array): Promise<Uint8Array> {
  let orientation = 1;
  try {
    orientation = imageSize(bytes).orientation ?? 1;
  } catch {
    return bytes; // not readable as a header: the analysis reports the image as unreadable
  }
  if (orientation === 1) return bytes;
  return sharp(bytes, { limitInputPixels: 40_000_000 }).rotate().jpeg({ quality: 95 }).toBuffer();
}

/** libvips' words for pixels that do not decode: the file is damaged, and retrying will not help. */
const UNDECODABLE = /^(vipsjpeg|vipspng|vipswebp|vips_|vipsheif)|input (buffer|file) (contains unsupported|has corrupt)|corrupt jpeg data|premature end|unsupported image format|read error/i;

export function isUndecodableImage(error: unknown): boolean {
  return error instanceof Error && UNDECODABLE.test(error.message);
}
