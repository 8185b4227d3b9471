/** Upload limits (DESIGN.md section 3, "Images"). */
export const IMAGE_LIMITS = {
  /** Bytes of the uploaded file; API Gateway and Lambda cap the request at 6 MB after base64. */
  maxBytes: 5 * 1024 * 1024,
  /** Pixels of the decoded image: larger files are decompression bombs as far as we are concerned. */
  maxPixels: 40_000_000,
  /** Pixels on the short side. */
  minShortSide: 256,
  formats: ['jpeg', 'png', 'webp', 'avif', 'tiff'] as const,
} as const;
