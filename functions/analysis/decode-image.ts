import sharp from 'sharp';
import type { RgbImage } from './types';

/** 8-bit sRGB pixels of a stored image (already re-encoded upright by the API, so no rotation here). */
export async function decodeRgb(bytes: Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}
