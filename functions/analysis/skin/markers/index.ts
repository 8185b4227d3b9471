/**
 * The markers added in skin-v1.5.0, each measured in its own file: eye bags, uniformness, radiance, age spots,
 * blackheads (docs/markers.md). features.ts calls measureAddedMarkers once per analysis and merges the values.
 */
import type { RegionMasks, RegionName } from '../../types.js';
import type { SkinOutputName } from '../model-spec.js';
import { AGE_SPOTS_REGIONS, measureAgeSpots } from './age-spots.js';
import { BLACKHEADS_REGIONS, measureBlackheads } from './blackheads.js';
import { EYE_BAGS_REGIONS, measureEyeBags } from './eye-bags.js';
import { inputsOf } from './inputs.js';
import { measureRadiance, RADIANCE_REGIONS } from './radiance.js';
import { measureUniformness, UNIFORMNESS_REGIONS } from './uniformness.js';

export const ADDED_MARKERS = ['eye_bags', 'uniformness', 'radiance', 'age_spots', 'blackheads'] as const;
export type AddedMarker = (typeof ADDED_MARKERS)[number];

/** Which regions each added marker is measured in. */
export const ADDED_MARKER_REGIONS: Record<AddedMarker, RegionName[]> = {
  eye_bags: EYE_BAGS_REGIONS,
  uniformness: UNIFORMNESS_REGIONS,
  radiance: RADIANCE_REGIONS,
  age_spots: AGE_SPOTS_REGIONS,
  blackheads: BLACKHEADS_REGIONS,
};

export interface AddedMeasurements {
  values: Record<AddedMarker, number>;
  details: Record<AddedMarker, Record<string, number>>;
}

/**
 * Raw values of the added markers from the skin model's maps and the skin-only region masks, with the glare
 * weighting and minimum region weight of the original markers (features.ts MEASUREMENT.glare, MIN_REGION_PIXELS).
 */
export function measureAddedMarkers(
  maps: Record<SkinOutputName, Float32Array>,
  regions: RegionMasks,
  glare: readonly [number, number],
  minRegionWeight: number,
): AddedMeasurements {
  const inputs = inputsOf(maps, regions, glare, minRegionWeight);
  const measured = {
    eye_bags: measureEyeBags(inputs),
    uniformness: measureUniformness(inputs),
    radiance: measureRadiance(inputs),
    age_spots: measureAgeSpots(inputs),
    blackheads: measureBlackheads(inputs),
  };
  const values = {} as Record<AddedMarker, number>;
  const details = {} as Record<AddedMarker, Record<string, number>>;
  for (const marker of ADDED_MARKERS) {
    values[marker] = measured[marker].value;
    details[marker] = measured[marker].details;
  }
  return { values, details };
}
