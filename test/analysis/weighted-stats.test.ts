/** The weighted statistics the glare weighting relies on (functions/analysis/skin/weighted-stats.ts). */
import { describe, expect, it } from 'vitest';
import { kthSmallest, percentile } from '../../functions/analysis/skin/stats';
import { weightedMean, weightedPercentile, weightedPixels } from '../../functions/analysis/skin/weighted-stats';

function randomMap(n: number, seed: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length: n }, () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return (s / 2 ** 32) * 20 - 10;
  });
}

/** The definition, written plainly: values sorted by a comparator (ties by position), centres interpolated. */
function referencePercentile(map: Float32Array, weights: Float32Array, p: number): number {
  const kept = [...weights.keys()].filter((i) => weights[i]! > 0);
  const order = [...kept.keys()].sort((x, y) => map[kept[x]!]! - map[kept[y]!]! || x - y);
  const value = (i: number) => map[kept[order[i]!]!]!;
  const weight = (i: number) => weights[kept[order[i]!]!]!;
  const total = kept.reduce((s, i) => s + weights[i]!, 0);
  const target = (p / 100) * (total - 1);
  let before = 0;
  let previousCentre = (weight(0) - 1) / 2;
  if (target <= previousCentre) return value(0);
  for (let i = 0; i < order.length; i++) {
    const centre = before + (weight(i) - 1) / 2;
    if (i > 0 && target <= centre) return value(i - 1) + (value(i) - value(i - 1)) * (centre === previousCentre ? 1 : (target - previousCentre) / (centre - previousCentre));
    before += weight(i);
    previousCentre = centre;
  }
  return value(order.length - 1);
}

describe('kthSmallest', () => {
  it('when values have ties and negatives, then the k-th smallest is the element a sort puts at k', () => {
    const map = randomMap(4001, 7);
    map.fill(1.5, 10, 400);
    const sorted = Float32Array.from(map).sort();
    for (const k of [0, 1, 200, 2000, 3999, 4000]) expect(kthSmallest(Float32Array.from(map), k)).toBe(sorted[k]);
  });
});

describe('weighted percentiles', () => {
  it('when weights fade, then the percentile is exactly the plainly written definition (radix-sorted, ties and negative values included)', () => {
    const map = randomMap(20000, 11);
    map.fill(-0.5, 300, 900); // a long run of ties
    map.fill(0, 1000, 1100);
    const weights = Float32Array.from(map, (_, i) => (i % 5 === 0 ? 0 : i % 7 === 0 ? 0.25 + (i % 3) * 0.25 : 1));
    for (const p of [0, 1, 25, 50, 75, 90, 99, 100]) expect(weightedPercentile(map, weightedPixels(weights), p)).toBe(referencePercentile(map, weights, p));
  });

  it('when every weight is 1, then the weighted percentile equals the unweighted one (negative values and ties included)', () => {
    const map = randomMap(5000, 3);
    map.fill(2.5, 100, 200);
    const ones = new Float32Array(map.length).fill(1);
    for (const p of [0, 10, 25, 50, 75, 90, 100]) expect(weightedPercentile(map, weightedPixels(ones), p)).toBeCloseTo(percentile(map, p), 5);
  });

  it('when weights are 0 or 1, then pixels of weight 0 are left out exactly as a mask leaves them out', () => {
    const map = randomMap(3000, 5);
    const weights = Float32Array.from(map, (_, i) => (i % 3 === 0 ? 0 : 1));
    const kept = map.filter((_, i) => i % 3 !== 0);
    expect(weightedPercentile(map, weightedPixels(weights), 50)).toBeCloseTo(percentile(kept, 50), 5);
    expect(weightedPercentile(map, weightedPixels(weights), 90)).toBeCloseTo(percentile(kept, 90), 5);
  });

  it('when one pixel fades from weight 1 to 0, then the median moves continuously (no step larger than the gap to its neighbour value)', () => {
    const map = Float32Array.from([1, 2, 3, 4, 100]);
    const medians = [1, 0.75, 0.5, 0.25, 0.001].map((w) => weightedPercentile(map, weightedPixels(Float32Array.from([1, 1, 1, 1, w])), 50));
    for (let i = 1; i < medians.length; i++) expect(Math.abs(medians[i]! - medians[i - 1]!)).toBeLessThanOrEqual(0.5);
    expect(medians[0]).toBe(3);
    expect(medians[medians.length - 1]).toBeCloseTo(2.5, 2);
  });

  it('when nothing has weight, then the percentile and the mean are NaN', () => {
    expect(weightedPercentile(Float32Array.from([1, 2]), weightedPixels(new Float32Array(2)), 50)).toBeNaN();
    expect(weightedMean(Float32Array.from([1, 2]), weightedPixels(new Float32Array(2)))).toBeNaN();
  });
});
