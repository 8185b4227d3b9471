/** The one mapping from a marker's evidence map to overlay alpha, shared by the original and the added markers. */
import { maskPixels } from './mask-words';

/**
 * 0 at or below `lo`, 255 at or above `hi`, linear between; 0 outside `inside`. `pixels`: the mask's pixel list
 * (mask-words.ts maskPixels), when the caller already has it.
 */
export function ramp(map: Float32Array, inside: Uint8Array, lo: number, hi: number, pixels = maskPixels(inside)): Uint8Array {
  const out = new Uint8Array(inside.length);
  rampInto(out, map, pixels, lo, 255 / (hi - lo));
  return out;
}

/**
 * The ramp at the pixels inside, through the mask's pixel list (a marker's regions are a fraction of the crop).
 * Between 0 and 255 the byte is Math.round(v) taken as `(v + 0.5) | 0` from 0.5 on: for 0.5 ≤ v < 255, v + 0.5
 * either stays in v's binade (exact) or rounds within the next one, never below the integer it crossed, so
 * the same byte; below 0.5 it is 0, where v + 0.5 could round up to 1. A NaN gives 0 either way.
 */
function rampInto(out: Uint8Array, map: Float32Array, pixels: Uint32Array, lo: number, scale: number): void {
  for (let k = 0; k < pixels.length; k++) {
    const i = pixels[k]!;
    const v = (map[i]! - lo) * scale;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : v < 0.5 ? 0 : (v + 0.5) | 0;
  }
}
