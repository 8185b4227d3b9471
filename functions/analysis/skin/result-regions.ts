/**
 * Which regions each marker's result is broken down into (per-region results, lesion regions): the marker's
 * measured regions (features.ts MARKER_REGIONS) without the regions it only compares against, composite regions
 * by their parts. Generic: a marker added to MARKER_REGIONS gets its regions here. The markers added in skin-v1.5.0
 * (skin/markers/) name theirs (ADDED_MARKER_MEASURED): they are measured on the full maps, one region at a time.
 */
import { REGION_NAMES, type RegionName } from '../types';
import { MARKER_REGIONS, REDNESS_REFERENCE_REGIONS } from './features';
import type { MarkerName } from './markers';
import { ADDED_MARKER_MEASURED, isAddedMarker } from './markers/index';

/**
 * The regions results are reported for: the measured regions in their order, the T-zone replaced by its part between
 * the brows, `glabella` (not the forehead, not the nose), which follows the forehead.
 */
export const RESULT_REGION_NAMES = [
  REGION_NAMES[0],
  'glabella',
  ...REGION_NAMES.slice(1).filter((name): name is Exclude<RegionName, 't_zone'> => name !== 't_zone'),
] as const;
export type ResultRegion = (typeof RESULT_REGION_NAMES)[number];

/**
 * Regions a marker compares its measured regions against (features.ts): kept whole when one measured region is
 * isolated. Redness compares cheeks and nose with the chin and the under-eye bands (features.ts
 * REDNESS_REFERENCE_REGIONS); dark circles compare each under-eye with the cheek below it. A new marker with a
 * reference region must be listed here.
 */
export const REFERENCE_REGIONS: Partial<Record<MarkerName, readonly RegionName[]>> = {
  redness: REDNESS_REFERENCE_REGIONS,
  dark_circles: ['left_cheek', 'right_cheek'],
};

/** Composite regions are reported by their parts (the T-zone: its forehead bar, the glabella, the nose). */
const COMPOSITE_PARTS: Partial<Record<RegionName, readonly ResultRegion[]>> = {
  t_zone: ['forehead', 'glabella', 'nose'],
};

/** The regions a marker's result is broken down into; fewer than two means the whole face is the only region. */
export function resultRegionsOf(marker: MarkerName): ResultRegion[] {
  const references = new Set(REFERENCE_REGIONS[marker] ?? []);
  const measured = isAddedMarker(marker) ? ADDED_MARKER_MEASURED[marker] : MARKER_REGIONS[marker].filter((r) => !references.has(r));
  const parts = measured.flatMap((r) => COMPOSITE_PARTS[r] ?? [r as ResultRegion]);
  const unique = [...new Set(parts)];
  return unique.length >= 2 ? unique : [];
}
