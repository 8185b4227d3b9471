import type { RegionMasks, RgbImage } from './types';
import { linearToLab, SRGB8_TO_LINEAR } from './skin/colour';

/** Median L* over the skin of all regions, and the share of clipped (blown-out) skin pixels. */
export function skinExposure(crop: RgbImage, regions: RegionMasks): { lightness: number; clipped: number } {
  const lightness: number[] = [];
  let clipped = 0;
  const skin = new Uint8Array(regions.size * regions.size);
  for (const mask of Object.values(regions.masks)) for (let i = 0; i < mask.length; i++) if (mask[i]) skin[i] = 1;
  for (let i = 0; i < skin.length; i++) {
    if (!skin[i]) continue;
    const r = crop.data[3 * i]!;
    const g = crop.data[3 * i + 1]!;
    const b = crop.data[3 * i + 2]!;
    lightness.push(linearToLab(SRGB8_TO_LINEAR[r]!, SRGB8_TO_LINEAR[g]!, SRGB8_TO_LINEAR[b]!)[0]);
    if (r >= 250 || g >= 250 || b >= 250) clipped++;
  }
  if (lightness.length === 0) return { lightness: Number.NaN, clipped: 0 };
  lightness.sort((x, y) => x - y);
  return { lightness: lightness[Math.floor(lightness.length / 2)]!, clipped: clipped / lightness.length };
}

/** Variance of the 4-neighbour Laplacian of luma (0–255): low when the face is out of focus or smeared. */
export function sharpness(crop: RgbImage): number {
  const { width, height, data } = crop;
  const luma = new Float32Array(width * height);
  for (let i = 0; i < luma.length; i++) luma[i] = 0.299 * data[3 * i]! + 0.587 * data[3 * i + 1]! + 0.114 * data[3 * i + 2]!;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = luma[i - 1]! + luma[i + 1]! + luma[i - width]! + luma[i + width]! - 4 * luma[i]!;
      sum += lap;
      sumSq += lap * lap;
      n++;
    }
  }
  const mean = sum / n;
  return sumSq / n - mean * mean;
}
