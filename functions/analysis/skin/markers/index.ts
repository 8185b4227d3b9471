/**
 * The markers added in skin-v1.5.0, each measured in its own file: eye bags, uniformness, radiance, age spots,
 * blackheads (docs/markers.md). features.ts calls measureAddedMarkers once per analysis and merges the values.
 */
import type { RegionMasks, RegionName } from '../../types.js';
import type { SkinOutputName } from '../model-spec.js';
import { AGE_SPOTS_REGIONS, ageSpotsOver, measureAgeSpots } from './age-spots.js';
import { BLACKHEADS_REGIONS, blackheadsOver, measureBlackheads } from './blackheads.js';
import { EYE_BAGS_MEASURED, EYE_BAGS_REGIONS, eyeBagsOver, measureEyeBags } from './eye-bags.js';
import { inputsOf, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';
import { measureRadiance, RADIANCE_MEASURED, RADIANCE_REGIONS, radianceOver } from './radiance.js';
import { measureUniformness, UNIFORMNESS_REGIONS, uniformnessOver } from './uniformness.js';

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

/**
 * The regions each added marker is broken down into (per-region results): those it measures, not those it reads
 * whole for every region (radiance's reference skin; the top of the cheek below each under-eye, which belongs to
 * that eye's bag).
 */
export const ADDED_MARKER_MEASURED: Record<AddedMarker, RegionName[]> = {
  eye_bags: EYE_BAGS_MEASURED,
  uniformness: UNIFORMNESS_REGIONS,
  radiance: RADIANCE_MEASURED,
  age_spots: AGE_SPOTS_REGIONS,
  blackheads: BLACKHEADS_REGIONS,
};

/**
 * Each added marker's measurement over some of its measured regions, on the full maps: what depends on the whole
 * face (the blurs over all its skin, radiance's reference) is prepared once, then any subset of ADDED_MARKER_MEASURED
 * can be read. The whole-face value is this over all of them (measureAddedMarkers).
 */
export const ADDED_MARKER_OVER: Record<AddedMarker, (inputs: MarkerInputs) => (measured: readonly RegionName[]) => MarkerMeasurement> = {
  eye_bags: eyeBagsOver,
  uniformness: uniformnessOver,
  radiance: radianceOver,
  age_spots: ageSpotsOver,
  blackheads: blackheadsOver,
};

export function isAddedMarker(name: string): name is AddedMarker {
  return (ADDED_MARKERS as readonly string[]).includes(name);
}

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
