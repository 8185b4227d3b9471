/**
 * How spots are counted in a contrast map (functions/analysis/skin/stats.ts spotPeaks), the acne and pigmentation
 * counts' unit: one spot per prominent peak of each component above the threshold, so two spots count twice whether
 * or not they touch above the threshold, and a spot with a doubled or flat top counts once.
 */
import { describe, expect, it } from 'vitest';
import { spotPeaks } from '../../functions/analysis/skin/stats';

const S = 64;
const EVERYWHERE = new Uint8Array(S * S).fill(1);
const PROMINENCE: [number, number] = [0.5, 0.8];

/** Gaussian bumps (σ, height) on a flat map. */
function bumps(spots: { x: number; y: number; height: number; sigma: number }[]): Float32Array {
  const map = new Float32Array(S * S);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      for (const s of spots) map[y * S + x]! += s.height * Math.exp(-((x - s.x) ** 2 + (y - s.y) ** 2) / (2 * s.sigma ** 2));
    }
  }
  return map;
}

const countOf = (map: Float32Array, mask = EVERYWHERE) => spotPeaks(map, mask, S, 4, 2, 3, PROMINENCE).reduce((n, b) => n + b.weight, 0);

describe('spot peaks', () => {
  it('when two spots are moved closer until they touch above the threshold, then they count as two at every distance', () => {
    const counts: number[] = [];
    for (const apart of [16, 12, 9, 8]) {
      const map = bumps([
        { x: 32 - apart / 2, y: 32, height: 8, sigma: 2.5 },
        { x: 32 + apart / 2, y: 32, height: 8, sigma: 2.5 },
      ]);
      const components = spotPeaks(map, EVERYWHERE, S, 4, 2, 30, PROMINENCE).length; // a radius that sees one maximum per component
      counts.push(countOf(map));
      if (apart <= 8) expect(components, `${apart} px apart: one component`).toBe(1);
    }
    for (const c of counts) expect(c, counts.join(', ')).toBeCloseTo(2, 5);
  });

  it('when a spot has two tops with a shallow dip between them, then it counts once', () => {
    const map = bumps([
      { x: 30, y: 32, height: 7, sigma: 2.5 },
      { x: 35.5, y: 32, height: 7, sigma: 2.5 },
    ]);
    const row = Array.from({ length: 8 }, (_, i) => map[32 * S + 29 + i]!.toFixed(2)).join(' ');
    const maxima = spotPeaks(map, EVERYWHERE, S, 4, 2, 1, [0, 1e-6]);
    expect(maxima.length, `two tops: ${row}`).toBe(2);
    expect(countOf(map), row).toBeCloseTo(1, 5);
  });

  it('when a small spot sits beside a larger one in a component of its own, then both count and keep their peaks', () => {
    const map = bumps([
      { x: 30, y: 32, height: 10, sigma: 1 },
      { x: 34, y: 32, height: 6, sigma: 1.2 },
    ]);
    const spots = spotPeaks(map, EVERYWHERE, S, 4, 2, 3, PROMINENCE);
    expect(spots.map((b) => Math.round(b.peak)).sort()).toEqual([10, 6].sort());
  });

  it('when a spot lies at the edge of the mask, then the map outside the mask does not take its peak away', () => {
    const map = bumps([
      { x: 32, y: 32, height: 8, sigma: 1.5 },
      { x: 36, y: 32, height: 20, sigma: 1.5 },
    ]);
    const mask = new Uint8Array(S * S);
    for (let y = 0; y < S; y++) for (let x = 0; x < 34; x++) mask[y * S + x] = 1;
    const spots = spotPeaks(map, mask, S, 4, 2, 3, PROMINENCE);
    expect(spots.length).toBe(1);
    expect(spots[0]!.weight).toBe(1);
  });

  it('when a component is smaller than the minimum area, then it holds no spot', () => {
    const map = new Float32Array(S * S);
    map[10 * S + 10] = 9;
    expect(spotPeaks(map, EVERYWHERE, S, 4, 2, 3, PROMINENCE)).toEqual([]);
    map[10 * S + 11] = 8;
    expect(spotPeaks(map, EVERYWHERE, S, 4, 2, 3, PROMINENCE)).toEqual([{ area: 2, peak: 9, x: 10.5, y: 10, weight: 1, peakX: 10, peakY: 10 }]);
  });
});

describe('where a spot is read', () => {
  it('when two spots merge into one component with one peak kept, then the spot carries its peak pixel, not only the centroid', () => {
    // A crescent: a strong end at (10, 10) and a long weak tail curling away; the centroid lies off the peak.
    const map = new Float32Array(S * S);
    map[10 * S + 10] = 12;
    for (let x = 11; x <= 20; x++) map[10 * S + x] = 5;
    for (let y = 11; y <= 18; y++) map[y * S + 20] = 5;
    const spots = spotPeaks(map, EVERYWHERE, S, 4, 2, 3, PROMINENCE);
    expect(spots).toHaveLength(1);
    expect([spots[0]!.peakX, spots[0]!.peakY]).toEqual([10, 10]);
    expect(Math.hypot(spots[0]!.x - 10, spots[0]!.y - 10)).toBeGreaterThan(5);
  });
});
