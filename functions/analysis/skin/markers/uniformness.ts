/**
 * Uniformness (evenness of tone): how much the skin's colour varies in patches of a few millimetres to a
 * centimetre within each region: blotches of brown (melanin) and of red (haemoglobin). Per region, the
 * interquartile range of melanin and of haemoglobin after a σ 4 blur over skin only (≈ 3 mm: single spots,
 * pores and camera noise average out, patches stay), summed, and pooled over forehead, cheeks and chin by area.
 *
 * Within a region, so the cheeks being redder than the forehead (redness) or light falling differently on the
 * two halves of the face does not count; chromophores, so shading and exposure do not count; interquartile, so
 * a handful of spots (acne, pigmentation) moves it little while patches covering a quarter of a region or more
 * move it fully.
 */
import type { RegionName } from '../../types.js';
import { weightedPercentile, type Weighted } from '../weighted-stats.js';
import { normalisedBlur } from './blur.js';
import { channelOf, faceSkin, pooledOver, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const UNIFORMNESS = {
  /** σ of the blur over skin (px at S = 256). */
  sigma: 4,
  /** The spread measured: the p-th to the (100 − p)-th percentile. */
  lowPercentile: 25,
} as const;

export const UNIFORMNESS_REGIONS: RegionName[] = ['forehead', 'left_cheek', 'right_cheek', 'chin'];

export function measureUniformness(inputs: MarkerInputs): MarkerMeasurement {
  const { size } = inputs;
  const U = UNIFORMNESS;
  const skin = faceSkin(inputs);
  const melanin = normalisedBlur(channelOf(inputs.maps, 'chromophores', 'melanin', size), skin, size, U.sigma);
  const haemoglobin = normalisedBlur(channelOf(inputs.maps, 'chromophores', 'haemoglobin', size), skin, size, U.sigma);
  const spread = (map: Float32Array) => (pixels: Weighted) =>
    weightedPercentile(map, pixels, 100 - U.lowPercentile) - weightedPercentile(map, pixels, U.lowPercentile);
  const melaninSpread = pooledOver(inputs, UNIFORMNESS_REGIONS, spread(melanin));
  const haemoglobinSpread = pooledOver(inputs, UNIFORMNESS_REGIONS, spread(haemoglobin));
  const value = melaninSpread + haemoglobinSpread;
  return { value, details: { tone_spread: value, melanin_spread: melaninSpread, haemoglobin_spread: haemoglobinSpread } };
}
