/** IEEE 754 half-precision bits to float32 (TF.js stores "float16"-quantised weights this way). */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024); // subnormal or zero
  if (exponent === 0x1f) return fraction ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

export function dequantizeFloat16(bytes: Uint8Array): Float32Array {
  const halves = new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const out = new Float32Array(halves.length);
  for (let i = 0; i < halves.length; i++) out[i] = halfToFloat(halves[i]);
  return out;
}
