/** The version 1 skin markers (DESIGN.md section 3), in catalogue order. */
export const MARKER_NAMES = [
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
