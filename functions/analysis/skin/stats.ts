/** Robust statistics and blob labelling over masked pixels of one S×S map. */

import { wordsOf } from './mask-words.js';
import { reusedArray } from './reused-array.js';

/** Values of `map` (channel `channel` of an [1, C, S, S] output) where `mask` is 1. */
export function masked(map: Float32Array, mask: Uint8Array, channel = 0): Float32Array {
  const n = mask.length;
  const offset = channel * n;
  let count = 0;
  for (let i = 0; i < n; i++) count += mask[i]!;
  const out = new Float32Array(count);
  let k = 0;
  for (let i = 0; i < n; i++) if (mask[i]) out[k++] = map[offset + i]!;
  return out;
}

/**
 * Linear-interpolated percentile (p in 0..100); NaN for no values. The same value as sorting a copy and
 * interpolating, found by selection (linear time) on a copy.
 */
export function percentile(values: Float32Array, p: number): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const work = percentileScratch(n);
  work.set(values);
  for (let i = 0; i < n; i++) if (Number.isNaN(work[i]!)) return percentileSorted(work.sort(), p);
  const pos = (Math.min(100, Math.max(0, p)) / 100) * (n - 1);
  const lo = Math.floor(pos);
  const low = select(work, lo);
  if (lo + 1 >= n || pos === lo) return low;
  // After selecting index lo, everything right of it is ≥ it: the next order statistic is their minimum.
  let high = Infinity;
  for (let i = lo + 1; i < n; i++) if (work[i]! < high) high = work[i]!;
  return low + (high - low) * (pos - lo);
}

/**
 * percentile's working copy, in a list reused from call to call (grown to the largest): it is rearranged and read
 * within one synchronous call and never returned, so no two calls share it.
 */
let percentileWork = new Float32Array(0);
function percentileScratch(n: number): Float32Array {
  if (percentileWork.length < n) percentileWork = new Float32Array(n);
  return percentileWork.subarray(0, n);
}

/** Rearranges `a` so that a[k] is the k-th smallest, smaller or equal values left of it (Hoare's quickselect). */
function select(a: Float32Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (right > left) {
    // Median of three as the pivot keeps sorted and constant runs linear.
    const mid = (left + right) >>> 1;
    const x = a[left]!, y = a[mid]!, z = a[right]!; // prettier-ignore
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return a[k]!;
  }
  return a[k]!;
}

/** The k-th smallest value (k from 0), as `values.sort()[k]` would give it, by selection in place (no NaN values). */
export function kthSmallest(values: Float32Array, k: number): number {
  return select(values, k);
}

export function percentileSorted(sorted: Float32Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function median(values: Float32Array): number {
  return percentile(values, 50);
}

export function mean(values: Float32Array): number {
  if (values.length === 0) return Number.NaN;
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s / values.length;
}

export interface Blob {
  /** Pixel count. */
  area: number;
  /** Highest map value in the blob. */
  peak: number;
  /** Centroid. */
  x: number;
  y: number;
}

/** A blob with the pixel of its peak (findBlobs, spotPeaks): where its strength was read. */
export interface PeakedBlob extends Blob {
  /**
   * The pixel of its peak. A single spot's x, y are its component's centroid, which can lie far from the peak: two
   * spots that merge above the threshold after a resize have their centroid between them (docs/analysis.md,
   * Consistency, root cause 33).
   */
  peakX: number;
  peakY: number;
}

let componentScratch = { seen: new Uint8Array(0), stack: new Int32Array(0) };

/**
 * Calls `visit` with the pixels (in traversal order) of each 8-connected component of { map > threshold } inside
 * `mask` (channel 0 of an S×S map), components in scan order of their first pixel.
 */
function forEachComponent(map: Float32Array, mask: Uint8Array, size: number, threshold: number, visit: (members: readonly number[]) => void): void {
  const n = size * size;
  // Reused from call to call (a fresh pair per call was ≈ 3 MB of a scan's typed arrays): the search is
  // synchronous and `visit` never starts another, so no two calls share them; `seen` is cleared before use.
  if (componentScratch.seen.length < n) componentScratch = { seen: new Uint8Array(n), stack: new Int32Array(n) };
  const seen = componentScratch.seen.subarray(0, n);
  seen.fill(0);
  const { stack } = componentScratch;
  const members: number[] = [];
  // The starts in scan order, four mask bytes at a time as one 32-bit word, skipped while it is 0 (a mask is a few
  // regions of the crop): the same components in the same order.
  const words = wordsOf(mask);
  for (let start = 0; start < n; start++) {
    if (words && (start & 3) === 0 && start + 4 <= n && words[start >> 2] === 0) {
      start += 3;
      continue;
    }
    if (seen[start] || !mask[start] || !(map[start]! > threshold)) continue;
    members.length = 0;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const p = stack[--top]!;
      members.push(p);
      const px = p % size;
      const py = (p - px) / size;
      for (let dy = -1; dy <= 1; dy++) {
        const y = py + dy;
        if (y < 0 || y >= size) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const x = px + dx;
          if (x < 0 || x >= size) continue;
          const q = y * size + x;
          if (seen[q] || !mask[q] || !(map[q]! > threshold)) continue;
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    visit(members);
  }
}

/**
 * spotPeaks' marks of the component at hand, in a map reused from call to call (grown to the largest): all 0 between
 * components, as each clears its own members after its peaks are found. A fresh 256² map per call was one per spot
 * search (acne, pigmentation, age spots: per scan and per region).
 */
const componentMarks = reusedArray((n) => new Uint8Array(n));

/**
 * 8-connected components of { map > threshold } inside `mask` (channel 0 of an S×S map).
 * Components smaller than `minArea` or larger than `maxArea` pixels are dropped.
 */
export function findBlobs(
  map: Float32Array,
  mask: Uint8Array,
  size: number,
  threshold: number,
  minArea = 1,
  maxArea = Number.POSITIVE_INFINITY,
): PeakedBlob[] {
  const blobs: PeakedBlob[] = [];
  forEachComponent(map, mask, size, threshold, (members) => {
    const area = members.length;
    if (area < minArea || area > maxArea) return;
    let peak = -Infinity;
    let at = -1;
    for (const p of members) if (map[p]! > peak) ((peak = map[p]!), (at = p));
    const peakX = at % size;
    blobs.push({ area, peak, ...centroidOf(members, size), peakX, peakY: (at - peakX) / size });
  });
  return blobs;
}

/** The mean position of a component's pixels (pixel indices of an S × S map). */
function centroidOf(members: readonly number[], size: number): { x: number; y: number } {
  let sx = 0;
  let sy = 0;
  for (const p of members) {
    const px = p % size;
    sx += px;
    sy += (p - px) / size;
  }
  return { x: sx / members.length, y: sy / members.length };
}

/** Hermite smoothstep: 0 at or below `lo`, 1 at or above `hi`. */
export function smoothstep(lo: number, hi: number, v: number): number {
  const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
  return t * t * (3 - 2 * t);
}

/**
 * Spots in { map > threshold } inside `mask`: each 8-connected component of at least `minArea` pixels holds one spot
 * per peak. Its highest point is a spot; another local maximum (the highest value of the component in a (2r+1)²
 * window) is a spot of its own as far as it stands out: its prominence (its height over the highest saddle that joins
 * it to a higher maximum of the component, found by flooding the component from the top), as a share of its height
 * above the threshold, weighs it by smoothstep(prominence[0], prominence[1], share). Two neighbouring spots merge
 * above the threshold or part with every re-encode, resize or shifted crop; counting peaks by prominence keeps the
 * count the same either way, while a spot with a doubled or flat top, or noise on a raised patch, counts once. A
 * single spot comes back at its centroid with the component's area; several at their peaks, sharing the area
 * equally; every spot also carries its peak's pixel (peakX, peakY). `weight` is the prominence weight (1 for the highest).
 * Components over `maxArea` pixels hold no spot (age spots: a larger patch is uneven tone).
 */
export function spotPeaks(
  map: Float32Array,
  mask: Uint8Array,
  size: number,
  threshold: number,
  minArea: number,
  radius: number,
  prominence: readonly [number, number],
  maxArea = Number.POSITIVE_INFINITY,
): WeightedBlob[] {
  const spots: WeightedBlob[] = [];
  const inComponent = componentMarks(size * size);
  forEachComponent(map, mask, size, threshold, (members) => {
    if (members.length < minArea || members.length > maxArea) return;
    for (const p of members) inComponent[p] = 1;
    const peaks: number[] = [];
    for (const p of members) {
      const px = p % size;
      if (isLocalMaximum(map, inComponent, size, p, px, (p - px) / size, radius)) peaks.push(p);
    }
    for (const p of members) inComponent[p] = 0;
    const heights = peaks.length > 1 ? prominences(map, size, members, peaks) : new Map(peaks.map((p) => [p, Number.POSITIVE_INFINITY]));
    // Prominence as a share of the peak's height above the threshold: a bump on a raised plateau (noise inside a
    // patch) stands out little, a spot that touches its neighbour only near the threshold stands out almost wholly.
    const share = (p: number) => heights.get(p)! / Math.max(map[p]! - threshold, 1e-6);
    const kept = peaks.map((p) => [p, smoothstep(prominence[0], prominence[1], share(p))] as const).filter(([, w]) => w > 0);
    if (kept.length === 1) {
      const [p, weight] = kept[0]!;
      const px = p % size;
      spots.push({ area: members.length, peak: map[p]!, ...centroidOf(members, size), weight, peakX: px, peakY: (p - px) / size });
      return;
    }
    for (const [p, weight] of kept) {
      const px = p % size;
      const py = (p - px) / size;
      spots.push({ area: members.length / kept.length, peak: map[p]!, x: px, y: py, weight, peakX: px, peakY: py });
    }
  });
  return spots;
}

export interface WeightedBlob extends PeakedBlob {
  /** How far the spot stands apart from a higher one in the same component, 0..1 (1: alone or the highest). */
  weight: number;
}

/**
 * Per peak of one component, its prominence: the component flooded from its highest pixel down (union-find), a peak's
 * height over the level at which its basin joins a basin with a higher peak. The highest peak gets Infinity.
 */
function prominences(map: Float32Array, size: number, members: readonly number[], peaks: readonly number[]): Map<number, number> {
  const order = [...members].sort((p, q) => map[q]! - map[p]! || p - q);
  const parent = new Map<number, number>();
  const top = new Map<number, number>(); // root → the highest pixel of its basin
  const isPeak = new Set(peaks);
  const out = new Map<number, number>();
  const find = (p: number): number => {
    let r = p;
    while (parent.get(r) !== r) r = parent.get(r)!;
    for (let q = p; q !== r; ) {
      const next = parent.get(q)!;
      parent.set(q, r);
      q = next;
    }
    return r;
  };
  for (const p of order) {
    parent.set(p, p);
    top.set(p, p);
    const px = p % size;
    const py = (p - px) / size;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const x = px + dx;
        const y = py + dy;
        if ((dx === 0 && dy === 0) || x < 0 || y < 0 || x >= size || y >= size) continue;
        const q = y * size + x;
        if (!parent.has(q)) continue; // not in the component, or not flooded yet
        const a = find(p);
        const b = find(q);
        if (a === b) continue;
        const [high, low] = map[top.get(a)!]! >= map[top.get(b)!]! ? [a, b] : [b, a];
        const lowTop = top.get(low)!;
        // The lower basin's peak meets higher ground at this level: that is its prominence.
        if (isPeak.has(lowTop) && !out.has(lowTop)) out.set(lowTop, map[lowTop]! - map[p]!);
        parent.set(low, high);
      }
    }
  }
  for (const p of peaks) if (!out.has(p)) out.set(p, Number.POSITIVE_INFINITY);
  return out;
}

/**
 * Whether no pixel of the (2r+1)² window round p inside `mask` (here: p's own component) is higher (equal ones earlier
 * in scan order win the tie). Elsewhere the map is not looked at: a spot next to a region's edge or next to a larger
 * spot keeps its peak.
 */
function isLocalMaximum(map: Float32Array, mask: Uint8Array, size: number, p: number, px: number, py: number, radius: number): boolean {
  const v = map[p]!;
  for (let dy = -radius; dy <= radius; dy++) {
    const y = py + dy;
    if (y < 0 || y >= size) continue;
    for (let dx = -radius; dx <= radius; dx++) {
      const x = px + dx;
      const q = y * size + x;
      if (x < 0 || x >= size || q === p || !mask[q]) continue;
      const w = map[q]!;
      if (w > v || (w === v && q < p)) return false;
    }
  }
  return true;
}
