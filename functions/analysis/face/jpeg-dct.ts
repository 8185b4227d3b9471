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

/** The transposed basis, INVERSE[x * 8 + u] = BASIS[u * 8 + x]: the inverse transform's matrix (the basis is orthonormal). */
const INVERSE = (() => {
  const m = new Float64Array(64);
  for (let u = 0; u < 8; u++) for (let x = 0; x < 8; x++) m[x * 8 + u] = BASIS[u * 8 + x]!;
  return m;
})();

/** Separable 2-D DCT of an 8 × 8 block (row-major): out[v * 8 + u]. */
export function dct2(block: Float64Array, tmp: Float64Array, out: Float64Array): void {
  separable(BASIS, block, tmp, out);
}

/** The inverse of dct2. */
export function idct2(coef: Float64Array, tmp: Float64Array, out: Float64Array): void {
  separable(INVERSE, coef, tmp, out);
}

/** out = M · src · Mᵀ for an 8 × 8 `src` (row-major): the matrix along each row of `src`, then along each column. */
function separable(matrix: Float64Array, src: Float64Array, tmp: Float64Array, out: Float64Array): void {
  for (let row = 0; row < 8; row++) {
    for (let i = 0; i < 8; i++) {
      let s = 0;
      for (let j = 0; j < 8; j++) s += matrix[i * 8 + j]! * src[row * 8 + j]!;
      tmp[row * 8 + i] = s;
    }
  }
  for (let col = 0; col < 8; col++) {
    for (let i = 0; i < 8; i++) {
      let s = 0;
      for (let j = 0; j < 8; j++) s += matrix[i * 8 + j]! * tmp[j * 8 + col]!;
      out[i * 8 + col] = s;
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
