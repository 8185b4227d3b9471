/**
 * Normalised Gaussian blur over a weighted support: blur(map · weight) / blur(weight), so pixels outside the skin
 * (eyes, brows, hair, background) neither leak into the skin's values nor pull them towards zero at its edges.
 * The Gaussian is three passes of a running-sum box filter per axis (linear time, whatever σ).
 *
 * Cheap without changing a bit of the result (docs/performance.md, "The added markers' cost"): the passes run over a
 * window round the support only, the column passes move a row of running sums down the window rather than walking
 * down each column, and the blurred weight at each σ is summed once per support (blurOver) and shared by every map
 * blurred over it and by its skin cover. Every running sum sees the same values in the same order as the passes over
 * the whole S × S map did: see `windowOf` (test/analysis/marker-blur.test.ts holds them to that definition).
 */

import { smoothstep } from '../stats.js';

/** Box width for three passes whose variance is σ²: 3(w² − 1)/12 = σ². */
function boxWidth(sigma: number): number {
  const w = Math.round(Math.sqrt(4 * sigma * sigma + 1));
  return w % 2 === 1 ? w : w + 1;
}

/** A rectangle of the S × S map, bounds inclusive. */
interface Rect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * Where the passes run (`sums`) and where their result is read (`read`), for a support (the pixels with weight
 * above 0) and a box radius r. Before the support, every value a pass sees is +0 (the first pass's input is 0
 * outside the support, and each pass moves values at most r along its axis), and adding or dropping +0 leaves a
 * running sum as it is; so a line may start 3r before the support. After the support, the whole-map passes leave
 * the rounding residue of the sums (Σ added − Σ dropped) in every pixel, and each pass carries what lies up to r
 * ahead into every sum: a pixel within 3r of the support gets the same sum as on the whole map when the lines run
 * 6r past the support. Farther than 3r the blurred weight is that residue alone, many orders of magnitude below
 * any minWeight, so the whole-map blur kept each pixel's own value there: so does this.
 */
function windowOf(support: Rect, size: number, radius: number): { sums: Rect; read: Rect } {
  const reach = 3 * radius;
  const clip = (v: number) => Math.min(size - 1, Math.max(0, v));
  const read = { x0: clip(support.x0 - reach), x1: clip(support.x1 + reach), y0: clip(support.y0 - reach), y1: clip(support.y1 + reach) };
  return { sums: { x0: read.x0, x1: clip(support.x1 + 2 * reach), y0: read.y0, y1: clip(support.y1 + 2 * reach) }, read };
}

/** The bounding rectangle of the pixels whose weight is not ≤ 0 (the ones `put` writes into the sums). */
function supportRect(weight: Float32Array, size: number): Rect | null {
  let x0 = size;
  let x1 = -1;
  let y0 = -1;
  let y1 = -1;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let first = -1;
    let last = -1;
    for (let x = 0; x < size; x++) {
      if (weight[row + x]! <= 0) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first < 0) continue;
    if (y0 < 0) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
  }
  return y0 < 0 ? null : { x0, x1, y0, y1 };
}

/**
 * One box pass along each row of a `cols` × `rows` block, `src` into `dst` (outside the block counts as 0). Four
 * rows at a time: a row's running sum is one chain of dependent additions (each waits for the one before), so
 * four independent chains side by side keep the FPU busy; every row still sees its own additions in its own order.
 */
function rowPass(src: Float64Array, dst: Float64Array, cols: number, rows: number, radius: number): void {
  let y = 0;
  for (; y + 4 <= rows; y += 4) rowPass4(src, dst, y * cols, cols, radius);
  for (; y < rows; y++) rowPass1(src, dst, y * cols, cols, radius);
}

/**
 * The steps of a row, by position q along it: a step adds the value radius + 1 ahead (q below addEnd) and drops the
 * one radius behind (q from radius on); the loops are split at those bounds, the same steps in the same order
 * without a test each.
 */
function rowPass1(src: Float64Array, dst: Float64Array, base: number, cols: number, radius: number): void {
  const first = Math.min(radius, cols - 1);
  const addEnd = cols - radius - 1;
  const ahead = radius + 1;
  let sum = 0;
  for (let q = 0; q <= first; q++) sum += src[base + q]!;
  let q = 0;
  for (const addOnlyEnd = Math.min(radius, addEnd); q < addOnlyEnd; q++) {
    dst[base + q] = sum;
    sum += src[base + q + ahead]!;
  }
  for (const neitherEnd = Math.min(radius, cols); q < neitherEnd; q++) dst[base + q] = sum;
  for (; q < addEnd; q++) {
    dst[base + q] = sum;
    sum = sum + src[base + q + ahead]! - src[base + q - radius]!;
  }
  for (; q < cols; q++) {
    dst[base + q] = sum;
    sum -= src[base + q - radius]!;
  }
}

/** rowPass1 on the four rows from `base`, side by side. */
function rowPass4(src: Float64Array, dst: Float64Array, base: number, cols: number, radius: number): void {
  const first = Math.min(radius, cols - 1);
  const addEnd = cols - radius - 1;
  const ahead = radius + 1;
  const b0 = base;
  const b1 = b0 + cols;
  const b2 = b1 + cols;
  const b3 = b2 + cols;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let q = 0; q <= first; q++) {
    s0 += src[b0 + q]!;
    s1 += src[b1 + q]!;
    s2 += src[b2 + q]!;
    s3 += src[b3 + q]!;
  }
  let q = 0;
  for (const addOnlyEnd = Math.min(radius, addEnd); q < addOnlyEnd; q++) {
    const a = q + ahead;
    dst[b0 + q] = s0;
    dst[b1 + q] = s1;
    dst[b2 + q] = s2;
    dst[b3 + q] = s3;
    s0 += src[b0 + a]!;
    s1 += src[b1 + a]!;
    s2 += src[b2 + a]!;
    s3 += src[b3 + a]!;
  }
  for (const neitherEnd = Math.min(radius, cols); q < neitherEnd; q++) {
    dst[b0 + q] = s0;
    dst[b1 + q] = s1;
    dst[b2 + q] = s2;
    dst[b3 + q] = s3;
  }
  for (; q < addEnd; q++) {
    const a = q + ahead;
    const d = q - radius;
    dst[b0 + q] = s0;
    dst[b1 + q] = s1;
    dst[b2 + q] = s2;
    dst[b3 + q] = s3;
    s0 = s0 + src[b0 + a]! - src[b0 + d]!;
    s1 = s1 + src[b1 + a]! - src[b1 + d]!;
    s2 = s2 + src[b2 + a]! - src[b2 + d]!;
    s3 = s3 + src[b3 + a]! - src[b3 + d]!;
  }
  for (; q < cols; q++) {
    const d = q - radius;
    dst[b0 + q] = s0;
    dst[b1 + q] = s1;
    dst[b2 + q] = s2;
    dst[b3 + q] = s3;
    s0 -= src[b0 + d]!;
    s1 -= src[b1 + d]!;
    s2 -= src[b2 + d]!;
    s3 -= src[b3 + d]!;
  }
}

/**
 * One box pass along each column, `src` into `dst`, a row at a time so memory is read along rows: each row of `dst`
 * holds the running sums of the columns, and the next row is that row plus the value entering each column's box
 * minus the one leaving it. Per column the same additions and subtractions in the same order as a walk down that
 * column (the sums kept in `dst` itself rather than in a row of their own: one load and one store fewer a pixel).
 */
function columnPass(src: Float64Array, dst: Float64Array, cols: number, rows: number, radius: number): void {
  dst.fill(0, 0, cols);
  for (let j = 0; j <= Math.min(radius, rows - 1); j++) {
    const from = j * cols;
    for (let t = 0; t < cols; t++) dst[t]! += src[from + t]!;
  }
  for (let y = 0; y + 1 < rows; y++) {
    const out = y * cols;
    const next = out + cols;
    const add = y + radius + 1 < rows ? (y + radius + 1) * cols : -1;
    const drop = y - radius >= 0 ? (y - radius) * cols : -1;
    if (add >= 0 && drop >= 0) {
      for (let t = 0; t < cols; t++) dst[next + t] = dst[out + t]! + src[add + t]! - src[drop + t]!;
    } else if (add >= 0) {
      for (let t = 0; t < cols; t++) dst[next + t] = dst[out + t]! + src[add + t]!;
    } else if (drop >= 0) {
      for (let t = 0; t < cols; t++) dst[next + t] = dst[out + t]! - src[drop + t]!;
    } else {
      for (let t = 0; t < cols; t++) dst[next + t] = dst[out + t]!;
    }
  }
}

/**
 * Scratch space of the passes, reused from blur to blur: fresh buffers cost more than the passes (page faults,
 * cold caches, garbage collection). Grown to the largest window; single-threaded, and no blur runs inside another.
 */
const scratch = { values: new Float64Array(0), spare: new Float64Array(0) };

function scratchOf(key: keyof typeof scratch, length: number): Float64Array {
  if (scratch[key].length < length) scratch[key] = new Float64Array(length);
  return scratch[key];
}

/** Three box passes per axis over a `cols` × `rows` block, in place in `data`. */
function gaussianSums(data: Float64Array, cols: number, rows: number, radius: number): void {
  const spare = scratchOf('spare', cols * rows);
  for (let pass = 0; pass < 3; pass++) {
    rowPass(data, spare, cols, rows, radius);
    columnPass(spare, data, cols, rows, radius);
  }
}
/** Gaussian blurs over one weighted support (0..1 per pixel); the blurred weight at each σ is summed once. */
export interface SkinBlur {
  /**
   * Weighted Gaussian mean of each map at every pixel (σ in pixels), over the weight; where the weight within
   * reach is below `minWeight` (above 0) of the kernel's mass (far from any skin), a pixel keeps its own value.
   */
  means(maps: readonly Float32Array[], sigma: number, minWeight?: number): Float32Array[];
  /** The same for one map. */
  mean(map: Float32Array, sigma: number, minWeight?: number): Float32Array;
  /**
   * How much of the Gaussian neighbourhood (σ) of each pixel is skin: blur(weight), 0..1. Centre-surround measures
   * near the edge of the skin (hair, nostrils, brows, background) compare a pixel with one side of its
   * surroundings only; a low cover marks them. Read it on the support only: beyond 3 box radii of the support it
   * is 0 here (the whole-map passes left their rounding residue there).
   */
  cover(sigma: number): Float32Array;
  /**
   * smoothstep(from, to) of `cover(sigma)` where the weight is above 0, 0 elsewhere: the same values as mapping
   * the cover, computed over the support's rectangle only and without a cover map of its own.
   */
  fadedCover(sigma: number, from: number, to: number): Float32Array;
  /** The bounding rows of the pixels with weight above 0 (null when there are none): every other row is 0. */
  readonly rows: { y0: number; y1: number } | null;
}

interface Blurred {
  window: { sums: Rect; read: Rect };
  radius: number;
  /** The blurred weight over window.sums (cols × rows). */
  weight: Float64Array;
}

/**
 * The blurs over one weight. A class, and its loops in functions of the module: optimised code that inlined
 * closures made per blur was thrown away each scan when those closures were collected ("weak objects").
 */
class WeightedBlur implements SkinBlur {
  private readonly support: Rect | null;
  private readonly blurredWeight = new Map<number, Blurred>();

  constructor(
    private readonly weight: Float32Array,
    private readonly size: number,
    /** Whether the blurred weights go into the lists reused by every scratch blur (scratchBlurOver). */
    private readonly reused = false,
  ) {
    this.support = supportRect(weight, size);
  }

  mean(map: Float32Array, sigma: number, minWeight = 0.05): Float32Array {
    return this.means([map], sigma, minWeight)[0]!;
  }

  means(maps: readonly Float32Array[], sigma: number, minWeight = 0.05): Float32Array[] {
    // At 0 the whole-map blur divided by the rounding residue far from the skin, which the window leaves out.
    if (!(minWeight > 0)) throw new RangeError(`minWeight must be above 0, got ${minWeight}`);
    const blurred = this.weightAt(sigma);
    const outs = maps.map((map) => new Float32Array(map));
    if (!blurred || !this.support) return outs;
    const { window, radius } = blurred;
    const cols = window.sums.x1 - window.sums.x0 + 1;
    const rows = window.sums.y1 - window.sums.y0 + 1;
    const least = minWeight * boxWidth(sigma) ** 6;
    for (let c = 0; c < maps.length; c++) {
      const data = scratchOf('values', cols * rows);
      put(data, this.weight, this.size, this.support, window.sums, maps[c]!);
      gaussianSums(data, cols, rows, radius);
      divide(outs[c]!, data, blurred, this.size, least);
    }
    return outs;
  }

  cover(sigma: number): Float32Array {
    const { size } = this;
    const out = new Float32Array(size * size);
    const blurred = this.weightAt(sigma);
    if (!blurred) return out;
    const { sums, read } = blurred.window;
    const cols = sums.x1 - sums.x0 + 1;
    const mass = boxWidth(sigma) ** 6;
    for (let y = read.y0; y <= read.y1; y++) {
      for (let x = read.x0; x <= read.x1; x++) out[y * size + x] = blurred.weight[(y - sums.y0) * cols + (x - sums.x0)]! / mass;
    }
    return out;
  }

  fadedCover(sigma: number, from: number, to: number): Float32Array {
    const { size, support, weight } = this;
    const out = new Float32Array(size * size);
    const blurred = this.weightAt(sigma);
    if (!blurred || !support) return out;
    fadeOver(out, weight, blurred, support, size, boxWidth(sigma) ** 6, from, to);
    return out;
  }

  get rows(): { y0: number; y1: number } | null {
    return this.support;
  }

  private weightAt(sigma: number): Blurred | null {
    if (!this.support) return null;
    let blurred = this.blurredWeight.get(sigma);
    if (!blurred) {
      const radius = (boxWidth(sigma) - 1) / 2;
      const window = windowOf(this.support, this.size, radius);
      const { x0, x1, y0, y1 } = window.sums;
      const length = (x1 - x0 + 1) * (y1 - y0 + 1);
      const data = this.reused ? reusedWeight(this.blurredWeight.size, length) : new Float64Array(length);
      put(data, this.weight, this.size, this.support, window.sums, null);
      gaussianSums(data, x1 - x0 + 1, y1 - y0 + 1, radius);
      blurred = { window, radius, weight: data };
      this.blurredWeight.set(sigma, blurred);
    }
    return blurred;
  }
}

/** The pixels of the support as values of the window `sums` (weight × map, or the weight), 0 elsewhere in it. */
function put(data: Float64Array, weight: Float32Array, size: number, support: Rect, sums: Rect, map: Float32Array | null): void {
  const cols = sums.x1 - sums.x0 + 1;
  data.fill(0, 0, cols * (sums.y1 - sums.y0 + 1));
  for (let y = support.y0; y <= support.y1; y++) {
    const from = y * size;
    const to = (y - sums.y0) * cols - sums.x0;
    for (let x = support.x0; x <= support.x1; x++) {
      const w = weight[from + x]!;
      if (w <= 0) continue;
      data[to + x] = map ? w * map[from + x]! : w;
    }
  }
}

/**
 * `out[i]` = smoothstep(from, to, the cover as a Float32 value) at the support's pixels with weight above 0 (the
 * support lies within the window's `read` rectangle, where `cover` reads the blurred weight).
 */
function fadeOver(out: Float32Array, weight: Float32Array, blurred: Blurred, support: Rect, size: number, mass: number, from: number, to: number): void {
  const { sums } = blurred.window;
  const cols = sums.x1 - sums.x0 + 1;
  for (let y = support.y0; y <= support.y1; y++) {
    const row = y * size;
    const base = (y - sums.y0) * cols - sums.x0;
    for (let x = support.x0; x <= support.x1; x++) {
      if (!(weight[row + x]! > 0)) continue;
      out[row + x] = smoothstep(from, to, Math.fround(blurred.weight[base + x]! / mass));
    }
  }
}

/** Blurred sums over the blurred weight where it reaches `least`, into `out` (which holds the map's own values). */
function divide(out: Float32Array, data: Float64Array, blurred: Blurred, size: number, least: number): void {
  const { sums, read } = blurred.window;
  const cols = sums.x1 - sums.x0 + 1;
  for (let y = read.y0; y <= read.y1; y++) {
    const from = (y - sums.y0) * cols - sums.x0;
    const to = y * size;
    for (let x = read.x0; x <= read.x1; x++) {
      const den = blurred.weight[from + x]!;
      if (den >= least) out[to + x] = data[from + x]! / den;
    }
  }
}

export function blurOver(weight: Float32Array, size: number): SkinBlur {
  return new WeightedBlur(weight, size);
}

/**
 * blurOver whose blurred weights (one Float64 window per σ) live in lists the next scratch blur reuses: for a
 * caller that makes it, reads it and drops it within one synchronous call (features.ts innerSkinWeights, whose
 * weights were ≈ 1.5 MB of fresh lists a 1-MP scan). The maps it returns are fresh, as blurOver's.
 */
export function scratchBlurOver(weight: Float32Array, size: number): SkinBlur {
  return new WeightedBlur(weight, size, true);
}

/** The scratch blurs' blurred weights, the k-th σ's in the k-th list (grown to the largest; put clears it). */
const reusedWeights: Float64Array[] = [];
function reusedWeight(k: number, length: number): Float64Array {
  const list = reusedWeights[k];
  if (list && list.length >= length) return list.subarray(0, length);
  const grown = new Float64Array(length);
  reusedWeights[k] = grown;
  return grown;
}
