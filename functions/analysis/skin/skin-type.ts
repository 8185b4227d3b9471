/**
 * Skin type (oily, dry, combination, normal, and a sensitive-prone flag) from T-zone against U-zone
 * measurements. A description derived from the same measures the markers use, read through the markers' own
 * calibration bands; docs/markers.md ("Skin type") gives the rule and its limits.
 */
import type { RegionMasks, RegionName } from '../types';
import { MEASUREMENT, MIN_REGION_PIXELS, type SkinFeatures } from './features';
import { channel, type SkinMaps } from './model-spec';
import type { SkinManifest } from './manifest';
import type { MarkerName } from './markers';
import { calibrate } from './scoring';
import { smoothstep } from './stats';

/** The four types, in the order the routine profile's skin_type lists them. */
export const SKIN_TYPE_NAMES = ['dry', 'oily', 'combination', 'normal'] as const;
export type SkinTypeName = (typeof SKIN_TYPE_NAMES)[number];

/** The U-zone: cheeks and chin (the T-zone is the oiliness marker's region: forehead bar, glabella, nose). */
export const U_ZONE: readonly RegionName[] = ['left_cheek', 'right_cheek', 'chin'];

/** A measure counts as "present" when its marker's calibration puts it below this score (the moderate band). */
export const PRESENT_BELOW_SCORE = 70;

export interface SkinType {
  type: SkinTypeName;
  /** Diffuse redness of cheeks and nose in the redness marker's moderate or high band. */
  sensitive_prone: boolean;
  /** The measures the rule read (docs/markers.md): raw values in the markers' units. */
  measures: {
    /** % of the T-zone's skin with specular sheen (the oiliness marker's raw value). */
    t_zone_shine: number;
    /** The same measure over the cheeks and chin. */
    u_zone_shine: number;
    /** % of the cheeks with dryness marks: fine crosshatched lines and flakes (the hydration marker's raw value). */
    u_zone_dryness: number;
    /** Cheek and nose haemoglobin above the chin and the under-eye bands, 100·OD (the redness marker's raw value). */
    redness: number;
  };
}

/**
 * The rule: shine present on both zones → oily; on the T-zone only → combination; shine on the cheeks and chin
 * only (unusual; mostly lighting) → oily; no shine but dryness marks on the cheeks → dry; otherwise normal.
 * "Present" is the marker's calibrated score below 70 (oiliness anchors for shine, hydration for dryness).
 * Returns null when the zones hold too little skin to tell.
 *
 * @example
 *   skinTypeOf(features, maps, skinOnly, manifest); // { type: 'combination', sensitive_prone: false, measures: {...} }
 */
export function skinTypeOf(features: SkinFeatures, maps: SkinMaps, regions: RegionMasks, manifest: SkinManifest): SkinType | null {
  const tShine = features.values.oiliness;
  const uShine = zoneShine(maps, regions, U_ZONE);
  const dryness = features.values.hydration;
  const redness = features.values.redness;
  if (![tShine, uShine, dryness].every(Number.isFinite)) return null;
  const present = (marker: MarkerName, value: number) => calibrate(value, manifest.markers[marker].calibration) < PRESENT_BELOW_SCORE;
  const tShiny = present('oiliness', tShine);
  const uShiny = present('oiliness', uShine);
  const dry = present('hydration', dryness);
  const type: SkinTypeName = uShiny ? 'oily' : tShiny ? 'combination' : dry ? 'dry' : 'normal';
  return {
    type,
    sensitive_prone: Number.isFinite(redness) && present('redness', redness),
    measures: {
      t_zone_shine: round2(tShine),
      u_zone_shine: round2(uShine),
      u_zone_dryness: round2(dryness),
      redness: Number.isFinite(redness) ? round2(redness) : 0,
    },
  };
}

/**
 * % of the skin of `names` with sheen, measured exactly as the oiliness marker measures the T-zone (features.ts:
 * the skin model's luminance sheen `specular.sheen`, every pixel, no glare weighting; smoothstep from
 * MEASUREMENT.sheen[0] to [1]). NaN when no region holds MIN_REGION_PIXELS of skin.
 */
export function zoneShine(maps: SkinMaps, regions: RegionMasks, names: readonly RegionName[]): number {
  const sheen = channel(maps, 'specular', 'sheen', regions.size);
  const inZone = new Uint8Array(regions.size * regions.size);
  for (const name of names) {
    const mask = regions.masks[name];
    let pixels = 0;
    for (let i = 0; i < mask.length; i++) pixels += mask[i]!;
    if (pixels < MIN_REGION_PIXELS) continue;
    for (let i = 0; i < mask.length; i++) if (mask[i]) inZone[i] = 1;
  }
  let sum = 0;
  let n = 0;
  for (let i = 0; i < inZone.length; i++) {
    if (!inZone[i]) continue;
    sum += smoothstep(MEASUREMENT.sheen[0], MEASUREMENT.sheen[1], sheen[i]!);
    n++;
  }
  return n === 0 ? Number.NaN : (100 * sum) / n;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
