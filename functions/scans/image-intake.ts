import { imageSize } from 'image-size';
import { DomainError } from '../kernel/errors';
import { IMAGE_LIMITS, type ImageFormat } from './image-limits';
import { DamagedImageError } from './metadata/damaged-image-error';
import { stripMetadata } from './metadata/strip-metadata';
import type { ImageInfo } from './scan';

export interface AcceptedImage {
  /** The upload without metadata (no GPS, no camera data); JPEG keeps only its orientation. */
  bytes: Uint8Array;
  format: ImageFormat;
  /** Dimensions and format of the upload as the client sees it (after orientation). */
  info: ImageInfo;
}

/** image-size's names for the formats the API accepts. */
const FORMAT_OF: Record<string, ImageFormat> = { jpg: 'jpeg', png: 'png', webp: 'webp' };

/**
 * The checks that answer at once (type, size, dimensions, a structure cut short) and the metadata-free copy that
 * is stored. Only headers and the file's structure are read: nothing is decoded here, so a decompression bomb is
 * refused by its header and the API function carries no image library (its bundle stays small). Decoding happens
 * in the inference function, which answers `image_unreadable` for pixels that do not decode.
 */
export function acceptImage(upload: Uint8Array, maxBytes: number = IMAGE_LIMITS.maxBytes): AcceptedImage {
  if (upload.length === 0) {
    throw new DomainError('invalid_request', 'image: the file is empty.', [{ param: 'image', message: 'the file is empty' }]);
  }
  if (upload.length > maxBytes) throw tooLarge(upload.length, maxBytes);

  const header = readHeader(upload);
  const format = FORMAT_OF[header.type ?? ''];
  if (!format) {
    throw new DomainError(
      'unsupported_media_type',
      `image: expected one of ${IMAGE_LIMITS.formats.join(', ')}, received ${header.type ?? 'unknown'}.`,
      [{ param: 'image', message: `unsupported format ${header.type ?? 'unknown'}` }],
    );
  }
  const orientation = exifOrientation(header.orientation);
  const rotated = orientation >= 5;
  const width = (rotated ? header.height : header.width) ?? 0;
  const height = (rotated ? header.width : header.height) ?? 0;
  if (width * height > IMAGE_LIMITS.maxPixels) {
    throw new DomainError(
      'image_too_large',
      `image: at most ${IMAGE_LIMITS.maxPixels} pixels, received ${width}x${height}.`,
      [{ param: 'image', message: `${width}x${height} exceeds ${IMAGE_LIMITS.maxPixels} pixels` }],
    );
  }
  if (Math.min(width, height) < IMAGE_LIMITS.minShortSide) {
    throw new DomainError(
      'image_too_small',
      `image: at least ${IMAGE_LIMITS.minShortSide} px on the short side, received ${width}x${height}.`,
      [{ param: 'image', message: `short side ${Math.min(width, height)} px is below ${IMAGE_LIMITS.minShortSide}` }],
    );
  }

  try {
    return { bytes: stripMetadata(format, upload, orientation), format, info: { width, height, format } };
  } catch (error) {
    if (!(error instanceof DamagedImageError)) throw error;
    throw new DomainError('image_unreadable', 'image: the file is damaged or truncated and cannot be decoded.', [
      { param: 'image', message: 'damaged or truncated' },
    ]);
  }
}

/**
 * EXIF orientation is 1 to 8 (TIFF 6.0); any other value (0, 9, 255, a camera's garbage) means nothing, and the
 * decoder shows such a photo as stored, so it counts as 1: the reported size and the stored copy agree with it.
 */
function exifOrientation(value: number | undefined): number {
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 8 ? value : 1;
}

function readHeader(upload: Uint8Array): ReturnType<typeof imageSize> {
  try {
    return imageSize(upload);
  } catch {
    throw new DomainError(
      'unsupported_media_type',
      `image: expected one of ${IMAGE_LIMITS.formats.join(', ')}; the file is not a readable image.`,
      [{ param: 'image', message: 'not a readable image' }],
    );
  }
}

export function tooLarge(bytes: number, maxBytes: number = IMAGE_LIMITS.maxBytes): DomainError {
  return new DomainError(
    'payload_too_large',
    `image: at most ${maxBytes} bytes, received ${bytes === Infinity ? 'more' : bytes}.`,
    [{ param: 'image', message: `larger than ${maxBytes} bytes` }],
  );
}
