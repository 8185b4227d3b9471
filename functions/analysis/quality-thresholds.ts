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
  /** Shorter side of the face box, in pixels of the upload. */
  minFacePixels: 100,
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
} as const;
