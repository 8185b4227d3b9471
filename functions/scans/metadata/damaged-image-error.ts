/** The file's structure ends early or contradicts itself: it cannot be a whole image. */
export class DamagedImageError extends Error {
  override readonly name = 'DamagedImageError';
}
