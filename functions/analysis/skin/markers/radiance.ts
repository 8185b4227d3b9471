/**
 * Radiance: the glow of skin that gives back light, against dull, flat skin. Measured on the cheeks (where the
 * cheekbones catch the light) as how much brighter their brightest tenth is than the face's own median skin:
 * luminance optical density blurred σ 3 (over skin only, ≈ 2 mm: grain and pores average out), the median of
 * forehead, nose and chin minus the cheeks' weighted 10th percentile of it, per cheek, pooled by area.
 *
 * A difference of optical densities within one face, so skin tone and exposure drop out. The direction of the
 * light does not: a face lit from one side has one bright cheek (docs/markers.md, limitations). Glare is not faded
 * out here (it is light the skin gives back). Higher is more radiant, so this is the one marker whose score
 * rises with its raw value.
 */
import type { RegionName } from '../../types.js';
import { weightedMedian, weightedPercentile, weightedPixels } from '../weighted-stats.js';
import { normalisedBlur } from './blur.js';
import { channelOf, denseWeights, faceSkin, pooledOver, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const RADIANCE = {
  /** σ of the blur (px at S = 256). */
  sigma: 3,
  /** The cheeks' brightest share read: the p-th percentile of their density. */
  percentile: 10,
} as const;

export const RADIANCE_REGIONS: RegionName[] = ['left_cheek', 'right_cheek', 'forehead', 'nose', 'chin'];
const GLOWING: RegionName[] = ['left_cheek', 'right_cheek'];
const REFERENCE: RegionName[] = ['forehead', 'nose', 'chin'];

export function measureRadiance(inputs: MarkerInputs): MarkerMeasurement {
  const { size } = inputs;
  const R = RADIANCE;
  const od = normalisedBlur(channelOf(inputs.maps, 'indices', 'od', size), faceSkin(inputs, true), size, R.sigma);
  const reference = weightedMedian(od, weightedPixels(denseWeights(inputs, REFERENCE)));
  if (!Number.isFinite(reference)) return { value: Number.NaN, details: {} };
  const value = pooledOver(inputs, GLOWING, (pixels) => reference - weightedPercentile(od, pixels, R.percentile), true);
  return { value, details: { glow: value, reference_density: reference } };
}
