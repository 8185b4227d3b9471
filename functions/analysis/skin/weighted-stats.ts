/**
 * Statistics over pixels that each count with a weight in 0..1 (skin/features.ts: how far a pixel is from
 * glare). A pixel that fades out of a measurement as its weight falls moves the result a little; a pixel that
 * drops out of a hard mask moves it a step, and the steps are what made re-encodes and resizes of one photo
 * score differently (docs/analysis.md, "Consistency").
 */

import type { RegionName } from '../types.js';
import { percentile } from './stats.js';

const bitsView = new Float32Array(1);
const bitsOf = new Uint32Array(bitsView.buffer);

/** A float32's bit pattern as an unsigned integer that sorts in the float's order. */
function orderedBits(v: number): number {
  bitsView[0] = v;
  const b = bitsOf[0]!;
  return b & 0x80000000 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
}

const DIGIT_BITS = 11;
const DIGITS = 1 << DIGIT_BITS;
const PASSES = 3;
/** The three digits' counts side by side (pass p at p · DIGITS), made in one walk of the keys. */
const counts = new Uint32Array(PASSES * DIGITS);

/**
 * The two position lists of radixOrder, reused from call to call (grown to the longest): the order it returns is
 * read before the next call (weightedPercentile, synchronous), so no two calls ever share them.
 */
const radixLists = [new Int32Array(0), new Int32Array(0), new Int32Array(0)];

/** A view of `n` positions of one of the reused lists (2: weightedPercentiles' keys, read only by radixOrder). */
function radixScratch(which: 0 | 1 | 2, n: number): Int32Array {
  if (radixLists[which]!.length < n) radixLists[which] = new Int32Array(n);
  return radixLists[which]!.subarray(0, n);
}

/**
 * The positions of `keys` (unsigned 32-bit patterns stored in an Int32Array: V8 keeps int32 arithmetic in
 * registers, values above 2^31 would be doubles) in ascending unsigned order, equal keys in their original order
 * (stable LSD radix sort). The counts of all three digits come from one walk of the keys, and the first pass that
 * moves anything reads the positions in their original order without a list of them: a stable sort has one result,
 * so this is the order three separate counting passes gave.
 */
function radixOrder(keys: Int32Array): Int32Array {
  const n = keys.length;
  const mask = DIGITS - 1;
  // Each loop in a function of its own: in one function V8 compiled radixOrder again for each loop after the one
  // before it deoptimised (docs/performance.md, "Sixth round").
  countDigits(keys, mask);
  let order = radixScratch(0, n);
  let spare = radixScratch(1, n);
  let identity = true;
  for (let pass = 0; pass < PASSES; pass++) {
    const shift = pass * DIGIT_BITS;
    const base = pass * DIGITS;
    if (counts[base + ((keys[0]! >>> shift) & mask)] === n) continue; // one digit value: the pass would not move anything
    startsOf(base);
    if (identity) {
      scatterInPlace(keys, spare, base, shift, mask);
      identity = false;
    } else scatterBy(keys, order, spare, base, shift, mask);
    const swap = order;
    order = spare;
    spare = swap;
  }
  if (identity) identityInto(order);
  return order;
}

/** The counts of all three digits of the keys, in one walk. */
function countDigits(keys: Int32Array, mask: number): void {
  counts.fill(0);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    counts[k & mask]!++;
    counts[DIGITS + ((k >>> DIGIT_BITS) & mask)]!++;
    counts[2 * DIGITS + ((k >>> (2 * DIGIT_BITS)) & mask)]!++;
  }
}

/** One digit's counts (from `base`) turned into the position each digit value starts at. */
function startsOf(base: number): void {
  let sum = 0;
  for (let d = base; d < base + DIGITS; d++) {
    const c = counts[d]!;
    counts[d] = sum;
    sum += c;
  }
}

/** One pass over the positions in their original order. */
function scatterInPlace(keys: Int32Array, spare: Int32Array, base: number, shift: number, mask: number): void {
  for (let i = 0; i < keys.length; i++) spare[counts[base + ((keys[i]! >>> shift) & mask)]!++] = i;
}

/** One pass over the positions in `order`. */
function scatterBy(keys: Int32Array, order: Int32Array, spare: Int32Array, base: number, shift: number, mask: number): void {
  for (let i = 0; i < keys.length; i++) {
    const j = order[i]!;
    spare[counts[base + ((keys[j]! >>> shift) & mask)]!++] = j;
  }
}

function identityInto(order: Int32Array): void {
  for (let i = 0; i < order.length; i++) order[i] = i;
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

/**
 * The pixels of a dense S×S weight map with weight > 0; only those from `from` up to `to` (exclusive) when the caller
 * knows no other has weight (unionPixels).
 */
export function weightedPixels(weights: Float32Array, from = 0, to = weights.length): Weighted {
  // Counted first, then lists of that length: lists as long as the map, sliced, were ≈ 7 MB of the ≈ 56 MB of
  // typed arrays a scan allocated, and that external memory is what starts V8's full collections.
  let n = 0;
  for (let i = from; i < to; i++) if (weights[i]! > 0) n++;
  const index = new Uint32Array(n);
  const weight = new Float32Array(n);
  let k = 0;
  for (let i = from; k < n; i++) {
    const w = weights[i]!;
    if (!(w > 0)) continue;
    index[k] = i;
    weight[k++] = w;
  }
  return { index, weight };
}

/**
 * The weighted p-th percentile (p in 0..100) of `map` over the pixels with weight > 0; NaN when there are none.
 * Each value stands for an interval of cumulative weight centred on its own weight, and the percentile
 * interpolates linearly between the centres, so with all weights 1 it equals the unweighted percentile.
 */
export function weightedPercentile(map: Float32Array, pixels: Weighted, p: number): number {
  return weightedPercentiles(map, pixels, [p])[0]!;
}

/**
 * weightedPercentile at each of `ps`, the values sorted once (uniformness reads the 20th and the 80th of each
 * region: one radix sort instead of two). Each is the number weightedPercentile returns for it.
 */
export function weightedPercentiles(map: Float32Array, pixels: Weighted, ps: readonly number[]): number[] {
  const { index, weight } = pixels;
  const n = index.length;
  if (n === 0) return ps.map(() => Number.NaN);
  // No pixel fades (no glare in these regions): the unweighted percentile, found by selection in linear time.
  if (allOnes(weight, n)) {
    const values = gatheredScratch(n);
    gatherValues(values, map, index);
    return ps.map((p) => percentile(values, p));
  }
  // Sorted by value: the value's order-preserving 32-bit pattern, ties in pixel-list order, by a stable LSD radix
  // sort of three 11-bit digits (linear time; ≈ 4× faster than the native sort of doubles it replaces, which
  // ordered by pattern × 2^16 + position: the same order). Values and weights are read from the float32 inputs
  // where they are needed (the same doubles a copy would hold).
  const bits = radixScratch(2, n);
  const total = orderedBitsInto(bits, map, index, weight);
  const order = radixOrder(bits);
  return ps.map((p) => percentileInOrder(map, pixels, order, total, p));
}

/**
 * weightedPercentiles' gathered values, in a list reused from call to call (grown to the longest): percentile reads
 * them within the call (into a working copy of its own) and nothing keeps them, so no two calls share it.
 */
let gathered = new Float32Array(0);
function gatheredScratch(n: number): Float32Array {
  if (gathered.length < n) gathered = new Float32Array(n);
  return gathered.subarray(0, n);
}

/** Whether the first n weights are all 1. */
function allOnes(weight: Float32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (weight[i] !== 1) return false;
  return true;
}

function gatherValues(values: Float32Array, map: Float32Array, index: Uint32Array): void {
  for (let i = 0; i < values.length; i++) values[i] = map[index[i]!]!;
}

/** Each pixel's value as its order-preserving bit pattern into `bits`; returns Σ weight (summed in pixel order). */
function orderedBitsInto(bits: Int32Array, map: Float32Array, index: Uint32Array, weight: Float32Array): number {
  let total = 0;
  for (let k = 0; k < bits.length; k++) {
    bits[k] = orderedBits(map[index[k]!]!) | 0;
    total += weight[k]!;
  }
  return total;
}

/** The weighted p-th percentile of the pixels visited in `order` (ascending values), their weights summing to `total`. */
function percentileInOrder(map: Float32Array, { index, weight }: Weighted, order: Int32Array, total: number, p: number): number {
  const n = index.length;
  const valueAt = (k: number) => map[index[k]!]!;
  // Centres of each value's weight interval, as positions on the 0..n−1 scale of the unweighted percentile.
  const target = (Math.min(100, Math.max(0, p)) / 100) * (total - 1);
  let before = 0;
  let previous = valueAt(order[0]!);
  let previousCentre = (weight[order[0]!]! - 1) / 2;
  if (target <= previousCentre) return previous;
  for (let i = 0; i < n; i++) {
    const j = order[i]!;
    const w = weight[j]!;
    const centre = before + (w - 1) / 2;
    if (i > 0 && target <= centre) {
      const t = centre === previousCentre ? 1 : (target - previousCentre) / (centre - previousCentre);
      return previous + (valueAt(j) - previous) * t;
    }
    before += w;
    previous = valueAt(j);
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

/** Per-region weighted pixels and the regions with enough weight to measure (features.ts views, the added markers' inputs). */
export interface WeightedRegions {
  size: number;
  pixels: Record<RegionName, Weighted>;
  usable: ReadonlySet<RegionName>;
}

/** The map denseUnionScratch returns, reused (grown to the largest). */
let denseScratch = new Float32Array(0);

/**
 * The usable regions among `names` as one dense S × S weight map (overlapping regions count once, at their larger
 * weight), in a map reused from call to call: for callers that read it within one synchronous call and keep nothing
 * that holds it (age spots' and blackheads' weights, pigmentation's spot weights: a fresh 256² map each was ≈ 3 MB a
 * 1-MP scan). The next call overwrites it.
 */
export function denseUnionScratch(regions: WeightedRegions, names: readonly RegionName[]): Float32Array {
  const n = regions.size * regions.size;
  if (denseScratch.length < n) denseScratch = new Float32Array(n);
  const out = denseScratch.subarray(0, n);
  out.fill(0);
  for (const name of names) {
    if (!regions.usable.has(name)) continue;
    const { index, weight } = regions.pixels[name];
    for (let k = 0; k < index.length; k++) if (weight[k]! > out[index[k]!]!) out[index[k]!] = weight[k]!;
  }
  return out;
}

/** The dense map unionPixels builds in, reused (all 0 between calls). */
let unionScratch = new Float32Array(0);

/**
 * weightedPixels of the regions' dense union (as denseUnionScratch builds it) without a fresh dense map per call
 * (features.ts unionOf: ≈ 14 a scan, 256 KB each; radiance's two unions): the same pixels and weights, built in a
 * reused map that is cleared again before returning (synchronous, so no two calls share it).
 */
export function unionPixels(regions: WeightedRegions, names: readonly RegionName[]): Weighted {
  const n = regions.size * regions.size;
  if (unionScratch.length < n) unionScratch = new Float32Array(n);
  const dense = unionScratch.subarray(0, n);
  // Only the span of the listed pixels is read and cleared again (the regions are a few percent of the crop).
  const span = new Int32Array([n, 0]);
  for (const name of names) {
    if (!regions.usable.has(name)) continue;
    const { index, weight } = regions.pixels[name];
    markUnion(dense, index, weight, span);
  }
  const from = span[0]!;
  const to = span[1]!;
  if (from >= to) return weightedPixels(dense, 0, 0);
  const pixels = weightedPixels(dense, from, to);
  dense.fill(0, from, to);
  return pixels;
}

/** Each listed pixel at its larger weight in `dense`; `span` widened to [first, last + 1) of the pixels listed. */
function markUnion(dense: Float32Array, index: Uint32Array, weight: Float32Array, span: Int32Array): void {
  let from = span[0]!;
  let to = span[1]!;
  for (let k = 0; k < index.length; k++) {
    const i = index[k]!;
    if (weight[k]! > dense[i]!) dense[i] = weight[k]!;
    if (i < from) from = i;
    if (i >= to) to = i + 1;
  }
  span[0] = from;
  span[1] = to;
}
