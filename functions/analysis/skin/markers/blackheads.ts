/**
 * Blackheads (open comedones): dark dots of ≈ 0.5–1.5 mm on the nose, chin and forehead, far darker than a
 * pore. Small components of the skin model's dark-pit map (Hessian pit strength of the relief density, the smaller
 * of its σ 1 and σ 1.6 values since skin-v1.9.0, the map pores are read from) above 3, 1–16 px; each counts from 0 at a peak of 3 to 1 at 4.5, times the glare
 * weight at its centre (full at 4.5, not 6: painted blackheads on deepened skin peak a little lower and counted
 * 0.85 each against 0.97 on the same face untouched). Pores register from 0.3 (full at 0.6) as an area share;
 * ordinary pores and skin grain stay below 2 (JPEG blocking at quality 70 on older skin reaches ≈ 2), so the two
 * markers read different strengths of the same map.
 */
import type { RegionName } from '../../types.js';
import { findBlobs, smoothstep, type Blob } from '../stats.js';
import { channel } from '../model-spec.js';
import { denseUnionScratch } from '../weighted-stats.js';
import { supportOf, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const BLACKHEADS = {
  /** Dark-pit strength where a dot starts to count; full at `strength[1]`. */
  strength: [3, 4.5] as [number, number],
  /** Component area limits (px at S = 256 above the starting strength). */
  area: [1, 16] as [number, number],
} as const;

export const BLACKHEADS_REGIONS: RegionName[] = ['nose', 'chin', 'forehead'];

/** Blackheads in some of its regions (per-region results: one at a time); dots are found inside the regions given. */
export function blackheadsOver(inputs: MarkerInputs): (measured: readonly RegionName[]) => MarkerMeasurement & { spots: Blob[] } {
  return (measured) => dotsIn(inputs, measured);
}

function dotsIn(inputs: MarkerInputs, measured: readonly RegionName[]): MarkerMeasurement & { spots: Blob[] } {
  const { size } = inputs;
  const B = BLACKHEADS;
  const pits = channel(inputs.maps, 'pits', 'dark', size);
  // A reused map: read in this call only (the spots keep numbers, not the map).
  const weights = denseUnionScratch(inputs, measured);
  const support = supportOf(weights);
  // An indexed loop: these run a few times a scan, mostly before V8 optimises them, where iterating the 256² map
  // with for…of took milliseconds.
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i]!;
  if (total === 0) return { value: Number.NaN, details: {}, spots: [] };
  const spots = findBlobs(pits, support, size, B.strength[0], B.area[0], B.area[1]);
  const value = spots.reduce((a, b) => a + weights[Math.round(b.y) * size + Math.round(b.x)]! * smoothstep(B.strength[0], B.strength[1], b.peak), 0);
  return { value, details: { soft_count: value, dots: spots.length }, spots };
}
