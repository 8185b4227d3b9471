/**
 * fast-check arbitraries for the routine engine's property tests: any profile, and results for any subset of the
 * markers drawn from a given per-marker arbitrary (each test chooses how score and severity relate).
 */
import fc from 'fast-check';
import { MARKER_NAMES, type MarkerName } from '../../functions/analysis/skin/markers';
import type { RoutineProfile } from '../../functions/routines/engine/index';

/** Any routine profile, each field present or absent. */
export const profileArb: fc.Arbitrary<RoutineProfile> = fc.record(
  {
    skin_type: fc.constantFrom('dry', 'oily', 'combination', 'normal'),
    sensitive: fc.boolean(),
    pregnant_or_breastfeeding: fc.boolean(),
    preferences: fc.record({ fragrance_free: fc.boolean(), steps: fc.constantFrom('minimal', 'standard', 'full') }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

/** Results for any subset of the markers, each drawn from `markerArb`. */
export function markersArbOf<T>(markerArb: fc.Arbitrary<T>): fc.Arbitrary<Partial<Record<MarkerName, T>>> {
  return fc.record(Object.fromEntries(MARKER_NAMES.map((m) => [m, markerArb])) as Record<MarkerName, fc.Arbitrary<T>>, { requiredKeys: [] });
}
