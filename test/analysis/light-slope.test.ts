/**
 * The light's slope radiance takes out (skin/markers/radiance.ts lightSlope, docs/analysis.md, Consistency, root
 * cause 11): the weighted least-squares plane through a map over some pixels.
 */
import { describe, expect, it } from 'vitest';
import { lightSlope } from '../../functions/analysis/skin/markers/radiance';
import { weightedPixels } from '../../functions/analysis/skin/weighted-stats';

const S = 64;

/** A map of a + b·x + c·y plus a bump, and a weight that is 1 over a square and 0.5 over another. */
function plane(b: number, c: number, bump = 0) {
  const map = new Float32Array(S * S);
  const weights = new Float32Array(S * S);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      map[y * S + x] = 20 + b * x + c * y + (Math.hypot(x - 48, y - 48) < 6 ? bump : 0);
      if (x >= 8 && x < 40 && y >= 8 && y < 40) weights[y * S + x] = 1;
      if (x >= 40 && x < 56 && y >= 20 && y < 30) weights[y * S + x] = 0.5;
    }
  }
  return { map, pixels: weightedPixels(weights) };
}

describe('lightSlope', () => {
  it('when a map is a plane over the fitted pixels, then its slope is recovered, and a bump outside them does not move it', () => {
    const { map, pixels } = plane(0.3, -0.12, 25);
    const [b, c] = lightSlope(map, pixels, S)!;
    expect(b).toBeCloseTo(0.3, 4);
    expect(c).toBeCloseTo(-0.12, 4);
  });

  it('when the fitted pixels lie on one row (no plane through them), then there is no slope', () => {
    const { map } = plane(0.3, 0.1);
    const row = new Float32Array(S * S);
    for (let x = 0; x < S; x++) row[10 * S + x] = 1;
    expect(lightSlope(map, weightedPixels(row), S)).toBeUndefined();
    expect(lightSlope(map, weightedPixels(new Float32Array(S * S)), S)).toBeUndefined();
  });
});
