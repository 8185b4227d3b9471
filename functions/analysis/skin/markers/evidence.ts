/**
 * Overlay evidence for the markers added in skin-v1.5.0 (overlay-evidence.ts does the version 1 markers): the map
 * each value is read from, 0 where a pixel starts to count and 255 where it counts fully, inside the marker's
 * regions (`inside`). Nothing here changes a score.
 */
import { channel, type SkinOutputName } from '../model-spec.js';
import { ramp } from '../evidence-ramp.js';
import { kthSmallest } from '../stats.js';
import { markMasked, maskPixels } from '../mask-words.js';
import { AGE_SPOTS } from './age-spots.js';
import { BLACKHEADS, blackheadPits } from './blackheads.js';
import { blurOver, type SkinBlur } from './blur.js';
import { EYE_BAGS } from './eye-bags.js';
import type { AddedMarker } from './index.js';
import { glowDensity, RADIANCE } from './radiance.js';
import { UNIFORMNESS } from './uniformness.js';

/** Downward darkening (100·OD per px) shown from this value, full at twice it. */
const EYE_BAG_SLOPE_SHOWN = 0.8;
/** Distance of blurred melanin + haemoglobin from its median in the regions (100·OD) shown from 1.5, full at 5. */
const TONE_SHOWN: [number, number] = [1.5, 5];
/** Glow (100·OD brighter than the median skin) shown from 2, full at 8. */
const GLOW_SHOWN: [number, number] = [2, 8];

export function addedMarkerEvidence(marker: AddedMarker, maps: Record<SkinOutputName, Float32Array>, inside: Uint8Array, size: number): Uint8Array {
  if (marker === 'blackheads') return ramp(blackheadPits(maps, size), inside, BLACKHEADS.strength[0], BLACKHEADS.strength[1]);
  // Each marker in a function of its own, its loops in functions of the module: optimised code that inlined the
  // blur made for one call was thrown away each scan when that blur was collected ("weak objects").
  const blur = blurFor(inside, size);
  // The regions' pixel list, walked by every step below (ascending, as a whole-mask loop visits them).
  const pixels = maskPixels(inside);
  switch (marker) {
    case 'eye_bags':
      return ramp(downwardSlope(blur.mean(channel(maps, 'indices', 'od', size), EYE_BAGS.sigma), pixels, size, EYE_BAGS.step), inside, EYE_BAG_SLOPE_SHOWN, 2 * EYE_BAG_SLOPE_SHOWN, pixels);
    case 'uniformness': {
      const [tone, haemoglobin] = blur.means([channel(maps, 'chromophores', 'melanin', size), channel(maps, 'chromophores', 'haemoglobin', size)], UNIFORMNESS.sigma) as [Float32Array, Float32Array];
      combineInto(tone, haemoglobin, 1, pixels);
      return ramp(fromValue(tone, medianInside(tone, pixels), true, pixels), inside, TONE_SHOWN[0], TONE_SHOWN[1], pixels);
    }
    case 'radiance': {
      // Skin brighter than the regions' own median (the reference the value uses is that of forehead, nose, chin).
      const od = blur.mean(glowDensity(maps, size), RADIANCE.sigma);
      return ramp(fromValue(od, medianInside(od, pixels), false, pixels), inside, GLOW_SHOWN[0], GLOW_SHOWN[1], pixels);
    }
    case 'age_spots': {
      const melanin = channel(maps, 'chromophores', 'melanin', size);
      const contrast = blur.mean(melanin, AGE_SPOTS.sigma);
      combineInto(contrast, blur.mean(melanin, AGE_SPOTS.surroundSigma), -1, pixels);
      return ramp(contrast, inside, AGE_SPOTS.contrast[0], AGE_SPOTS.contrast[1], pixels);
    }
  }
}

/**
 * One blur per support: uniformness and age spots read the same regions, so the same `inside`, and share its weight
 * map and support rectangle (the blurs of each map are the same computation either way). Held no longer than the
 * scan's union masks.
 */
const blurs = new WeakMap<Uint8Array, SkinBlur>();

function blurFor(inside: Uint8Array, size: number): SkinBlur {
  let blur = blurs.get(inside);
  if (!blur) blurs.set(inside, (blur = blurOver(weightsOf(inside), size)));
  return blur;
}

/** The union mask as blur weights: 1 inside (its bytes are 0 or 1, markMasked), 0 elsewhere; zero mask words skipped. */
function weightsOf(inside: Uint8Array): Float32Array {
  const weights = new Float32Array(inside.length);
  markMasked(weights, inside);
  return weights;
}

// The maps below are read at the pixels inside only (by medianInside and ramp), so each step computes those alone,
// through the regions' pixel list; the values there are the ones the whole-map loops gave.

/**
 * How much darker the map gets `step` pixels down than `step` up, per pixel, at the pixels inside; 0 in the top and
 * bottom `step` rows (and outside).
 */
function downwardSlope(smooth: Float32Array, pixels: Uint32Array, size: number, step: number): Float32Array {
  const slope = new Float32Array(smooth.length);
  const from = step * size;
  const to = smooth.length - step * size;
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k]!;
    if (i >= from && i < to) slope[i] = (smooth[i + from]! - smooth[i - from]!) / (2 * step);
  }
  return slope;
}

/** a + b (sign 1) or a − b (sign −1) into a, at the pixels inside. */
function combineInto(a: Float32Array, b: Float32Array, sign: 1 | -1, pixels: Uint32Array): void {
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k]!;
    a[i] = sign === 1 ? a[i]! + b[i]! : a[i]! - b[i]!;
  }
}

/** |map − value| (distance) or value − map (not), in place at the pixels inside. */
function fromValue(map: Float32Array, value: number, distance: boolean, pixels: Uint32Array): Float32Array {
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k]!;
    map[i] = distance ? Math.abs(map[i]! - value) : value - map[i]!;
  }
  return map;
}

/**
 * The upper median of `map` inside, 0 when nothing is: the value an (a, b) => a − b comparator sort puts there, found
 * by selection (linear time; a −0 and a 0 may trade places, which no evidence pixel tells apart). With a NaN among
 * them that comparator's order is the engine's: then it is the one used.
 */
function medianInside(map: Float32Array, pixels: Uint32Array): number {
  const count = pixels.length;
  const values = new Float32Array(count);
  let nan = false;
  for (let k = 0; k < count; k++) {
    values[k] = map[pixels[k]!]!;
    if (Number.isNaN(values[k]!)) nan = true;
  }
  if (count === 0) return 0;
  if (nan) return [...values].sort((a, b) => a - b)[count >> 1]!;
  return kthSmallest(values, count >> 1);
}
