/**
 * Radiance: the soft glow of skin that gives back light evenly, against dull, flat skin. Measured on the cheeks
 * (where the cheekbones catch the light) as how much brighter the brightest tenth of the skin is than its own
 * surroundings at a few millimetres' scale: luminance optical density blurred σ 3 minus σ 12 (over skin only),
 * the negative of its 10th percentile, per cheek, pooled by area.
 *
 * Relative to the skin around it and in optical density, so skin tone and exposure drop out and a light falling
 * across the whole face (a slow gradient) does not count; the T-zone's small, sharp highlights are oiliness.
 * Glare is not faded out here (it is light the skin gives back). Higher is more radiant, so this is the one
 * marker whose score rises with its raw value.
 */
import type { RegionName } from '../../types.js';
import { weightedPercentile } from '../weighted-stats.js';
import { normalisedBlur } from './blur.js';
import { channelOf, faceSkin, pooledOver, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const RADIANCE = {
  /** σ of the glow scale and of its surroundings (px at S = 256). */
  sigma: 3,
  surroundSigma: 12,
  /** The glow read: how far the p-th percentile of the band-passed density lies below 0 (brighter). */
  percentile: 10,
} as const;

export const RADIANCE_REGIONS: RegionName[] = ['left_cheek', 'right_cheek'];

export function measureRadiance(inputs: MarkerInputs): MarkerMeasurement {
  const { size } = inputs;
  const R = RADIANCE;
  const skin = faceSkin(inputs, true);
  const od = channelOf(inputs.maps, 'indices', 'od', size);
  const near = normalisedBlur(od, skin, size, R.sigma);
  const around = normalisedBlur(od, skin, size, R.surroundSigma);
  const band = new Float32Array(near.length);
  for (let i = 0; i < band.length; i++) band[i] = near[i]! - around[i]!;
  const value = pooledOver(inputs, RADIANCE_REGIONS, (pixels) => -weightedPercentile(band, pixels, R.percentile), true);
  return { value, details: { glow: value } };
}
