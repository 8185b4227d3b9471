import sharp from 'sharp';
import type { Box, Point, RgbImage } from './types';

/** Decoded images are refused above this many pixels (the API's upload limit, IMAGE_LIMITS.maxPixels). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** 8-bit sRGB pixels of a stored image (turned upright before the analysis, so no rotation here). */
export async function decodeRgb(bytes: Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/**
 * An encoded photo (any format sharp reads; EXIF orientation already applied by the inference, see
 * functions/inference/upright-image.ts) that is never decoded whole at full resolution: the analysis asks for a small letterboxed
 * copy for the detector and for shrunk views of the face (sharp's shrink-on-load decodes a JPEG directly at
 * 1/2, 1/4 or 1/8 scale), so a 40-megapixel upload costs a few megabytes of pixels, not 120.
 */
export interface EncodedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Reads the header only (dimensions), refusing images above MAX_INPUT_PIXELS. */
export async function readImage(bytes: Uint8Array): Promise<EncodedImage> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('image has no dimensions');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new Error(`image of ${meta.width}x${meta.height} exceeds ${MAX_INPUT_PIXELS} pixels`);
  }
  return { bytes, width: meta.width, height: meta.height };
}

/**
 * Part of a photo, shrunk: pixel (u, v) of `image` covers photo point ((u + left) / scaleX, (v + top) / scaleY)
 * (continuous coordinates, pixel i spans [i, i + 1)).
 */
export interface ImageView {
  image: RgbImage;
  scaleX: number;
  scaleY: number;
  left: number;
  top: number;
}

export function toView(view: ImageView, p: Point): Point {
  return { x: p.x * view.scaleX - view.left, y: p.y * view.scaleY - view.top };
}

export function fromView(view: ImageView, p: Point): Point {
  return { x: (p.x + view.left) / view.scaleX, y: (p.y + view.top) / view.scaleY };
}

/** The view's mean scale (scaleX and scaleY differ only by the rounding of the shrunk photo's size). */
export function viewScale(view: ImageView): number {
  return (view.scaleX + view.scaleY) / 2;
}

/**
 * Decodes the part of the photo inside `area` (photo pixels, clipped to the photo) with the photo shrunk by
 * `scale` (≤ 1). The shrink is sharp's: JPEG shrink-on-load, then Lanczos; the crop comes after the resize so
 * shrink-on-load still applies, and libvips only decodes down to the area's last row.
 */
export async function decodeView(source: EncodedImage, scale: number, area: Box): Promise<ImageView> {
  const s = Math.min(1, scale);
  const width = s < 1 ? Math.max(1, Math.round(source.width * s)) : source.width;
  const height = s < 1 ? Math.max(1, Math.round(source.height * s)) : source.height;
  const scaleX = width / source.width;
  const scaleY = height / source.height;
  const left = Math.max(0, Math.floor(area.x * scaleX));
  const top = Math.max(0, Math.floor(area.y * scaleY));
  const right = Math.min(width, Math.ceil((area.x + area.width) * scaleX));
  const bottom = Math.min(height, Math.ceil((area.y + area.height) * scaleY));
  if (right <= left || bottom <= top) throw new Error('decodeView: the area lies outside the image');
  let pipeline = sharp(source.bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  if (s < 1) pipeline = pipeline.resize(width, height, { fit: 'fill', fastShrinkOnLoad: false });
  const { data, info } = await pipeline
    .extract({ left, top, width: right - left, height: bottom - top })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    image: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height },
    scaleX,
    scaleY,
    left,
    top,
  };
}

/** Whether `view` holds every pixel of `area` (photo pixels) that lies inside the photo. */
export function viewCovers(view: ImageView, source: EncodedImage, area: Box): boolean {
  const x0 = Math.max(0, area.x) * view.scaleX;
  const y0 = Math.max(0, area.y) * view.scaleY;
  const x1 = Math.min(source.width, area.x + area.width) * view.scaleX;
  const y1 = Math.min(source.height, area.y + area.height) * view.scaleY;
  return x0 >= view.left && y0 >= view.top && x1 <= view.left + view.image.width && y1 <= view.top + view.image.height;
}
