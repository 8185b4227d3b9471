/**
 * Masks walked four bytes at a time. A region is a few percent of the 256² crop, so most of a mask is 0: reading it
 * as 32-bit words and skipping the words that are 0 visits the same pixels in the same order for a fraction of the
 * reads (docs/performance.md, "Fifth round").
 */

/** The mask's bytes as 32-bit words (four pixels each), when its offset allows that view; null otherwise. */
export function wordsOf(mask: Uint8Array): Uint32Array | null {
  return mask.byteOffset % 4 === 0 ? new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2) : null;
}

/** Sets `out[i] = 1` wherever `mask[i]` is not 0. */
export function markMasked(out: Float32Array | Uint8Array, mask: Uint8Array): void {
  const n = mask.length;
  const words = wordsOf(mask);
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) if (mask[i]) out[i] = 1;
  }
}

/** The positions of the mask's non-zero pixels, ascending (its zero words skipped). */
export function maskPixels(mask: Uint8Array): Uint32Array {
  const n = mask.length;
  const words = wordsOf(mask);
  let count = 0;
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) if (mask[i]) count++;
  }
  const out = new Uint32Array(count);
  for (let w = 0, k = 0; k < count; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) if (mask[i]) out[k++] = i;
  }
  return out;
}
