import type { RgbImage } from '../types';
import type { SquareCrop } from './face-types';

/**
 * Samples a (possibly rotated) square window of `image` at size×size pixels, RGB 0..255 as floats, NHWC.
 * Bilinear, with k×k supersampling when shrinking so large photos do not alias; outside the image the edge
 * pixels repeat (MediaPipe's image-to-tensor default).
 *
 * The analyzer hands this a view of the photo that sharp has already shrunk to a few hundred pixels across the
 * face (see face-view.ts), so k stays at 2–4 and the loop is short; it is written without per-sample calls
 * because it runs about half a million bilinear samples per scan (≈ 17 ns a sample).
 */
export function sampleCrop(image: RgbImage, crop: SquareCrop, size: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  const step = crop.side / size;
  const k = Math.min(8, Math.max(1, Math.ceil(step)));
  const c = Math.cos(crop.angle) * step;
  const s = Math.sin(crop.angle) * step;
  const { width, height } = image;
  const maxX = width - 1;
  const maxY = height - 1;
  const n = k * k;
  // Sub-sample offsets within a crop pixel, relative to the crop centre, precomputed once.
  const offsets = new Float64Array(k);
  for (let i = 0; i < k; i++) offsets[i] = (i + 0.5) / k - size / 2;
  // Image position of crop point (u, v): center + R·(u, v)·step − 0.5 (pixel-centre sampling coordinates). The
  // products of R·step with the sub-sample columns and rows are made once, not per sample (the same products, so
  // the same pixels as computing them in the loop).
  const cdu = new Float64Array(size * k);
  const sdu = new Float64Array(size * k);
  for (let u = 0; u < size; u++) {
    for (let i = 0; i < k; i++) {
      const du = u + offsets[i]!;
      cdu[u * k + i] = c * du;
      sdu[u * k + i] = s * du;
    }
  }
  const x0 = crop.center.x - 0.5;
  const y0 = crop.center.y - 0.5;
  const sdv = new Float64Array(k);
  const cdv = new Float64Array(k);
  const row: SampleRow = { image, out, x0, y0, cdu, sdu, sdv, cdv, k, n };
  for (let v = 0; v < size; v++) {
    for (let j = 0; j < k; j++) {
      const dv = v + offsets[j]!;
      sdv[j] = s * dv;
      cdv[j] = c * dv;
    }
    // The pixels of this row whose samples all lie inside the image form one run [from, to): along a row each
    // sample coordinate, computed as in the loops, only grows or only shrinks (rounding is monotonic), so the
    // samples inside the image are a run of sub-sample columns. Found from both ends; that run takes the loop
    // without clamps (the same arithmetic, so the same floats), the pixels either side of it the clamping one.
    let from = 0;
    while (from < size && !samplesInside(row, from, maxX, maxY)) from++;
    let to = size;
    while (to > from && !samplesInside(row, to - 1, maxX, maxY)) to--;
    const o = v * size * 3;
    sampleClamped(row, 0, from, o);
    if (k === 2) sampleInside2(row, from, to, o);
    else sampleInside(row, from, to, o);
    sampleClamped(row, to, size, o);
  }
  return out;
}

/** What the row samplers share: the image, the output, and the sample positions' parts (see sampleCrop). */
interface SampleRow {
  image: RgbImage;
  out: Float32Array;
  x0: number;
  y0: number;
  /** c·du and s·du per sub-sample column; s·dv and c·dv per sub-sample row of the current row. */
  cdu: Float64Array;
  sdu: Float64Array;
  sdv: Float64Array;
  cdv: Float64Array;
  k: number;
  n: number;
}

/** Whether every sample of crop pixel u (current row) lies in [0, max) on both axes. */
function samplesInside({ x0, y0, cdu, sdu, sdv, cdv, k }: SampleRow, u: number, maxX: number, maxY: number): boolean {
  for (let j = 0; j < k; j++) {
    for (let i = 0; i < k; i++) {
      const x = x0 + cdu[u * k + i]! - sdv[j]!;
      const y = y0 + sdu[u * k + i]! + cdv[j]!;
      if (!(x >= 0 && x < maxX && y >= 0 && y < maxY)) return false;
    }
  }
  return true;
}

/** Crop pixels [from, to) of the current row (output offset `o` of the row), edge pixels repeated outside the image. */
function sampleClamped({ image, out, x0, y0, cdu, sdu, sdv, cdv, k, n }: SampleRow, from: number, to: number, o: number): void {
  const { data, width, height } = image;
  const maxX = width - 1;
  const maxY = height - 1;
  for (let u = from; u < to; u++) {
    let r = 0, g = 0, b = 0; // prettier-ignore
    const base = u * k;
    for (let j = 0; j < k; j++) {
      const sj = sdv[j]!;
      const cj = cdv[j]!;
      for (let i = 0; i < k; i++) {
        let x = x0 + cdu[base + i]! - sj;
        let y = y0 + sdu[base + i]! + cj;
        x = x < 0 ? 0 : x > maxX ? maxX : x;
        y = y < 0 ? 0 : y > maxY ? maxY : y;
        const xi = x | 0; // x, y ≥ 0 here: truncation is floor
        const yi = y | 0;
        const fx = x - xi;
        const fy = y - yi;
        const x1 = xi < maxX ? xi + 1 : maxX;
        const y1 = yi < maxY ? yi + 1 : maxY;
        const a = (yi * width + xi) * 3;
        const bb = (yi * width + x1) * 3;
        const cc = (y1 * width + xi) * 3;
        const d = (y1 * width + x1) * 3;
        const gx = 1 - fx;
        const gy = 1 - fy;
        const w00 = gx * gy;
        const w01 = fx * gy;
        const w10 = gx * fy;
        const w11 = fx * fy;
        r += data[a]! * w00 + data[bb]! * w01 + data[cc]! * w10 + data[d]! * w11;
        g += data[a + 1]! * w00 + data[bb + 1]! * w01 + data[cc + 1]! * w10 + data[d + 1]! * w11;
        b += data[a + 2]! * w00 + data[bb + 2]! * w01 + data[cc + 2]! * w10 + data[d + 2]! * w11;
      }
    }
    const p = o + 3 * u;
    out[p] = r / n;
    out[p + 1] = g / n;
    out[p + 2] = b / n;
  }
}

/**
 * sampleClamped for pixels whose samples all lie inside the image (samplesInside): the same arithmetic in the same
 * order without the clamps, which would change nothing there (about a third of the per-sample work).
 */
function sampleInside({ image, out, x0, y0, cdu, sdu, sdv, cdv, k, n }: SampleRow, from: number, to: number, o: number): void {
  const { data, width } = image;
  const row = 3 * width;
  for (let u = from; u < to; u++) {
    let r = 0, g = 0, b = 0; // prettier-ignore
    const base = u * k;
    for (let j = 0; j < k; j++) {
      const sj = sdv[j]!;
      const cj = cdv[j]!;
      for (let i = 0; i < k; i++) {
        const x = x0 + cdu[base + i]! - sj;
        const y = y0 + sdu[base + i]! + cj;
        const xi = x | 0;
        const yi = y | 0;
        const fx = x - xi;
        const fy = y - yi;
        const a = (yi * width + xi) * 3;
        const bb = a + 3;
        const cc = a + row;
        const d = cc + 3;
        const gx = 1 - fx;
        const gy = 1 - fy;
        const w00 = gx * gy;
        const w01 = fx * gy;
        const w10 = gx * fy;
        const w11 = fx * fy;
        r += data[a]! * w00 + data[bb]! * w01 + data[cc]! * w10 + data[d]! * w11;
        g += data[a + 1]! * w00 + data[bb + 1]! * w01 + data[cc + 1]! * w10 + data[d + 1]! * w11;
        b += data[a + 2]! * w00 + data[bb + 2]! * w01 + data[cc + 2]! * w10 + data[d + 2]! * w11;
      }
    }
    const p = o + 3 * u;
    out[p] = r / n;
    out[p + 1] = g / n;
    out[p + 2] = b / n;
  }
}

/**
 * sampleInside for k = 2, the common case (a face view shrunk to ≈ 256 px across the face, sampled by the 192-px
 * Face Mesh inputs and the 256-px crop): one loop over the four sub-samples in the loops' order (q = 2j + i: row j,
 * then column i), each with the same arithmetic, so the same floats (≈ 10 % faster: no nested loop bounds).
 */
function sampleInside2({ image, out, x0, y0, cdu, sdu, sdv, cdv }: SampleRow, from: number, to: number, o: number): void {
  const { data, width } = image;
  const row = 3 * width;
  const s0 = sdv[0]!;
  const c0 = cdv[0]!;
  const s1 = sdv[1]!;
  const c1 = cdv[1]!;
  for (let u = from; u < to; u++) {
    const cu0 = cdu[2 * u]!;
    const su0 = sdu[2 * u]!;
    const cu1 = cdu[2 * u + 1]!;
    const su1 = sdu[2 * u + 1]!;
    let r = 0, g = 0, b = 0; // prettier-ignore
    for (let q = 0; q < 4; q++) {
      const x = x0 + (q & 1 ? cu1 : cu0) - (q & 2 ? s1 : s0);
      const y = y0 + (q & 1 ? su1 : su0) + (q & 2 ? c1 : c0);
      const xi = x | 0;
      const yi = y | 0;
      const fx = x - xi;
      const fy = y - yi;
      const a = (yi * width + xi) * 3;
      const bb = a + 3;
      const cc = a + row;
      const d = cc + 3;
      const gx = 1 - fx;
      const gy = 1 - fy;
      const w00 = gx * gy;
      const w01 = fx * gy;
      const w10 = gx * fy;
      const w11 = fx * fy;
      r += data[a]! * w00 + data[bb]! * w01 + data[cc]! * w10 + data[d]! * w11;
      g += data[a + 1]! * w00 + data[bb + 1]! * w01 + data[cc + 1]! * w10 + data[d + 1]! * w11;
      b += data[a + 2]! * w00 + data[bb + 2]! * w01 + data[cc + 2]! * w10 + data[d + 2]! * w11;
    }
    const p = o + 3 * u;
    out[p] = r / 4;
    out[p + 1] = g / 4;
    out[p + 2] = b / 4;
  }
}

/** The window as an 8-bit image, e.g. an eye-levelled face crop for skin measurements. */
export function extractSquareCrop(image: RgbImage, crop: SquareCrop, size: number): RgbImage {
  const floats = sampleCrop(image, crop, size);
  const data = new Uint8Array(floats.length);
  // Math.round of each sample, written as floor(v + 0.5) by truncation: the samples are weighted means of bytes,
  // so 0 ≤ v ≤ 255, where v + 0.5 is exact for a Float32 v and both give the same byte (Math.round itself is ≈ 5×
  // slower here, ≈ 1.4 ms a 256-px crop).
  for (let i = 0; i < floats.length; i++) data[i] = (floats[i]! + 0.5) | 0;
  return { data, width: size, height: size };
}
