/**
 * The photo checks (DESIGN.md section 3, "Images") and their limits. Each scan reports every measured value
 * beside its threshold in `quality`, so a client can tell a user what to change.
 */
export const QUALITY_THRESHOLDS = {
  /** Detector score below which a box is not considered a face candidate. */
  detectorScore: 0.6,
  /** Face Mesh face-presence below which a candidate is not a face (it rejects cats and cups the detector likes). */
  meshConfidence: 0.5,
  /** The largest face must have at least this many times the area of the next one to be analysed alone. */
  dominance: 2,
  /**
   * A detector box sharing at least this share of its own area with a face already confirmed is the same face
   * found again (the detector's overlap merge, MediaPipe's IoU 0.3, misses a box around part of a large face in a
   * tightly cropped portrait: measured 72–79 % inside the first). Two people's faces side by side share none;
   * one half hidden behind the other is not a photo of one face either way.
   */
  sameFaceOverlap: 0.5,
  /** Shorter side of the face box, in pixels of the upload. */
  minFacePixels: 100,
  /**
   * Share of the face's measured skin (the regions' union) that lies inside the photo. Past the edges the crop
   * repeats the edge pixels: made-up skin, so those pixels are never measured, and a face with more than a
   * quarter of its skin outside the photo is refused (tight portrait crops cut at the hairline and chin keep
   * 81–97 %; cut 20 px more, 65–75 %).
   */
  minFaceInPhoto: 0.75,
  /** Absolute yaw or pitch above this is not frontal, in degrees. */
  maxYawDegrees: 30,
  maxPitchDegrees: 35,
  /** Median L* (CIELAB lightness, 0–100) of the face's skin. */
  minSkinLightness: 22,
  maxSkinLightness: 92,
  /** Share of skin pixels with a channel at 250 or more (blown highlights). */
  maxClippedFraction: 0.2,
  /** Variance of the Laplacian of the aligned 256-px face crop's luma. */
  minSharpness: 12,
  /** Lid gap over eye width of the less open eye (face/expression.ts): open eyes ≈ 0.25–0.45, squinting ≈ 0.2. */
  minEyeOpenness: 0.12,
  /** Mouth width over the outer eye-corner distance: ≈ 0.5–0.65 at rest, 0.8 and more in a broad smile. */
  maxMouthWidth: 0.75,
  /**
   * A laugh: the mouth wider than `laughMouthWidth` (the top of the resting range, 0.48–0.66 on the demo faces) and
   * its lips apart by more than `maxLaughLipGap` of its width (talking and smiling with the teeth showing: under
   * 0.18). Either alone is an ordinary face: a wide closed smile, or an open mouth at rest width (a laughing demo face
   * with its mouth at 0.66 is scored).
   */
  laughMouthWidth: 0.68,
  maxLaughLipGap: 0.18,
  /** 99th percentile of CIELAB chroma over the whole crop: below this the photo is black and white. */
  minPhotoChroma: 2,
  /** Median CIELAB chroma C* of the face regions: human skin of every tone measures ≈ 15–45 in ordinary light, a
   * cool, desaturated photo 7–9; grey, white or black masks, skulls, statues and pencil drawings measure less. */
  minSkinChroma: 4,
  /** Median CIELAB hue angle of the face regions, degrees: skin of every tone lies at ≈ 30–85° (red-orange to
   * yellow; melanin and haemoglobin absorb blue and green; measured 29–82° on the demo faces and portraits, and
   * warm or cool light shifts it). Green, blue or violet faces are paint or make-up. The check is the angle's
   * distance from skinHueCentre. */
  skinHueCentre: 60,
  maxSkinHueDistance: 50,
  /** The same hue angle, degrees, on its yellow side (not-skin.ts): real faces measure 30–82° (every tone, deepened
   * skin included), a cream latex mask with no blood in it 93°. Halfway between the closest of each. */
  maxSkinHueAngle: 87,
  /** b* − a* of the face regions' median colour (not-skin.ts): real faces −9 to 25, an old painting's varnish 38. */
  maxSkinYellowness: 32,
  /** 90th-percentile L* inside the lighter eye's lid contour minus the skin's median L* (not-skin.ts): real open
   * eyes −30 to +10, the dark eye holes of a skull mask −52. */
  minEyeWhites: -41,
} as const;
