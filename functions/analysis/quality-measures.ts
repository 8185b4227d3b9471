import type { RegionMasks, RgbImage } from './types';
import { kthSmallest, percentile } from './skin/stats';
import { markMasked } from './skin/mask-words';
import { LAB_EPSILON, LAB_KAPPA_SLOPE, SRGB8_TO_LINEAR, SRGB_TO_XYZ, linearToLab } from './skin/colour';

/** Median L* over the skin of all regions, and the share of clipped (blown-out) skin pixels. */
export function skinExposure(crop: RgbImage, regions: RegionMasks): { lightness: number; clipped: number } {
  const n = regions.size * regions.size;
  const skin = new Uint8Array(n);
  for (const mask of Object.values(regions.masks)) markMasked(skin, mask);
  const count = countSet(skin);
  if (count === 0) return { lightness: Number.NaN, clipped: 0 };
  // L* depends on luminance Y alone: collect Y, take its median, convert once (L* is monotonic in Y).
  const luminance = new Float32Array(count);
  let clipped = 0;
  let k = 0;
  for (let i = 0; i < n; i++) {
    if (!skin[i]) continue;
    const r = crop.data[3 * i]!;
    const g = crop.data[3 * i + 1]!;
    const b = crop.data[3 * i + 2]!;
    luminance[k++] = SRGB_TO_XYZ[1][0] * SRGB8_TO_LINEAR[r]! + SRGB_TO_XYZ[1][1] * SRGB8_TO_LINEAR[g]! + SRGB_TO_XYZ[1][2] * SRGB8_TO_LINEAR[b]!;
    if (r >= 250 || g >= 250 || b >= 250) clipped++;
  }
  const y = kthSmallest(luminance, Math.floor(count / 2));
  return { lightness: lightnessOfLuminance(y), clipped: clipped / count };
}

/** CIE L* of relative luminance Y (white = 1). */
function lightnessOfLuminance(y: number): number {
  return 116 * (y > LAB_EPSILON ? Math.cbrt(y) : LAB_KAPPA_SLOPE * y + 16 / 116) - 16;
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

/**
 * The colour of the face's skin regions (landmark polygons, before the skin-colour masks) as CIELAB: the median
 * a* and b*, their chroma and hue angle, and how colourful the whole crop is (the 99th percentile of chroma over
 * every pixel, background and clothes included: near 0 only in a black-and-white photo).
 */
export function faceColour(crop: RgbImage, regions: RegionMasks): { a: number; b: number; chroma: number; hue: number; photoChroma: number } {
  const n = regions.size * regions.size;
  // Each pixel loop in a function of its own: one function holding all of them was compiled again for each loop
  // after the one before it deoptimised (docs/performance.md, "Sixth round").
  const inRegions = new Uint8Array(n);
  for (const mask of Object.values(regions.masks)) markMasked(inRegions, mask);
  const count = countSet(inRegions);
  const a = new Float32Array(count);
  const b = new Float32Array(count);
  const chroma = new Float32Array(n);
  colourInto(crop.data, inRegions, a, b, chroma);
  const ma = percentile(a, 50);
  const mb = percentile(b, 50);
  return { a: ma, b: mb, chroma: Math.hypot(ma, mb), hue: (Math.atan2(mb, ma) * 180) / Math.PI, photoChroma: percentile(chroma, 99) };
}

function countSet(mask: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i]!;
  return count;
}

/** CIELAB chroma of every pixel into `chroma`, and a* and b* of those in `inRegions` into `a` and `b` in raster order. */
function colourInto(rgb: Uint8Array, inRegions: Uint8Array, a: Float32Array, b: Float32Array, chroma: Float32Array): void {
  let k = 0;
  for (let i = 0; i < chroma.length; i++) {
    const [, ai, bi] = linearToLab(SRGB8_TO_LINEAR[rgb[3 * i]!]!, SRGB8_TO_LINEAR[rgb[3 * i + 1]!]!, SRGB8_TO_LINEAR[rgb[3 * i + 2]!]!);
    chroma[i] = Math.hypot(ai, bi);
    if (inRegions[i]) {
      a[k] = ai;
      b[k] = bi;
      k++;
    }
  }
}
