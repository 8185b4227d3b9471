/**
 * Overlay evidence for the markers added in skin-v1.5.0 (overlay-evidence.ts does the version 1 markers): the map
 * each value is read from, 0 where a pixel starts to count and 255 where it counts fully, inside the marker's
 * regions (`inside`). Nothing here changes a score.
 */
import type { SkinOutputName } from '../model-spec.js';
import { ramp } from '../evidence-ramp.js';
import { AGE_SPOTS } from './age-spots.js';
import { BLACKHEADS } from './blackheads.js';
import { normalisedBlur } from './blur.js';
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
  const skin = Float32Array.from(inside);
  const map = (output: SkinOutputName, name: string) => channelOf(maps, output, name, size);
  switch (marker) {
    case 'eye_bags': {
      const smooth = normalisedBlur(map('indices', 'od'), skin, size, EYE_BAGS.sigma);
      const s = EYE_BAGS.step;
      const slope = new Float32Array(smooth.length);
      for (let i = s * size; i < smooth.length - s * size; i++) slope[i] = (smooth[i + s * size]! - smooth[i - s * size]!) / (2 * s);
      return ramp(slope, inside, EYE_BAG_SLOPE_SHOWN, 2 * EYE_BAG_SLOPE_SHOWN);
    }
    case 'uniformness': {
      const tone = new Float32Array(size * size);
      const m = normalisedBlur(map('chromophores', 'melanin'), skin, size, UNIFORMNESS.sigma);
      const h = normalisedBlur(map('chromophores', 'haemoglobin'), skin, size, UNIFORMNESS.sigma);
      for (let i = 0; i < tone.length; i++) tone[i] = m[i]! + h[i]!;
      const values = [...tone.filter((_, i) => inside[i])].sort((a, b) => a - b);
      const median = values.length ? values[values.length >> 1]! : 0;
      for (let i = 0; i < tone.length; i++) tone[i] = Math.abs(tone[i]! - median);
      return ramp(tone, inside, TONE_SHOWN[0], TONE_SHOWN[1]);
    }
    case 'radiance': {
      // Skin brighter than the regions' own median (the reference the value uses is that of forehead, nose, chin).
      const od = normalisedBlur(glowDensity(maps, size), skin, size, RADIANCE.sigma);
      const values = [...od.filter((_, i) => inside[i])].sort((a, b) => a - b);
      const median = values.length ? values[values.length >> 1]! : 0;
      return ramp(Float32Array.from(od, (v) => median - v), inside, GLOW_SHOWN[0], GLOW_SHOWN[1]);
    }
    case 'age_spots': {
      const melanin = map('chromophores', 'melanin');
      const near = normalisedBlur(melanin, skin, size, AGE_SPOTS.sigma);
      const around = normalisedBlur(melanin, skin, size, AGE_SPOTS.surroundSigma);
      const contrast = new Float32Array(melanin.length);
      for (let i = 0; i < contrast.length; i++) contrast[i] = near[i]! - around[i]!;
      return ramp(contrast, inside, AGE_SPOTS.contrast[0], AGE_SPOTS.contrast[1]);
    }
    case 'blackheads':
      return ramp(map('pits', 'dark'), inside, BLACKHEADS.strength[0], BLACKHEADS.strength[1]);
  }
}

