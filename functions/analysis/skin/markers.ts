/**
 * The nine version 1 skin markers (DESIGN.md section 3). They, and only they, make up the skin score
 * (docs/markers.md, "Skin score").
 */
export const SKIN_SCORE_MARKERS = [
  'acne',
  'pigmentation',
  'hydration',
  'redness',
  'wrinkles',
  'pores',
  'oiliness',
  'dark_circles',
  'texture',
] as const;

/**
 * Every skin marker in catalogue order: the version 1 markers, then those added in skin-v1.5.0 (measured in
 * skin/markers/, docs/markers.md).
 */
export const MARKER_NAMES = [...SKIN_SCORE_MARKERS, 'eye_bags', 'uniformness', 'radiance', 'age_spots', 'blackheads'] as const;

export type MarkerName = (typeof MARKER_NAMES)[number];

export function isMarkerName(value: string): value is MarkerName {
  return (MARKER_NAMES as readonly string[]).includes(value);
}

export type Severity = 'low' | 'moderate' | 'high';

export interface MarkerResult {
  /** Integer 0..100, higher is healthier skin. */
  score: number;
  severity: Severity;
}
