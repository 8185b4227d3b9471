/**
 * The markers added in skin-v1.5.0, each measured in its own file: eye bags, uniformness, radiance, age spots,
 * blackheads (docs/markers.md). features.ts calls measureAddedMarkers once per analysis and merges the values.
 */
import type { RegionMasks, RegionName } from '../../types.js';
import type { SkinOutputName } from '../model-spec.js';
import { AGE_SPOTS_REGIONS, ageSpotsOver } from './age-spots.js';
import { BLACKHEADS_REGIONS, blackheadsOver } from './blackheads.js';
import { EYE_BAGS_MEASURED, EYE_BAGS_REGIONS, eyeBagsOver } from './eye-bags.js';
import { inputsOf, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';
import { RADIANCE_MEASURED, RADIANCE_REGIONS, radianceOver } from './radiance.js';
import { UNIFORMNESS_REGIONS, uniformnessOver } from './uniformness.js';

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
const ADDED_MARKER_OVER: Record<AddedMarker, (inputs: MarkerInputs) => MeasureOver> = {
  eye_bags: eyeBagsOver,
  uniformness: uniformnessOver,
  radiance: radianceOver,
  age_spots: ageSpotsOver,
  blackheads: blackheadsOver,
};

export function isAddedMarker(name: string): name is AddedMarker {
  return (ADDED_MARKERS as readonly string[]).includes(name);
}

/** A marker's measurement over some of its measured regions (ADDED_MARKER_MEASURED). */
type MeasureOver = (measured: readonly RegionName[]) => MarkerMeasurement;

type SkinMaps = Record<SkinOutputName, Float32Array>;

interface Prepared {
  regions: RegionMasks;
  glare: readonly [number, number];
  minRegionWeight: number;
  inputs: MarkerInputs;
  over: Partial<Record<AddedMarker, MeasureOver>>;
}

/** Per maps (a new object per skin model run): what the added markers prepared over them. Dropped with the maps. */
const PREPARED = new WeakMap<SkinMaps, Prepared>();

/**
 * Each added marker's measurement over any of its measured regions, prepared once per scan: the whole-face values
 * (measureAddedMarkers, from features.ts) and the per-region results (region-results.ts) read the same maps and
 * masks, so what depends on the whole face (the inputs, the blurs, radiance's reference) is computed once and
 * shared. Prepared again when other masks or settings come with the same maps.
 */
export function addedMarkerMeasures(maps: SkinMaps, regions: RegionMasks, glare: readonly [number, number], minRegionWeight: number): (marker: AddedMarker) => MeasureOver {
  let prepared = PREPARED.get(maps);
  if (!prepared || prepared.regions !== regions || prepared.glare[0] !== glare[0] || prepared.glare[1] !== glare[1] || prepared.minRegionWeight !== minRegionWeight) {
    prepared = { regions, glare, minRegionWeight, inputs: inputsOf(maps, regions, glare, minRegionWeight), over: {} };
    PREPARED.set(maps, prepared);
  }
  const { inputs, over } = prepared;
  return (marker) => (over[marker] ??= ADDED_MARKER_OVER[marker](inputs));
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
  const measures = addedMarkerMeasures(maps, regions, glare, minRegionWeight);
  const values = {} as Record<AddedMarker, number>;
  const details = {} as Record<AddedMarker, Record<string, number>>;
  for (const marker of ADDED_MARKERS) {
    const measured = measures(marker)(ADDED_MARKER_MEASURED[marker]);
    values[marker] = measured.value;
    details[marker] = measured.details;
  }
  return { values, details };
}
