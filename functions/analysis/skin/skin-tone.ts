/**
 * Skin tone as a description, never a score: the individual typology angle (ITA°) of the face skin's median
 * CIELAB colour, its category, and the hue angle. docs/markers.md ("Skin tone") says how it is used: fairness
 * reporting across tones, and routine choice (sun-protection advice).
 */
import type { SkinBaseline } from './features';

/**
 * ITA° categories (Chardon, Cretois and Hourseau 1991, Int J Cosmet Sci 13:191; as used by Del Bino and Bernerd
 * 2013, Br J Dermatol 169 Suppl 3:33): each holds ITA° above its lower bound and up to the next category's.
 */
export const SKIN_TONE_CATEGORIES = [
  { category: 'very_light', above: 55 },
  { category: 'light', above: 41 },
  { category: 'intermediate', above: 28 },
  { category: 'tan', above: 10 },
  { category: 'brown', above: -30 },
  { category: 'dark', above: Number.NEGATIVE_INFINITY },
] as const;

export type SkinToneCategory = (typeof SKIN_TONE_CATEGORIES)[number]['category'];
export const SKIN_TONE_CATEGORY_NAMES = SKIN_TONE_CATEGORIES.map((c) => c.category) as SkinToneCategory[];

export interface SkinTone {
  /** Individual typology angle, degrees: arctan((L* − 50) / b*) · 180 / π. Higher is lighter skin. */
  ita: number;
  category: SkinToneCategory;
  /** CIELAB hue angle h_ab = atan2(b*, a*), degrees (≈ 30–85 for skin of every tone). */
  hue_angle: number;
  /** The median face-skin colour the angles are computed from (CIELAB, D65). */
  lab: { l: number; a: number; b: number };
}

/** ITA° from L* and b*. atan2 equals arctan((L* − 50) / b*) for every skin colour (b* > 0) and stays finite at b* = 0. */
export function itaDegrees(lightness: number, b: number): number {
  return (Math.atan2(lightness - 50, b) * 180) / Math.PI;
}

/** CIELAB hue angle in degrees, 0 to 360. */
export function hueAngleDegrees(a: number, b: number): number {
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

/** The category an ITA° falls in (boundaries belong to the darker category: 55° is light, 41° intermediate). */
export function skinToneCategory(ita: number): SkinToneCategory {
  return SKIN_TONE_CATEGORIES.find((c) => ita > c.above)!.category;
}

/**
 * The skin tone of a face from the medians reduceFeatures found over its skin (forehead, nose, cheeks, chin,
 * glare-weighted). Rounded to 0.1.
 *
 * @example
 *   skinToneOf({ L: 72.1, a: 4.7, b: 16.6, ... }); // { ita: 53.1, category: 'light', hue_angle: 74.1, lab: {...} }
 */
export function skinToneOf(baseline: Pick<SkinBaseline, 'L' | 'a' | 'b'>): SkinTone {
  // The category follows the reported (rounded) angle, so a client reading 55.0 never sees very_light.
  const ita = round1(itaDegrees(baseline.L, baseline.b));
  return {
    ita,
    category: skinToneCategory(ita),
    hue_angle: round1(hueAngleDegrees(baseline.a, baseline.b)),
    lab: { l: round1(baseline.L), a: round1(baseline.a), b: round1(baseline.b) },
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
