/**
 * The finest relief (the skin model's `pits.dark`, `pits.bright` and `lines.fine`) confirmed by luminance, since
 * skin-v1.14.0.
 *
 * The skin model reads pits and lines off the relief density, OD_Y plus a σ 1 blur of shading − OD_Y: a chroma term
 * that explains away what melanin and haemoglobin add to luminance, so a brown or red spot is not read as a pore
 * (models/build/skin-model.ts `reliefDensity`). At the finest scale that term also carries a JPEG's chroma: where it
 * deepens a pit or a fleck beyond what luminance shows, a re-save's quantised chroma moves it, and the same holds
 * for luminance's own detail that the chroma term no longer cancels. Pores and hydration read quality-70 re-saves as
 * rougher skin (sean_guru2 pores 82 → 78, biden's and sean_guru2's hydration 94 → 90 and 90 → 86; docs/analysis.md,
 * "Consistency", root cause 55). Texture met the same in its band and confirmed it by luminance (root cause 25,
 * texture.ts `confirmedRelief`); this does the same for the finest Hessian responses: per pixel the skin model's
 * response, at most the response of luminance density alone. Colour may still explain a luminance pit, fleck or
 * line away (a spot is not a pore), but it can no longer add one of its own.
 *
 * The Hessian repeats the skin model's (`hessianFeatures`: scale-normalised second derivatives of Gaussians with the
 * taps of models/build/skin-graph/kernels.ts, reflected edges, eigenvalues λ− ≤ λ+; dark pit relu(−λ+), the smaller
 * of its σ 1 and σ 1.6 responses; bright fleck relu(λ−) and finest valley relu(−λ−) − relu(−λ+) at σ 1) on OD_Y.
 */
import { FILTER_SCALES } from './model-spec.js';

/** Sampled Gaussian taps (radius ⌈3σ⌉, sum 1), its first derivative (slope 1 on a ramp) and second (2 on x²). */
function kernels(sigma: number): { g0: Float64Array; g1: Float64Array; g2: Float64Array } {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const n = 2 * radius + 1;
  const g0 = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += g0[i] = Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma));
  for (let i = 0; i < n; i++) g0[i]! /= sum;
  const g1 = new Float64Array(n);
  let ramp = 0;
  for (let i = 0; i < n; i++) {
    g1[i] = (i - radius) * g0[i]!;
    ramp += g1[i]! * (i - radius);
  }
  for (let i = 0; i < n; i++) g1[i]! /= ramp;
  const s2 = sigma * sigma;
  const g2 = new Float64Array(n);
  let dc = 0;
  for (let i = 0; i < n; i++) dc += g2[i] = (((i - radius) ** 2 - s2) / (s2 * s2)) * g0[i]!;
  let parabola = 0;
  for (let i = 0; i < n; i++) {
    g2[i]! -= dc * g0[i]!; // the truncated kernel's DC leak
    parabola += g2[i]! * (i - radius) ** 2;
  }
  for (let i = 0; i < n; i++) g2[i] = (2 * g2[i]!) / parabola;
  return { g0, g1, g2 };
}

/** Reflected index, as ONNX Pad's 'reflect' mode (the edge pixel is not repeated). */
function reflect(i: number, n: number): number {
  if (i < 0) return -i;
  if (i >= n) return 2 * (n - 1) - i;
  return i;
}

/** A rectangle of the S × S map, bounds inclusive. */
export interface RowsAndColumns {
  y0: number;
  y1: number;
  x0: number;
  x1: number;
}

/**
 * Correlation along rows with h, then along columns with v, into `out` inside `box` only (reflected edges). The
 * column pass adds whole rows of the row pass's result, tap by tap, so it reads memory in order.
 */
function separable(src: Float32Array, size: number, h: Float64Array, v: Float64Array, box: RowsAndColumns, scratch: Float64Array, out: Float64Array): void {
  const r = (h.length - 1) / 2;
  const { x0, x1, y0, y1 } = box;
  for (let y = Math.max(0, y0 - r); y <= Math.min(size - 1, y1 + r); y++) {
    const row = y * size;
    for (let x = x0; x <= x1; x++) {
      let acc = 0;
      if (x >= r && x < size - r) for (let k = 0, at = row + x - r; k < h.length; k++, at++) acc += h[k]! * src[at]!;
      else for (let k = 0; k < h.length; k++) acc += h[k]! * src[row + reflect(x + k - r, size)]!;
      scratch[row + x] = acc;
    }
  }
  for (let y = y0; y <= y1; y++) {
    const row = y * size;
    out.fill(0, row + x0, row + x1 + 1);
    for (let k = 0; k < v.length; k++) {
      const from = reflect(y + k - r, size) * size;
      const tap = v[k]!;
      for (let x = x0; x <= x1; x++) out[row + x]! += tap * scratch[from + x]!;
    }
  }
}

/**
 * The row pass's result and the three second derivatives, reused from call to call (grown to the largest map):
 * fresh buffers cost more than the passes. Only the box's cells are written before they are read.
 */
let planes = new Float64Array(0);

/** The finest Hessian responses of luminance density alone (0 outside the box computed). */
export interface LuminanceRelief {
  /** Dark pit, the smaller of its σ 1 and σ 1.6 responses (the model's `pits.dark`). */
  darkPits: Float32Array;
  /** Bright fleck at σ 1 (`pits.bright`). */
  brightFlecks: Float32Array;
  /** Dark valley at σ 1 (`lines.fine`). */
  fineLines: Float32Array;
}

/**
 * The finest Hessian responses of `od` (the skin model's `indices.od`, S × S) inside `box` (the whole map by
 * default; 0 outside it).
 *
 * @example
 *   const lum = luminanceRelief(channel(maps, 'indices', 'od', 256), 256, { y0: 60, y1: 200, x0: 30, x1: 226 });
 *   confirmedByLuminance(channel(maps, 'pits', 'dark', 256), lum.darkPits); // the pits luminance confirms
 */
export function luminanceRelief(od: Float32Array, size: number, box: RowsAndColumns = { y0: 0, y1: size - 1, x0: 0, x1: size - 1 }): LuminanceRelief {
  const n = size * size;
  const { y0, y1, x0, x1 } = box;
  if (planes.length < 4 * n) planes = new Float64Array(4 * n);
  const scratch = planes.subarray(0, n);
  const xx = planes.subarray(n, 2 * n);
  const yy = planes.subarray(2 * n, 3 * n);
  const xy = planes.subarray(3 * n, 4 * n);
  const out: LuminanceRelief = { darkPits: new Float32Array(n), brightFlecks: new Float32Array(n), fineLines: new Float32Array(n) };
  FILTER_SCALES.lineSigmas.forEach((sigma, scale) => {
    const { g0, g1, g2 } = kernels(sigma);
    const s2 = sigma * sigma;
    separable(od, size, g2, g0, box, scratch, xx);
    separable(od, size, g0, g2, box, scratch, yy);
    separable(od, size, g1, g1, box, scratch, xy);
    for (let y = y0; y <= y1; y++) {
      for (let i = y * size + x0; i <= y * size + x1; i++) {
        const halfTrace = 0.5 * s2 * (xx[i]! + yy[i]!);
        const halfDiff = 0.5 * s2 * (xx[i]! - yy[i]!);
        const cross = s2 * xy[i]!;
        const root = Math.sqrt(halfDiff * halfDiff + cross * cross);
        const darkPit = Math.max(0, -(halfTrace + root));
        if (scale > 0) {
          out.darkPits[i] = Math.min(out.darkPits[i]!, darkPit);
          continue;
        }
        const minus = halfTrace - root;
        out.darkPits[i] = darkPit;
        out.brightFlecks[i] = Math.max(0, minus);
        out.fineLines[i] = Math.max(0, -minus) - darkPit;
      }
    }
  });
  return out;
}

/** Per pixel the skin model's response, at most luminance's: colour may explain relief away, never add it. */
export function confirmedByLuminance(model: Float32Array, luminance: Float32Array): Float32Array {
  const out = new Float32Array(model.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.min(model[i]!, luminance[i]!);
  return out;
}

/** The bounding box of the pixels set in any of the masks (S × S; an empty mask, length 0, is skipped), or null. */
export function boxOf(masks: readonly Uint8Array[], size: number): RowsAndColumns | null {
  let box: RowsAndColumns | null = null;
  for (const mask of masks) {
    if (mask.length < size * size) continue; // a mask left empty (per-region isolation copies only some)
    for (let i = 0; i < size * size; i++) {
      if (mask[i] === 0) continue;
      const y = (i / size) | 0;
      const x = i - y * size;
      if (!box) box = { y0: y, y1: y, x0: x, x1: x };
      else {
        if (y < box.y0) box.y0 = y;
        if (y > box.y1) box.y1 = y;
        if (x < box.x0) box.x0 = x;
        if (x > box.x1) box.x1 = x;
      }
    }
  }
  return box;
}
