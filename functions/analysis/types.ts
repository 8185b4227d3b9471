/** Decoded pixels, RGB interleaved, 8 bits per channel, row-major, top-left origin. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Axis-aligned box in pixel coordinates of the image it was found in. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Facial regions the skin is measured in (DESIGN.md section 5). */
export const REGION_NAMES = [
  'forehead',
  'nose',
  'left_cheek',
  'right_cheek',
  'chin',
  'under_eye_left',
  'under_eye_right',
  'crows_feet_left',
  'crows_feet_right',
  't_zone',
] as const;
export type RegionName = (typeof REGION_NAMES)[number];

/** One binary mask per region over a square crop of side `size`; 1 = skin of that region. */
export interface RegionMasks {
  size: number;
  masks: Record<RegionName, Uint8Array>;
}
