import type { RegionName } from '../types';
import { MESH } from './mesh-indices';

/**
 * Skin regions as loops of MediaPipe Face Mesh indices (right/left = the subject's; right_* lies on the
 * image's left in an unmirrored photo). Built from the canonical rows around the eyes (human's
 * facemeshcoords "rightEyeLower1..3" etc.: Lower1 = just under the lashes, Lower3 = over the cheekbone),
 * the face oval, the brow tops and the nasal side walls; edges stay a row inside the oval so a turned
 * head does not bring hair, ears or background into a region.
 */
export const REGION_LANDMARKS: Record<RegionName, number[]> = {
  // Oval top, then down to the brow tops and across the glabella.
  forehead: [54, 103, 67, 109, 10, 338, 297, 332, 284, 301, 300, 293, 334, 296, 336, 9, 107, 66, 105, 63, 70, 71],
  // Bridge between the inner eye corners, side walls, alae, subnasale.
  nose: [168, 351, 419, 399, 456, 420, 360, 279, 294, 327, 326, 2, 97, 98, 64, 49, 131, 198, 236, 174, 196, 122],
  // Between the under-eye band, the nose side, the nasolabial fold and a row inside the jaw line.
  right_cheek: [111, 117, 118, 119, 120, 100, 142, 203, 206, 216, 207, 187, 147, 123, 116],
  left_cheek: [340, 346, 347, 348, 349, 329, 371, 423, 426, 436, 427, 411, 376, 352, 345],
  // Below the lower lip down to just above the chin edge, between the marionette lines.
  chin: [182, 83, 18, 313, 406, 418, 262, 369, 396, 175, 171, 140, 32, 194],
  // Lower1 row (under the lashes) to Lower3 row (over the cheekbone).
  under_eye_right: [130, 25, 110, 24, 23, 22, 26, 112, 243, 244, 128, 121, 120, 119, 118, 117, 111, 31, 226],
  under_eye_left: [359, 255, 339, 254, 253, 252, 256, 341, 463, 464, 357, 350, 349, 348, 347, 346, 340, 261, 446],
  // Lateral to the outer eye corner, out to the temple.
  crows_feet_right: [130, 226, 31, 111, 143, 34, 127, 139, 156, 124, 113],
  crows_feet_left: [359, 446, 261, 340, 372, 264, 356, 368, 383, 353, 342],
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
