/** The one mapping from a marker's evidence map to overlay alpha, shared by the original and the added markers. */

/** 0 at or below `lo`, 255 at or above `hi`, linear between; 0 outside `inside`. */
export function ramp(map: Float32Array, inside: Uint8Array, lo: number, hi: number): Uint8Array {
  const out = new Uint8Array(inside.length);
  const scale = 255 / (hi - lo);
  for (let i = 0; i < inside.length; i++) {
    if (!inside[i]) continue;
    const v = (map[i]! - lo) * scale;
    out[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
  }
  return out;
}
