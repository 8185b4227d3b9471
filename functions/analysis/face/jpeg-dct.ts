/** The 8 × 8 DCT of JPEG (ITU-T T.81, A.3.3) on decoded planes, shared by jpeg-chroma.ts and jpeg-luma.ts. */

/** JPEG's zig-zag order: ZIGZAG[z] = row-major index of the z-th coefficient. */
export const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36,
  29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/** Orthonormal 8-point DCT-II basis: BASIS[u * 8 + x]. */
const BASIS = (() => {
  const m = new Float64Array(64);
  for (let u = 0; u < 8; u++) {
    for (let x = 0; x < 8; x++) m[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  }
  return m;
})();

/** Separable 2-D DCT of an 8 × 8 block (row-major): out[v * 8 + u]. */
export function dct2(block: Float64Array, tmp: Float64Array, out: Float64Array): void {
  for (let y = 0; y < 8; y++) {
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let x = 0; x < 8; x++) s += BASIS[u * 8 + x]! * block[y * 8 + x]!;
      tmp[y * 8 + u] = s;
    }
  }
  for (let u = 0; u < 8; u++) {
    for (let v = 0; v < 8; v++) {
      let s = 0;
      for (let y = 0; y < 8; y++) s += BASIS[v * 8 + y]! * tmp[y * 8 + u]!;
      out[v * 8 + u] = s;
    }
  }
}

/** The inverse of dct2. */
export function idct2(coef: Float64Array, tmp: Float64Array, out: Float64Array): void {
  for (let v = 0; v < 8; v++) {
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let u = 0; u < 8; u++) s += BASIS[u * 8 + x]! * coef[v * 8 + u]!;
      tmp[v * 8 + x] = s;
    }
  }
  for (let x = 0; x < 8; x++) {
    for (let y = 0; y < 8; y++) {
      let s = 0;
      for (let v = 0; v < 8; v++) s += BASIS[v * 8 + y]! * tmp[v * 8 + x]!;
      out[y * 8 + x] = s;
    }
  }
}

/** One coefficient (row-major index k = v * 8 + u) of dct2: for a few frequencies, cheaper than the whole block. */
export function dctCoefficient(block: Float64Array, k: number): number {
  const u = k & 7;
  const v = k >> 3;
  let s = 0;
  for (let y = 0; y < 8; y++) {
    let row = 0;
    for (let x = 0; x < 8; x++) row += BASIS[u * 8 + x]! * block[y * 8 + x]!;
    s += BASIS[v * 8 + y]! * row;
  }
  return s;
}
