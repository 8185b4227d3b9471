/**
 * Radiance: the glow of skin that gives back light, against dull, flat skin. Measured on the cheeks (where the
 * cheekbones catch the light) as how much brighter their brightest tenth is than the face's own median skin:
 * the luminance optical density without haemoglobin's part (glowDensity) blurred σ 3 (over skin only, ≈ 2 mm:
 * grain and pores average out), the median over forehead, nose, cheeks and chin minus the cheeks' weighted 10th
 * percentile of it, per cheek, pooled by area. The reference fades glare out and holds the whole face (with the
 * T-zone alone as reference, T-zone shine made the cheeks read duller); the cheeks keep their glare.
 *
 * Without haemoglobin: blood absorbs green light, so flushed cheeks are darker in luminance and read as dull (a
 * painted flush took radiance from 79 to 10; redness scores it). The neutral shading channel alone was tried: added
 * white light also reads as less melanin and haemoglobin there, so a painted glow moved it a third as much. A
 * difference of densities within one face, so skin tone and exposure drop out. The direction of the
 * light does not: a face lit from one side has one bright cheek (docs/markers.md, limitations). Glare is not faded
 * out here (it is light the skin gives back). Higher is more radiant, so this is the one marker whose score
 * rises with its raw value.
 */
import type { RegionName } from '../../types.js';
import { channel, CHROMOPHORE_VECTORS } from '../model-spec.js';
import { denseUnion, type Weighted, weightedMedian, weightedPercentile, weightedPixels } from '../weighted-stats.js';
import { pooledOver, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const RADIANCE = {
  /** σ of the blur (px at S = 256). */
  sigma: 3,
  /** The cheeks' brightest share read: the p-th percentile of their density. */
  percentile: 10,
} as const;

export const RADIANCE_REGIONS: RegionName[] = ['left_cheek', 'right_cheek', 'forehead', 'nose', 'chin'];
/** The regions whose glow is measured (the others are the reference only). */
export const RADIANCE_MEASURED: RegionName[] = ['left_cheek', 'right_cheek'];
const REFERENCE: RegionName[] = ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'];

/**
 * Luminance optical density without the part haemoglobin adds: OD_Y − HAEMOGLOBIN_IN_Y · haemoglobin. One unit
 * of haemoglobin ([0.06, 1, 0.62] per linear R, G, B channel, model-spec.ts) darkens luminance
 * (0.2126 R + 0.7152 G + 0.0722 B) by ≈ 0.77 units.
 */
export function glowDensity(maps: MarkerInputs['maps'], size: number): Float32Array {
  const od = channel(maps, 'indices', 'od', size);
  const haemoglobin = channel(maps, 'chromophores', 'haemoglobin', size);
  const out = new Float32Array(od.length);
  for (let i = 0; i < out.length; i++) out[i] = od[i]! - HAEMOGLOBIN_IN_Y * haemoglobin[i]!;
  return out;
}

const [hr, hg, hb] = CHROMOPHORE_VECTORS.haemoglobin;
const HAEMOGLOBIN_IN_Y = 0.2126 * hr + 0.7152 * hg + 0.0722 * hb;

/**
 * Radiance of some of the cheeks (per-region results: one at a time) against the whole face's reference skin,
 * blurs and reference prepared once.
 */
export function radianceOver(inputs: MarkerInputs): (glowing: readonly RegionName[]) => MarkerMeasurement {
  const { size } = inputs;
  const R = RADIANCE;
  const density = glowDensity(inputs.maps, size);
  const od = inputs.skin.plain.blur.mean(density, R.sigma);
  // The reference skin without its shine (glare-weighted, blurred over glare-weighted skin): T-zone sheen is
  // oiliness, and counted in the reference it made the cheeks read duller.
  const matte = inputs.skin.glare.blur.mean(density, R.sigma);
  const reference = weightedMedian(matte, weightedPixels(denseUnion(inputs, REFERENCE)));
  // Each cheek's glow, once: the whole face pools them, the per-region results read them one at a time.
  const glows = new Map<Weighted, number>();
  const glow = (pixels: Weighted) => {
    let value = glows.get(pixels);
    if (value === undefined) glows.set(pixels, (value = reference - weightedPercentile(od, pixels, R.percentile)));
    return value;
  };
  return (glowing): MarkerMeasurement => {
    if (!Number.isFinite(reference)) return { value: Number.NaN, details: {} };
    const value = pooledOver(inputs, glowing, glow, true);
    return { value, details: { glow: value, reference_density: reference } };
  };
}
