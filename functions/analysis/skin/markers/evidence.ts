/**
 * Overlay evidence for the markers added in skin-v1.5.0 (overlay-evidence.ts does the version 1 markers): the map
 * each value is read from, 0 where a pixel starts to count and 255 where it counts fully, inside the marker's
 * regions (`inside`). Nothing here changes a score.
 */
import type { SkinOutputName } from '../model-spec.js';
import { ramp } from '../evidence-ramp.js';
import { kthSmallest } from '../stats.js';
import { AGE_SPOTS } from './age-spots.js';
import { BLACKHEADS } from './blackheads.js';
import { blurOver } from './blur.js';
import { EYE_BAGS } from './eye-bags.js';
import type { AddedMarker } from './index.js';
import { channelOf } from './inputs.js';
import { glowDensity, RADIANCE } from './radiance.js';
import { UNIFORMNESS } from './uniformness.js';

/** Downward darkening (100·OD per px) shown from this value, full at twice it. */
const EYE_BAG_SLOPE_SHOWN = 0.8;
/** Distance of blurred melanin + haemoglobin from its median in the regions (100·OD) shown from 1.5, full at 5. */
const TONE_SHOWN: [number, number] = [1.5, 5];
/** Glow (100·OD brighter than the median skin) shown from 2, full at 8. */
const GLOW_SHOWN: [number, number] = [2, 8];

export function addedMarkerEvidence(marker: AddedMarker, maps: Record<SkinOutputName, Float32Array>, inside: Uint8Array, size: number): Uint8Array {
  const map = (output: SkinOutputName, name: string) => channelOf(maps, output, name, size);
  if (marker === 'blackheads') return ramp(map('pits', 'dark'), inside, BLACKHEADS.strength[0], BLACKHEADS.strength[1]);
  const skin = new Float32Array(inside.length);
  for (let i = 0; i < skin.length; i++) skin[i] = inside[i]!;
  const blur = blurOver(skin, size);
  switch (marker) {
    case 'eye_bags': {
      const smooth = blur.mean(map('indices', 'od'), EYE_BAGS.sigma);
      const s = EYE_BAGS.step;
      const slope = new Float32Array(smooth.length);
      for (let i = s * size; i < smooth.length - s * size; i++) slope[i] = (smooth[i + s * size]! - smooth[i - s * size]!) / (2 * s);
      return ramp(slope, inside, EYE_BAG_SLOPE_SHOWN, 2 * EYE_BAG_SLOPE_SHOWN);
    }
    case 'uniformness': {
      const [tone, h] = blur.means([map('chromophores', 'melanin'), map('chromophores', 'haemoglobin')], UNIFORMNESS.sigma) as [Float32Array, Float32Array];
      for (let i = 0; i < tone.length; i++) tone[i] = tone[i]! + h[i]!;
      const median = medianInside(tone, inside);
      for (let i = 0; i < tone.length; i++) tone[i] = Math.abs(tone[i]! - median);
      return ramp(tone, inside, TONE_SHOWN[0], TONE_SHOWN[1]);
    }
    case 'radiance': {
      // Skin brighter than the regions' own median (the reference the value uses is that of forehead, nose, chin).
      const od = blur.mean(glowDensity(maps, size), RADIANCE.sigma);
      const median = medianInside(od, inside);
      for (let i = 0; i < od.length; i++) od[i] = median - od[i]!;
      return ramp(od, inside, GLOW_SHOWN[0], GLOW_SHOWN[1]);
    }
    case 'age_spots': {
      const melanin = map('chromophores', 'melanin');
      const contrast = blur.mean(melanin, AGE_SPOTS.sigma);
      const around = blur.mean(melanin, AGE_SPOTS.surroundSigma);
      for (let i = 0; i < contrast.length; i++) contrast[i] = contrast[i]! - around[i]!;
      return ramp(contrast, inside, AGE_SPOTS.contrast[0], AGE_SPOTS.contrast[1]);
    }
  }
}

/**
 * The upper median of `map` inside, 0 when nothing is: the value an (a, b) => a − b comparator sort puts there, found
 * by selection (linear time; a −0 and a 0 may trade places, which no evidence pixel tells apart). With a NaN among
 * them that comparator's order is the engine's: then it is the one used.
 */
function medianInside(map: Float32Array, inside: Uint8Array): number {

  let count = 0;
  for (let i = 0; i < map.length; i++) if (inside[i]) count++;
  const values = new Float32Array(count);
  let k = 0;
  let nan = false;
  for (let i = 0; i < map.length; i++) {
    if (!inside[i]) continue;
    values[k++] = map[i]!;
    if (Number.isNaN(map[i]!)) nan = true;
  }
  if (count === 0) return 0;
  if (nan) return [...values].sort((a, b) => a - b)[count >> 1]!;
  return kthSmallest(values, count >> 1);
}
