/**
 * Eye bags: a puffy lower lid shows as a bulge that catches the light with a shadowed crease below it, where the
 * bag meets the cheek. Measured as how fast the skin gets darker going down across the lower half of the
 * under-eye band and the top of the cheek below it: the steepest downward darkening (luminance optical density,
 * blurred σ 2.5 over skin only) per column, the mean of the columns' middle half (since skin-v1.11.0; the median
 * before), the two sides averaged.
 *
 * Only darkening downward counts. Dark circles (a darker band under the eye, docs/markers.md) get lighter going
 * down at the band's lower edge, and their upper edge (darker going down from the lid) lies outside the zone, so
 * the two markers read different things in the same place.
 */
import type { RegionName } from '../../types.js';
import { channel } from '../model-spec.js';
import { type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const EYE_BAGS = {
  /** σ of the blur before the vertical derivative (px at S = 256): the shadow under a bag is ≈ 4–8 px wide. */
  sigma: 2.5,
  /** Half-span of the central difference (px). */
  step: 3,
  /** The zone runs from this share of the band's height below its top edge… */
  zoneTop: 0.5,
  /** …to this many band heights below its lower edge (the top of the cheek). */
  zoneBelow: 0.75,
  /** Columns with fewer zone pixels than this (summed glare weight) are left out. */
  minColumnWeight: 4,
  /** A side needs at least this many measurable columns. */
  minColumns: 8,
} as const;

export const EYE_BAGS_REGIONS: RegionName[] = ['under_eye_left', 'under_eye_right', 'left_cheek', 'right_cheek'];

/** Each side's under-eye band (what a side is reported as) and the cheek whose top the zone runs into. */
const SIDES = [
  ['under_eye_left', 'left_cheek'],
  ['under_eye_right', 'right_cheek'],
] as const;

/** The regions eye bags are measured and reported in: each under-eye band, with the top of the cheek below it. */
export const EYE_BAGS_MEASURED: RegionName[] = SIDES.map(([eye]) => eye);

/** Eye bags of some sides (per-region results: one under-eye at a time), the blur prepared once over the face's skin. */
export function eyeBagsOver(inputs: MarkerInputs): (eyes: readonly RegionName[]) => MarkerMeasurement {
  const { size } = inputs;
  const od = channel(inputs.maps, 'indices', 'od', size);
  const smooth = inputs.skin.glare.blur.mean(od, EYE_BAGS.sigma);
  // Each side's slope, once: the whole face averages the sides, the per-region results read one at a time.
  const slopes = new Map<(typeof SIDES)[number], number | null>();
  const slopeOf = (side: (typeof SIDES)[number]) => {
    let slope = slopes.get(side);
    if (slope === undefined) slopes.set(side, (slope = creaseSlope(inputs, smooth, side)));
    return slope;
  };
  return (eyes) => {
    const perSide: number[] = [];
    const details: Record<string, number> = {};
    for (const side of SIDES) {
      if (!eyes.includes(side[0])) continue;
      const slope = slopeOf(side);
      if (slope === null) continue;
      details[`${side[0]}_slope`] = slope;
      perSide.push(slope);
    }
    const value = perSide.length === 0 ? Number.NaN : perSide.reduce((a, b) => a + b, 0) / perSide.length;
    return { value, details: { ...details, crease_slope: value, sides: perSide.length } };
  };
}

/** One side's steepest downward darkening, the median over its columns; null when the side cannot be measured. */
function creaseSlope(inputs: MarkerInputs, smooth: Float32Array, [eye, cheek]: (typeof SIDES)[number]): number | null {
  const { size, regions, glare } = inputs;
  const E = EYE_BAGS;
  if (!inputs.usable.has(eye)) return null;
  const band = regions.masks[eye];
  const below = regions.masks[cheek];
  const columns: number[] = [];
  for (let x = 0; x < size; x++) {
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < size; y++) if (band[y * size + x]) ((top = top < 0 ? y : top), (bottom = y));
    if (top < 0) continue;
    const height = bottom - top + 1;
    const from = Math.round(top + E.zoneTop * height);
    const to = Math.min(size - 1 - E.step, Math.round(bottom + E.zoneBelow * height));
    let weight = 0;
    let steepest = Number.NEGATIVE_INFINITY;
    for (let y = Math.max(from, E.step); y <= to; y++) {
      const i = y * size + x;
      if (!band[i] && !below[i]) continue;
      const down = smooth[i + E.step * size]!;
      const up = smooth[i - E.step * size]!;
      if (!Number.isFinite(down) || !Number.isFinite(up)) continue;
      weight += glare[i]!;
      const slope = (glare[i]! * (down - up)) / (2 * E.step);
      if (slope > steepest) steepest = slope;
    }
    if (weight >= E.minColumnWeight) columns.push(Math.max(0, steepest));
  }
  if (columns.length < E.minColumns) return null;
  return interquartileMean(columns);
}

/**
 * The mean of the middle half of the values (the 25th to 75th percentile). The columns' slopes spread widely (the
 * inner columns, beside the nose, get lighter going down and read 0; the outer ones 1–4 on a baggy eye), so the median
 * is a single column where few lie: a re-save that moved every column's slope by 0.1–0.2 or the band's ends by a
 * column moved it by up to 0.38 (walter2 at quality 70, 6 points). The middle half's mean keeps the median's
 * indifference to the outer columns and averages over the rest (docs/analysis.md, Consistency, root cause 19).
 */
function interquartileMean(values: number[]): number {
  values.sort((a, b) => a - b);
  const from = Math.floor(values.length * 0.25);
  const to = Math.ceil(values.length * 0.75);
  let sum = 0;
  for (let k = from; k < to; k++) sum += values[k]!;
  return sum / (to - from);
}
