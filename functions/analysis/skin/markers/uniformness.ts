/**
 * Uniformness (evenness of tone): how much the skin's colour varies in patches of a few millimetres to a
 * centimetre within each region: blotches of brown (melanin) and of red (haemoglobin). Per region, the
 * 20th-to-80th percentile range of melanin and of haemoglobin blurred σ 4 minus σ 16 over skin only (≈ 3 mm: single
 * spots, pores and camera noise average out, patches stay; slow casts across the region drop out), summed, and
 * pooled over forehead, cheeks and chin by area. Pixels near the skin's edge (less than 75 % of their σ 6
 * neighbourhood on skin: hairline, brows, face edge) fade out.
 *
 * Within a region, so the cheeks being redder than the forehead (redness) or light falling differently on the
 * two halves of the face does not count; chromophores, so shading and exposure do not count; interquartile, so
 * a handful of spots (acne, pigmentation) moves it little while patches covering a quarter of a region or more
 * move it fully.
 */
import type { RegionName } from '../../types.js';
import { smoothstep } from '../stats.js';
import { weightedPercentile, type Weighted } from '../weighted-stats.js';
import { normalisedBlur, skinCover } from './blur.js';
import { channelOf, faceSkin, pooledOver, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const UNIFORMNESS = {
  /** σ of the blur over skin (px at S = 256). */
  sigma: 4,
  /** σ of the surroundings subtracted (slow colour casts and gradients across a region drop out). */
  surroundSigma: 16,
  /** The spread measured: the p-th to the (100 − p)-th percentile. */
  lowPercentile: 20,
  /** Share of the σ `coverSigma` neighbourhood that is skin: pixels count from 0 at the first value to fully at the second. */
  cover: [0.5, 0.75] as [number, number],
  coverSigma: 6,
} as const;

export const UNIFORMNESS_REGIONS: RegionName[] = ['forehead', 'left_cheek', 'right_cheek', 'chin'];

/**
 * Uniformness over some of its regions (per-region results: one at a time), the blurs prepared once over the
 * whole face's skin: a region reads what it reads within the whole-face measurement.
 */
export function uniformnessOver(inputs: MarkerInputs): (measured: readonly RegionName[]) => MarkerMeasurement {
  const { size } = inputs;
  const U = UNIFORMNESS;
  const skin = faceSkin(inputs);
  const bandPass = (name: string) => {
    const map = channelOf(inputs.maps, 'chromophores', name, size);
    const near = normalisedBlur(map, skin, size, U.sigma);
    const around = normalisedBlur(map, skin, size, U.surroundSigma);
    return Float32Array.from(near, (v, i) => v - around[i]!);
  };
  const melanin = bandPass('melanin');
  const haemoglobin = bandPass('haemoglobin');
  const cover = skinCover(skin, size, U.coverSigma);
  const inner = (pixels: Weighted): Weighted => {
    const weight = Float32Array.from(pixels.weight, (w, k) => w * smoothstep(U.cover[0], U.cover[1], cover[pixels.index[k]!]!));
    const keep = [...weight.keys()].filter((k) => weight[k]! > 0);
    return { index: Uint32Array.from(keep, (k) => pixels.index[k]!), weight: Float32Array.from(keep, (k) => weight[k]!) };
  };
  const spread = (map: Float32Array) => (pixels: Weighted) => {
    const kept = inner(pixels);
    return weightedPercentile(map, kept, 100 - U.lowPercentile) - weightedPercentile(map, kept, U.lowPercentile);
  };
  return (measured) => {
    const melaninSpread = pooledOver(inputs, measured, spread(melanin));
    const haemoglobinSpread = pooledOver(inputs, measured, spread(haemoglobin));
    const value = melaninSpread + haemoglobinSpread;
    return { value, details: { tone_spread: value, melanin_spread: melaninSpread, haemoglobin_spread: haemoglobinSpread } };
  };
}
