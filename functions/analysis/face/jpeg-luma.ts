import type { Box, RgbImage } from '../types';
import { dct2, dctCoefficient, idct2 } from './jpeg-dct';
import { estimatePrimarySteps, LOWEST_FREQUENCIES, primaryRestorations, ROUNDING_NOISE } from './jpeg-primary-steps';
import { ANNEX_K_LUMA, stepsInRowOrder, type JpegTables } from './jpeg-tables';

/**
 * A JPEG saved twice, the second time with coarser luma steps, read as the first file held it (docs/analysis.md
 * "Consistency", root cause 38). A web portrait (quality ≈ 80) saved again at quality 70 stores each luma DCT
 * coefficient k₁·q₁ of the first file as round(k₁·q₁ / q₂)·q₂: a coefficient of one step q₁ (the finest detail the
 * first file kept: pores, flecks, fine lines at the skin crop's scale) arrives as one step q₂, 1.3–1.8 times larger,
 * and the finest luminance band reads ≈ 30 % rougher (root cause 26). Which q₁ it was is not in the file, but it left
 * a trace: each second-save bin m collects the first file's levels k₁ with round(k₁·q₁ / q₂) = m, so with
 * q₂ / 2 < q₁ < q₂ some bins collect two levels and the others one, a periodic pattern a single quantisation of a
 * smooth (Laplacian) distribution cannot make (double-compression forensics: Lukáš & Fridrich 2003, "Estimation of
 * primary quantization matrix in double compressed JPEG images"; Thai & Cogranne 2019 fit a model of the twice
 * quantised coefficients per candidate q₁).
 *
 * Per luma frequency, over the photo's own 8 × 8 blocks under `area`, the coefficients re-derived from the decoded
 * pixels (JFIF luma) are binned by the file's step q₂. Each candidate q₁ (just over q₂ / 2 to 1.5·q₂) predicts those
 * bins from the calibration (the same frequency on a grid shifted by half a block, where the file's quantisation
 * leaves no trace: the forensic stand-in for the unquantised coefficients) quantised at q₁ and again at q₂ with the
 * decoder's rounding noise; a frequency shows a finer first step when the best q₁ below q₂ out-fits every other
 * candidate, q₂ itself (a single save) among them, by PRIMARY_EVIDENCE nats, and the photo counts as re-saved when
 * MIN_RESAVED_LOWEST of its five lowest frequencies show one. The first table is then fitted whole
 * (estimatePrimarySteps), and each coefficient of a frequency with q₁ < q₂ is replaced by the first file's value it
 * most plausibly came from: the mean of the q₁ levels that round to its bin, weighted by a Laplacian fitted under q₁
 * to the bins. Only the luma changes (the same amount added to R, G and B). A first save, a PNG (no tables) and a
 * re-save at finer steps are returned as they are, the same object.
 */
export function restorePrimaryLuma(image: RgbImage, origin: { x: number; y: number }, area: Box, tables: JpegTables): { image: RgbImage; resaved: boolean } {
  const steps = stepsInRowOrder(tables.luma);
  // The five lowest frequencies decide whether the photo was saved before (a first save stops here); then all of them.
  const lowest = lumaBlocks(image, origin, area, 0, LOWEST_FREQUENCIES);
  const lowestCalibration = lumaBlocks(image, origin, area, 4, LOWEST_FREQUENCIES);
  if (!lowest || !lowestCalibration) return { image, resaved: false };
  if (!estimatePrimarySteps(lowest.coefs, lowest.count, lowestCalibration.coefs, lowestCalibration.count, steps, { only: LOWEST_FREQUENCIES }).resaved) return { image, resaved: false };
  const blocks = lumaBlocks(image, origin, area, 0)!;
  const calibration = lumaBlocks(image, origin, area, 4)!;
  const history = estimatePrimarySteps(blocks.coefs, blocks.count, calibration.coefs, calibration.count, steps, { base: ANNEX_K_LUMA });
  if (!history.resaved) return { image, resaved: false };
  const restorations = primaryRestorations(history, ROUNDING_NOISE);
  const { width, height } = image;
  const out = new Uint8Array(image.data);
  const coef = new Float64Array(64);
  const tmp = new Float64Array(64);
  const delta = new Float64Array(64);
  for (let b = 0; b < blocks.count; b++) {
    let any = false;
    for (let k = 1; k < 64; k++) {
      const restore = restorations[k];
      coef[k] = 0;
      if (!restore) continue;
      const m = Math.round(blocks.coefs[b * 64 + k]! / steps[k]!);
      const level = Math.abs(m);
      if (level === 0 || level >= restore.length) continue;
      coef[k] = Math.sign(m) * restore[level]! - m * steps[k]!;
      any = true;
    }
    if (!any) continue;
    coef[0] = 0;
    idct2(coef, tmp, delta);
    const bx = blocks.x0 + (b % blocks.cols) * 8;
    const by = blocks.y0 + Math.floor(b / blocks.cols) * 8;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const d = delta[y * 8 + x]!;
        const p = 3 * ((by + y) * width + bx + x);
        out[p] = toByte(image.data[p]! + d);
        out[p + 1] = toByte(image.data[p + 1]! + d);
        out[p + 2] = toByte(image.data[p + 2]! + d);
      }
    }
  }
  return { image: { data: out, width, height }, resaved: true };
}

/**
 * JFIF luma DCT coefficients (row-major per block) of every 8 × 8 block of the photo's grid wholly inside `area`
 * (image pixels; `origin` = the photo position of image pixel (0, 0)), or of blocks `shift` pixels off that grid;
 * with `only`, just those coefficients (the others stay 0).
 */
export function lumaBlocks(image: RgbImage, origin: { x: number; y: number }, area: Box, shift: number, only?: readonly number[]): { coefs: Float64Array; count: number; cols: number; x0: number; y0: number } | undefined {
  const { data, width, height } = image;
  const x0 = firstBoundary(Math.max(0, area.x), origin.x) + shift;
  const y0 = firstBoundary(Math.max(0, area.y), origin.y) + shift;
  const cols = Math.floor((Math.min(width, area.x + area.width) - x0) / 8);
  const rows = Math.floor((Math.min(height, area.y + area.height) - y0) / 8);
  if (cols <= 0 || rows <= 0) return undefined;
  const count = cols * rows;
  const coefs = new Float64Array(count * 64);
  const block = new Float64Array(64);
  const tmp = new Float64Array(64);
  const out = new Float64Array(64);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (let y = 0; y < 8; y++) {
        let p = 3 * ((y0 + r * 8 + y) * width + x0 + c * 8);
        for (let x = 0; x < 8; x++, p += 3) block[y * 8 + x] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]! - 128;
      }
      const at = (r * cols + c) * 64;
      if (only) for (const k of only) coefs[at + k] = dctCoefficient(block, k);
      else {
        dct2(block, tmp, out);
        coefs.set(out, at);
      }
    }
  }
  return { coefs, count, cols, x0, y0 };
}

function firstBoundary(from: number, origin: number): number {
  const start = Math.ceil(from);
  return start + ((((8 - ((origin + start) % 8)) % 8) + 8) % 8);
}

function toByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}
