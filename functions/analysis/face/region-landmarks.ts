import type { RegionName } from '../types';
import { MESH } from './mesh-indices';

/**
 * A polygon vertex: a landmark index, or a point on the line through two landmarks, [a, b, t] = a + t·(b − a)
 * (t < 0 lies beyond a, away from b).
 */
export type RegionVertex = number | [number, number, number];

/** Lower2 row under each eye (about 0.17 interocular distances below the eye centre) and Lower3 under it (≈ 0.28). */
const LOWER2_RIGHT = [228, 229, 230, 231, 232, 233];
const LOWER3_RIGHT = [117, 118, 119, 120, 121, 128];
const LOWER2_LEFT = [448, 449, 450, 451, 452, 453];
const LOWER3_LEFT = [346, 347, 348, 349, 350, 357];
/** Beyond Lower3 by this share of the Lower2→Lower3 step: the under-eye band's lower edge and the cheek's upper edge. */
const BELOW_LOWER3 = -0.5;
const underEyeBottom = (lower2: number[], lower3: number[]): RegionVertex[] =>
  lower3.map((p, i) => [p, lower2[i]!, BELOW_LOWER3] as [number, number, number]);

/**
 * Skin regions as loops of MediaPipe Face Mesh indices (right/left = the subject's; right_* lies on the
 * image's left in an unmirrored photo). Built from the canonical rows around the eyes (human's
 * facemeshcoords "rightEyeLower1..3" etc.: Lower1 = just under the lashes, Lower3 = over the cheekbone),
 * the face oval, the brow tops and the nasal side walls; edges stay a row inside the oval so a turned
 * head does not bring hair, ears or background into a region.
 *
 * The eye-area regions follow the geometry the skin model was calibrated on (docs/markers.md, "Fallback
 * regions"): the under-eye band runs from the Lower2 row to half a row below Lower3 (0.17–0.35 interocular
 * distances below the eye centre; the fallback's band is 0.20–0.37), not from the lash line, whose lashes,
 * eyeliner and lid shadow are not under-eye skin; the crow's feet start a quarter of the way from the outer eye
 * corner to the face's edge (past eyeliner wings) and stop short of the edge (hair, background).
 */
export const REGION_LANDMARKS: Record<RegionName, RegionVertex[]> = {
  // Oval top, then down to the brow tops and across the glabella.
  forehead: [54, 103, 67, 109, 10, 338, 297, 332, 284, 301, 300, 293, 334, 296, 336, 9, 107, 66, 105, 63, 70, 71],
  // Bridge between the inner eye corners, side walls, alae, subnasale.
  nose: [168, 351, 419, 399, 456, 420, 360, 279, 294, 327, 326, 2, 97, 98, 64, 49, 131, 198, 236, 174, 196, 122],
  // Between the under-eye band, the nose side, the nasolabial fold and a row inside the jaw line.
  right_cheek: [[111, 31, BELOW_LOWER3], ...underEyeBottom(LOWER2_RIGHT, LOWER3_RIGHT).slice(0, 4), 100, 142, 203, 206, 216, 207, 187, 147, 123, 116],
  left_cheek: [[340, 261, BELOW_LOWER3], ...underEyeBottom(LOWER2_LEFT, LOWER3_LEFT).slice(0, 4), 329, 371, 423, 426, 436, 427, 411, 376, 352, 345],
  // Below the lower lip down to just above the chin edge, between the marionette lines.
  chin: [182, 83, 18, 313, 406, 418, 262, 369, 396, 175, 171, 140, 32, 194],
  // Lower2 row, then back along the band's lower edge.
  under_eye_right: [...LOWER2_RIGHT, ...underEyeBottom(LOWER2_RIGHT, LOWER3_RIGHT).reverse()],
  under_eye_left: [...LOWER2_LEFT, ...underEyeBottom(LOWER2_LEFT, LOWER3_LEFT).reverse()],
  // Lateral to the outer eye corner, out to 85 % of the way to the temple, brow tail to cheekbone.
  crows_feet_right: [[130, 127, 0.25], [113, 139, 0.2], 124, [139, 130, 0.15], [127, 130, 0.15], [34, 130, 0.15], [111, 31, BELOW_LOWER3], [31, 127, 0.15]],
  crows_feet_left: [[359, 356, 0.25], [342, 368, 0.2], 353, [368, 359, 0.15], [356, 359, 0.15], [264, 359, 0.15], [340, 261, BELOW_LOWER3], [261, 356, 0.15]],
  // Forehead bar between the mid-pupil lines, glabella, and the nose.
  t_zone: [
    103, 67, 109, 10, 338, 297, 332, 333, 334, 296, 336, 285, 417, 351, 419, 399, 456, 420, 360, 279, 294, 327, 326, 2,
    97, 98, 64, 49, 131, 198, 236, 174, 196, 122, 193, 55, 107, 66, 105, 104,
  ],
};

/** Never skin: removed from every region mask. Eyes are taken with lids and lashes (Upper1/Lower1 rows). */
export const EXCLUSION_LANDMARKS = {
  right_eye: [130, 247, 30, 29, 27, 28, 56, 190, 243, 112, 26, 22, 23, 24, 110, 25],
  left_eye: [359, 467, 260, 259, 257, 258, 286, 414, 463, 341, 256, 252, 253, 254, 339, 255],
  right_brow: [...MESH.rightBrow],
  left_brow: [...MESH.leftBrow],
  lips: [...MESH.lipsOuter],
};

export type ExclusionName = keyof typeof EXCLUSION_LANDMARKS;
