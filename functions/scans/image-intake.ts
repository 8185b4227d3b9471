import sharp, { type Metadata } from 'sharp';
import { ApiError } from '../shared/errors';
import { IMAGE_LIMITS } from './image-limits';
import type { ImageInfo } from './scan';

export interface AcceptedImage {
  /** A re-encoded JPEG: EXIF orientation applied, sRGB, no metadata (no GPS, no camera data). */
  bytes: Buffer;
  /** Dimensions and format of the upload as the client sees it (after orientation). */
  info: ImageInfo;
}

/**
 * The cheap checks that answer at once (type, size, dimensions), then the re-encoded copy that is stored.
 * Never decodes more than `maxPixels`: the header is read first.
 */
export async function acceptImage(upload: Buffer): Promise<AcceptedImage> {
  if (upload.length === 0) {
    throw new ApiError('invalid_request', 'image: the file is empty.', [{ param: 'image', message: 'the file is empty' }]);
  }
  if (upload.length > IMAGE_LIMITS.maxBytes) throw tooLarge(upload.length);

  const metadata = await readHeader(upload);
  const format = metadata.format ?? 'unknown';
  if (!(IMAGE_LIMITS.formats as readonly string[]).includes(format)) {
    throw new ApiError(
      'unsupported_media_type',
      `image: expected one of ${IMAGE_LIMITS.formats.join(', ')}, received ${format}.`,
      [{ param: 'image', message: `unsupported format ${format}` }],
    );
  }
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = (rotated ? metadata.height : metadata.width) ?? 0;
  const height = (rotated ? metadata.width : metadata.height) ?? 0;
  if (width * height > IMAGE_LIMITS.maxPixels) {
    throw new ApiError(
      'image_too_large',
      `image: at most ${IMAGE_LIMITS.maxPixels} pixels, received ${width}x${height}.`,
      [{ param: 'image', message: `${width}x${height} exceeds ${IMAGE_LIMITS.maxPixels} pixels` }],
    );
  }
  if (Math.min(width, height) < IMAGE_LIMITS.minShortSide) {
    throw new ApiError(
      'image_too_small',
      `image: at least ${IMAGE_LIMITS.minShortSide} px on the short side, received ${width}x${height}.`,
      [{ param: 'image', message: `short side ${Math.min(width, height)} px is below ${IMAGE_LIMITS.minShortSide}` }],
    );
  }

  const bytes = await reencode(upload);
  return { bytes, info: { width, height, format } };
}

async function readHeader(upload: Buffer): Promise<Metadata> {
  try {
    return await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(
      'unsupported_media_type',
      `image: expected one of ${IMAGE_LIMITS.formats.join(', ')}; the file is not a readable image.`,
      [{ param: 'image', message: 'not a readable image' }],
    );
  }
}

async function reencode(upload: Buffer): Promise<Buffer> {
  try {
    return await sharp(upload, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'truncated' })
      .rotate()
      .toColourspace('srgb')
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch {
    throw new ApiError('image_unreadable', 'image: the file is damaged or truncated and cannot be decoded.', [
      { param: 'image', message: 'damaged or truncated' },
    ]);
  }
}

export function tooLarge(bytes: number): ApiError {
  return new ApiError(
    'payload_too_large',
    `image: at most ${IMAGE_LIMITS.maxBytes} bytes, received ${bytes === Infinity ? 'more' : bytes}.`,
    [{ param: 'image', message: `larger than ${IMAGE_LIMITS.maxBytes} bytes` }],
  );
}
