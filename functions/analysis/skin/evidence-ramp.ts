/** The one mapping from a marker's evidence map to overlay alpha, shared by the original and the added markers. */
import { wordsOf } from './mask-words';

/** 0 at or below `lo`, 255 at or above `hi`, linear between; 0 outside `inside`. */
export function ramp(map: Float32Array, inside: Uint8Array, lo: number, hi: number): Uint8Array {
  const out = new Uint8Array(inside.length);
  rampInto(out, map, inside, lo, 255 / (hi - lo));
  return out;
}

/**
 * The ramp at the pixels inside, skipping the mask's 32-bit words that are 0 (a marker's regions are a fraction of
 * the crop). Between 0 and 255 the byte is Math.round(v) taken as `(v + 0.5) | 0` from 0.5 on: for 0.5 ≤ v < 255,
 * v + 0.5 either stays in v's binade (exact) or rounds within the next one, never below the integer it crossed, so
 * the same byte; below 0.5 it is 0, where v + 0.5 could round up to 1. A NaN gives 0 either way.
 */
function rampInto(out: Uint8Array, map: Float32Array, inside: Uint8Array, lo: number, scale: number): void {
  const n = inside.length;
  const words = wordsOf(inside);
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) {
      if (!inside[i]) continue;
      const v = (map[i]! - lo) * scale;
      out[i] = v <= 0 ? 0 : v >= 255 ? 255 : v < 0.5 ? 0 : (v + 0.5) | 0;
    }
  }
}
