import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../decode-image';
import type { Point, RgbImage } from '../types';

/** The image shrunk to fit a size×size square, centred on black; `toImage` maps square pixels back. */
export interface Letterbox {
  pixels: Uint8Array; // RGB, size×size
  toImage(p: Point): Point;
  /** Image pixels per square pixel. */
  scale: number;
}

/** Resizes with sharp (antialiased, unlike the bilinear resize TF.js pipelines use) to keep small faces intact. */
export async function letterbox(image: RgbImage, size: number): Promise<Letterbox> {
  const scale = Math.max(image.width, image.height) / size;
  const w = Math.max(1, Math.min(size, Math.round(image.width / scale)));
  const h = Math.max(1, Math.min(size, Math.round(image.height / scale)));
  const left = Math.floor((size - w) / 2);
  const top = Math.floor((size - h) / 2);
  const pixels = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .extend({ left, top, right: size - w - left, bottom: size - h - top, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
  const sx = image.width / w;
  const sy = image.height / h;
  return {
    pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    toImage: (p) => ({ x: (p.x - left) * sx, y: (p.y - top) * sy }),
    scale,
  };
}

/**
 * The same letterbox made straight from the encoded photo: sharp shrinks a JPEG while decoding it (1/2, 1/4,
 * 1/8 in the DCT), so a 12-megapixel photo is never decoded at full size just to find the face.
 */
export async function letterboxEncoded(bytes: Uint8Array, width: number, height: number, size: number): Promise<Letterbox> {
  const scale = Math.max(width, height) / size;
  const w = Math.max(1, Math.min(size, Math.round(width / scale)));
  const h = Math.max(1, Math.min(size, Math.round(height / scale)));
  const left = Math.floor((size - w) / 2);
  const top = Math.floor((size - h) / 2);
  const pixels = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(w, h, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .extend({ left, top, right: size - w - left, bottom: size - h - top, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer();
  const sx = width / w;
  const sy = height / h;
  return {
    pixels: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    toImage: (p) => ({ x: (p.x - left) * sx, y: (p.y - top) * sy }),
    scale,
  };
}
