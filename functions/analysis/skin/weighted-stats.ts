/**
 * Statistics over pixels that each count with a weight in 0..1 (skin/features.ts: how far a pixel is from
 * glare). A pixel that fades out of a measurement as its weight falls moves the result a little; a pixel that
 * drops out of a hard mask moves it a step, and the steps are what made re-encodes and resizes of one photo
 * score differently (docs/analysis.md, "Consistency").
 */

import { percentile } from './stats.js';

const INDEX_SPAN = 65536;
const bitsView = new Float32Array(1);
const bitsOf = new Uint32Array(bitsView.buffer);

/** A float32's bit pattern as an unsigned integer that sorts in the float's order. */
function orderedBits(v: number): number {
  bitsView[0] = v;
  const b = bitsOf[0]!;
  return b & 0x80000000 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
}

/** Pixels of an S×S map that count, and how much: `index` into the map, `weight` in (0, 1] beside it. */
export interface Weighted {
  index: Uint32Array;
  weight: Float32Array;
}

/** Σ weight. */
export function totalWeight(pixels: Weighted): number {
  let s = 0;
  for (let i = 0; i < pixels.weight.length; i++) s += pixels.weight[i]!;
  return s;
}

/** The pixels of a dense S×S weight map with weight > 0. */
export function weightedPixels(weights: Float32Array): Weighted {
  let n = 0;
  for (let i = 0; i < weights.length; i++) if (weights[i]! > 0) n++;
  const index = new Uint32Array(n);
  const weight = new Float32Array(n);
  let k = 0;
  for (let i = 0; i < weights.length; i++) {
    if (!(weights[i]! > 0)) continue;
    index[k] = i;
    weight[k++] = weights[i]!;
  }
  return { index, weight };
}

/**
 * The weighted p-th percentile (p in 0..100) of `map` over the pixels with weight > 0; NaN when there are none.
 * Each value stands for an interval of cumulative weight centred on its own weight, and the percentile
 * interpolates linearly between the centres, so with all weights 1 it equals the unweighted percentile.
 */
export function weightedPercentile(map: Float32Array, pixels: Weighted, p: number): number {
  const { index, weight } = pixels;
  const n = index.length;
  if (n === 0) return Number.NaN;
  let allOne = true;
  for (let i = 0; i < n; i++) if (weight[i] !== 1) allOne = false;
  // No pixel fades (no glare in these regions): the unweighted percentile, found by selection in linear time.
  if (allOne) {
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) values[i] = map[index[i]!]!;
    return percentile(values, p);
  }
  if (n > INDEX_SPAN) throw new RangeError(`weightedPercentile: at most ${INDEX_SPAN} weighted values, got ${n}`);
  // Sorted by value through one native sort of doubles: each key is the value's order-preserving 32-bit pattern
  // times 2^16 plus the pixel's position (S² ≤ 65536), exact in a double's 53 bits. (A comparator sort of indices
  // cost ≈ 25 ms per analysis.)
  const values = new Float64Array(n);
  const w = new Float64Array(n);
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const v = map[index[k]!]!;
    values[k] = v;
    w[k] = weight[k]!;
    keys[k] = orderedBits(v) * INDEX_SPAN + k;
  }
  keys.sort();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = keys[i]! % INDEX_SPAN;
  let total = 0;
  for (let i = 0; i < n; i++) total += w[i]!;
  // Centres of each value's weight interval, as positions on the 0..n−1 scale of the unweighted percentile.
  const target = (Math.min(100, Math.max(0, p)) / 100) * (total - 1);
  let before = 0;
  let previous = values[order[0]!]!;
  let previousCentre = (w[order[0]!]! - 1) / 2;
  if (target <= previousCentre) return previous;
  for (let i = 0; i < n; i++) {
    const j = order[i]!;
    const centre = before + (w[j]! - 1) / 2;
    if (i > 0 && target <= centre) {
      const t = centre === previousCentre ? 1 : (target - previousCentre) / (centre - previousCentre);
      return previous + (values[j]! - previous) * t;
    }
    before += w[j]!;
    previous = values[j]!;
    previousCentre = centre;
  }
  return previous;
}

export function weightedMedian(map: Float32Array, pixels: Weighted): number {
  return weightedPercentile(map, pixels, 50);
}

/** Σ weight · f(map) / Σ weight over the pixels; NaN when the weights sum to 0. */
export function weightedMean(map: Float32Array, pixels: Weighted, f: (v: number) => number = (v) => v): number {
  const { index, weight } = pixels;
  let s = 0;
  let c = 0;
  for (let k = 0; k < index.length; k++) {
    const w = weight[k]!;
    s += w * f(map[index[k]!]!);
    c += w;
  }
  return c === 0 ? Number.NaN : s / c;
}
