/**
 * Landmark indices of the canonical MediaPipe Face Mesh (468 points). Loops are from MediaPipe's
 * face_mesh_connections.py (FACEMESH_FACE_OVAL, _LEFT_EYE, _RIGHT_EYE, _LEFT_EYEBROW, _RIGHT_EYEBROW,
 * _LIPS), the same lists @vladmandic/human carries in src/face/constants.ts. "Right"/"left" are the
 * subject's: the right eye (33…133) is on the image's left in an unmirrored photo.
 */
export const MESH = {
  count: 468,
  foreheadTop: 10,
  chin: 152,
  noseTip: 1,
  rightEyeOuter: 33,
  leftEyeOuter: 263,
  /** [subject's right, subject's left]: face sides, outer and inner eye corners, mouth corners, temples. */
  symmetricPairs: [
    [234, 454],
    [33, 263],
    [133, 362],
    [61, 291],
    [127, 356],
  ] as [number, number][],
  faceOval: [
    10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136,
    172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
  ],
  rightEye: [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  leftEye: [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
  /** Brow outlines: upper edge outer→inner, then lower edge inner→outer. */
  rightBrow: [70, 63, 105, 66, 107, 55, 65, 52, 53, 46],
  leftBrow: [300, 293, 334, 296, 336, 285, 295, 282, 283, 276],
  lipsOuter: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185],
} as const;
