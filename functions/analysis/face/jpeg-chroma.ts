import type { Box, RgbImage } from '../types';
import { dct2, idct2 } from './jpeg-dct';
import { ANNEX_K_CHROMA, stepsInRowOrder, type JpegTables } from './jpeg-tables';
import { estimatePrimarySteps, primaryRestorations } from './jpeg-primary-steps';

/**
 * A JPEG's chroma detail moved towards the lower edge of its quantisation bins (docs/analysis.md "Consistency", root
 * cause 22). A JPEG stores each 8 × 8 block of chroma (16 × 16 photo pixels in a 4:2:0 file) as DCT coefficients
 * rounded to multiples of its chroma table's steps; a coefficient stored as k steps held anything from (k − ½) to
 * (k + ½) steps. Saving an already-compressed photo again with coarser steps (a web JPEG of quality ≈ 80 saved at
 * quality 70) rounds every coefficient of one old step up to one new step: the chroma detail the skin model reads
 * as relief, texture and spots grows. Each AC coefficient stored as one step (under 1.5 steps of the photo's own
 * table) is moved CHROMA_SHRINK of that step towards zero, never past it, so the detail a coarser re-save's
 * rounding adds is taken back in proportion to its step; coefficients of several steps (a blotch, an edge) are
 * left as they are, and a photo with fine steps (quality 90 and above) moves by a fraction of a level.
 *
 * Works on decoded pixels at the photo's own scale (`origin` = the photo position of pixel (0, 0), so the blocks
 * sit on the photo's grid): the chroma planes are averaged back to the file's chroma resolution, transformed per
 * block, and only the change is brought back up (bilinearly, as a decoder's chroma upsampling) and added with the
 * luma left as it was. Blocks not wholly inside `area` (image pixels) are left as they are.
 */
export function shrinkJpegChroma(image: RgbImage, origin: { x: number; y: number }, area: Box, tables: JpegTables, resaved = false): RgbImage {
  const chroma = tables.chroma;
  if (!chroma || chroma[0]! < MIN_CHROMA_DC_STEP) return image;
  const { width, height } = image;
  const sx = tables.chromaStep.x;
  const sy = tables.chromaStep.y;
  const bw = 8 * sx;
  const bh = 8 * sy;
  // The first and last block boundaries (image pixels) inside the area, on the photo's grid.
  const x0 = firstBoundary(Math.max(0, area.x), origin.x, bw);
  const y0 = firstBoundary(Math.max(0, area.y), origin.y, bh);
  const cols = Math.floor((Math.min(width, area.x + area.width) - x0) / bw);
  const rows = Math.floor((Math.min(height, area.y + area.height) - y0) / bh);
  if (cols <= 0 || rows <= 0) return image;
  const cw = cols * 8;
  const ch = rows * 8;
  const { cb, cr } = chromaPlanes(image, x0, y0, cw, ch, sx, sy);
  const steps = stepsInRowOrder(chroma, sx, sy);
  const restorations = resaved ? chromaRestorations([cb, cr], cw, ch, chroma, steps) : [];
  const dCb = shrinkBlocks(cb, cw, ch, steps, restorations);
  const dCr = shrinkBlocks(cr, cw, ch, steps, restorations);
  const out = new Uint8Array(image.data);
  for (let y = y0; y < y0 + ch * sy; y++) {
    const fy = (y - y0 + 0.5) / sy - 0.5;
    const j0 = Math.floor(fy);
    const ay = fy - j0;
    const ja = clampIndex(j0, ch) * cw;
    const jb = clampIndex(j0 + 1, ch) * cw;
    for (let x = x0; x < x0 + cw * sx; x++) {
      const fx = (x - x0 + 0.5) / sx - 0.5;
      const i0 = Math.floor(fx);
      const ax = fx - i0;
      const ia = clampIndex(i0, cw);
      const ib = clampIndex(i0 + 1, cw);
      const w00 = (1 - ax) * (1 - ay);
      const w01 = ax * (1 - ay);
      const w10 = (1 - ax) * ay;
      const w11 = ax * ay;
      const db = w00 * dCb[ja + ia]! + w01 * dCb[ja + ib]! + w10 * dCb[jb + ia]! + w11 * dCb[jb + ib]!;
      const dr = w00 * dCr[ja + ia]! + w01 * dCr[ja + ib]! + w10 * dCr[jb + ia]! + w11 * dCr[jb + ib]!;
      // JFIF's YCbCr → RGB for a change of Cb and Cr alone (luma unchanged).
      const p = 3 * (y * width + x);
      out[p] = toByte(out[p]! + 1.402 * dr);
      out[p + 1] = toByte(out[p + 1]! - 0.344136 * db - 0.714136 * dr);
      out[p + 2] = toByte(out[p + 2]! + 1.772 * db);
    }
  }
  return { data: out, width, height };
}

/**
 * The share of a step each one-step chroma coefficient moves. Chosen over the whole `npm run eval` (misses of the
 * drift targets with one-step coefficients only, at 0 / 0.1 / 0.15 / 0.3 / 0.5: 50 / 44 / 40 / 43 / 55; 43 / 43 / 49 /
 * 54 at 0.15 / 0.25 / 0.35 / 0.5 when every coefficient moved): a larger share takes more of a re-save's rounding
 * back, but a PNG or a resized copy of the same JPEG, which has no table, then reads more chroma detail than the
 * JPEG itself (150 % enlargements: 3 / 4 / 8 misses at 0 / 0.15 / 0.3).
 */
export const CHROMA_SHRINK = 0.15;

/**
 * Files whose chroma DC step is finer than this (libjpeg's quality 90 and above: 3 or less) are left as they are:
 * their one-step coefficients are a fraction of a level, a re-save to them cannot have rounded much up, and a
 * phone's first save (and the painted ground truth, saved at 92–95) is then measured exactly as before.
 */
export const MIN_CHROMA_DC_STEP = 4;

/** The first image column ≥ from whose photo position (origin + column) is a multiple of `block`. */
function firstBoundary(from: number, origin: number, block: number): number {
  const start = Math.ceil(from);
  return start + ((((block - ((origin + start) % block)) % block) + block) % block);
}

function clampIndex(i: number, n: number): number {
  return i < 0 ? 0 : i >= n ? n - 1 : i;
}

function toByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/** JFIF Cb and Cr averaged over each chroma sample's sx × sy pixels (the file's chroma resolution). */
function chromaPlanes(image: RgbImage, x0: number, y0: number, cw: number, ch: number, sx: number, sy: number): { cb: Float64Array; cr: Float64Array } {
  const cb = new Float64Array(cw * ch);
  const cr = new Float64Array(cw * ch);
  const { data, width } = image;
  const n = sx * sy;
  for (let j = 0; j < ch; j++) {
    for (let i = 0; i < cw; i++) {
      let b = 0;
      let r = 0;
      for (let dy = 0; dy < sy; dy++) {
        let p = 3 * ((y0 + j * sy + dy) * width + x0 + i * sx);
        for (let dx = 0; dx < sx; dx++, p += 3) {
          const R = data[p]!;
          const G = data[p + 1]!;
          const B = data[p + 2]!;
          b += -0.168736 * R - 0.331264 * G + 0.5 * B;
          r += 0.5 * R - 0.418688 * G - 0.081312 * B;
        }
      }
      cb[j * cw + i] = b / n;
      cr[j * cw + i] = r / n;
    }
  }
  return { cb, cr };
}

/**
 * The chroma side of a second, coarser save (docs/analysis.md "Consistency", root cause 39): Cb and Cr blocks at the
 * file's chroma resolution, each coefficient divided by its sampling gain so it reads in table steps, estimated as the
 * luma is (jpeg-luma.ts). Per row-major frequency the first file's mean value of each level, in table units, with
 * the table step it is in; empty when the file shows no finer first save.
 */
function chromaRestorations(planes: Float64Array[], w: number, h: number, table: number[], steps: Float64Array): ({ means: Float64Array; step: number; first: number } | undefined)[] {
  const tableSteps = stepsInRowOrder(table, 1, 1);
  const blocks = planeBlocks(planes, w, h, 0, steps, tableSteps);
  const calibration = planeBlocks(planes, w, h, 4, steps, tableSteps);
  if (!calibration.count) return [];
  const history = estimatePrimarySteps(blocks.coefs, blocks.count, calibration.coefs, calibration.count, tableSteps, { noise: CHROMA_NOISE, knownResaved: true, base: ANNEX_K_CHROMA });
  return primaryRestorations(history, CHROMA_NOISE).map((means, k) => (means ? { means, step: tableSteps[k]!, first: history.q1[k]! } : undefined));
}

/**
 * Rounding and upsampling noise of a chroma coefficient averaged back from decoded pixels, in table units (the
 * decoder's triangle upsampling leaks a little of each neighbouring block into the average).
 */
const CHROMA_NOISE = 1;

/** DCT blocks of every plane (8 × 8 samples from `shift`), each coefficient divided by steps / tableSteps. */
function planeBlocks(planes: Float64Array[], w: number, h: number, shift: number, steps: Float64Array, tableSteps: Float64Array): { coefs: Float64Array; count: number } {
  const cols = Math.floor((w - shift) / 8);
  const rows = Math.floor((h - shift) / 8);
  const count = Math.max(0, cols * rows * planes.length);
  const coefs = new Float64Array(count * 64);
  const block = new Float64Array(64);
  const tmp = new Float64Array(64);
  const out = new Float64Array(64);
  let n = 0;
  for (const plane of planes) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) block[y * 8 + x] = plane[(shift + r * 8 + y) * w + shift + c * 8 + x]!;
        dct2(block, tmp, out);
        for (let k = 0; k < 64; k++) coefs[n * 64 + k] = (out[k]! * tableSteps[k]!) / steps[k]!;
        n++;
      }
    }
  }
  return { coefs, count };
}

/**
 * Per 8 × 8 block of a plane: every AC coefficient under 1.5 steps moved CHROMA_SHRINK of its step towards zero (not
 * past it); returns the change in the plane's own samples.
 */
function shrinkBlocks(plane: Float64Array, w: number, h: number, steps: Float64Array, restorations: ({ means: Float64Array; step: number; first: number } | undefined)[]): Float64Array {
  const delta = new Float64Array(w * h);
  const block = new Float64Array(64);
  const tmp = new Float64Array(64);
  const coef = new Float64Array(64);
  for (let by = 0; by < h; by += 8) {
    for (let bx = 0; bx < w; bx += 8) {
      for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) block[y * 8 + x] = plane[(by + y) * w + bx + x]!;
      dct2(block, tmp, coef);
      let any = false;
      for (let k = 1; k < 64; k++) {
        const c = coef[k]!;
        const restore = restorations[k];
        if (restore) {
          // A re-save from a finer first table (jpeg-luma.ts): a one-step coefficient (the ones a coarser re-save rounds
          // up; larger ones are rounded either way, as the shrink below) goes back to the value the first file most
          // plausibly held, then is shrunk as that file's own one-step coefficients are (the original is read that way).
          const m = Math.round(c / steps[k]!);
          const level = Math.abs(m);
          const gain = steps[k]! / restore.step;
          if (level !== 1) coef[k] = 0;
          else {
            const first = restore.means[level]! * gain;
            const firstStep = restore.first * gain;
            const shrink = first < 1.5 * firstStep ? Math.min(first, CHROMA_SHRINK * firstStep) : 0;
            coef[k] = Math.sign(m) * (first - shrink - level * steps[k]!);
          }
          if (coef[k] !== 0) any = true;
          continue;
        }
        // Only coefficients stored as one step (or none): a coarser re-save rounds every one-step coefficient up to
        // its own step, while larger ones are rounded either way (and a painted blotch's are many steps).
        const shrink = Math.abs(c) < 1.5 * steps[k]! ? Math.min(Math.abs(c), CHROMA_SHRINK * steps[k]!) : 0;
        coef[k] = c > 0 ? -shrink : c < 0 ? shrink : 0;
        if (coef[k] !== 0) any = true;
      }
      if (!any) continue;
      coef[0] = 0;
      idct2(coef, tmp, block);
      for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) delta[(by + y) * w + bx + x] = block[y * 8 + x]!;
    }
  }
  return delta;
}
