/** Upload limits (DESIGN.md section 3, "Images"). */
export const IMAGE_LIMITS = {
  /** Bytes of the uploaded file; API Gateway and Lambda cap the request at 6 MB after base64. */
  maxBytes: 5 * 1024 * 1024,
  /** Pixels of the decoded image: larger files are decompression bombs as far as we are concerned. */
  maxPixels: 40_000_000,
  /**
   * Pixels on the short side. Below 200 no face can reach the 100 px the analysis needs with the margins around
   * it; between 200 and 256 the face check gives the more useful answer (`face_too_small`, with the face's size).
   */
  minShortSide: 200,
  /** Formats whose metadata the API can strip without decoding (functions/scans/metadata). */
  formats: ['jpeg', 'png', 'webp'] as const,
} as const;

export type ImageFormat = (typeof IMAGE_LIMITS.formats)[number];

export const CONTENT_TYPES: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
