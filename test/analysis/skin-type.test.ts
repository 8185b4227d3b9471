/**
 * Skin type (functions/analysis/skin/skin-type.ts) follows painted sheen: white-light highlight patches (the
 * skin-model author's applySheen, speckled like real sheen) on the T-zone only make a normal face combination;
 * on the cheeks and chin as well, oily. Redness painted over cheeks and nose sets sensitive_prone. Real faces
 * (FACE_CROPS.light and .tan, sample6, two tones), the whole pipeline on re-encoded JPEGs. (The frontal face's
 * cheeks sit at the shine threshold, ≈ 10.4–10.7 % against 10.5 %, so its unpainted type is not a fixed point.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import * as synthetic from '../support/synthetic-skin';
import type { SkinType } from '../../functions/analysis/skin/skin-type';
import type { RegionName, RgbImage } from '../../functions/analysis/types';
import { faceJpeg } from '../helpers/images';
import { table, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

const S = 256;
let analyzer: InspectingAnalyzer;
const figures: string[] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  if (figures.length) console.info(`skin type\n${figures.join('\n\n')}`);
  await analyzer?.close();
});

/** `n` speckled sheen patches (radius 5 crop px, white light 0.25 at full weight) spread over `names`. */
function sheenOn(face: paint.PaintableFace, photo: RgbImage, names: RegionName[], n: number, seed: number): RgbImage {
  if (n === 0) return photo;
  const places = paint.spread(face, names, n, seed, 10);
  const w = synthetic.speckled(synthetic.discs(S, places.map((p) => ({ ...p, radius: 5 })), 3), S, seed, 0.3);
  return synthetic.applySheen(photo, paint.toPhotoWeights(face, w), 0.25);
}

/**
 * Dryness marks on the cheeks: a crosshatch of very fine dark lines (σ 0.5 crop px, 5 px apart, both diagonals)
 * at `strength` × the line density, limited to the cheeks' skin (feathered 2 px), as dehydrated skin's
 * crosshatched surface lines look.
 */
function crosshatch(face: paint.PaintableFace, photo: RgbImage, strength: number): RgbImage {
  const lines: [number, number][][] = [];
  for (let c = -S; c < 2 * S; c += 5) {
    lines.push([[c, 0], [c + S, S]]);
    lines.push([[c, S], [c + S, 0]]);
  }
  const hatch = synthetic.polylines(S, lines, 0.5);
  const cheeks = synthetic.feathered(paint.union(face.regions, ['left_cheek', 'right_cheek']), S, 2);
  const w = hatch.map((v, i) => v * cheeks[i]!);
  const density = synthetic.LESION_DENSITY.line.map((d) => d * strength) as synthetic.Density;
  return synthetic.applyDensity(photo, paint.toPhotoWeights(face, w), density);
}

async function skinTypeOf(photo: RgbImage): Promise<SkinType> {
  const { outcome } = await analyzer.inspect(await paint.encodePhoto(photo), ['oiliness'], { overlays: false });
  if (outcome.status !== 'completed') throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  if (!outcome.skinType) throw new Error('no skin type');
  return outcome.skinType;
}

describe.each(['light', 'tan'] as const)('the %s face', (name) => {
  let face: paint.PaintableFace;

  beforeAll(async () => {
    face = await paint.locateFace(analyzer, await faceJpeg(name));
  });

  it('when sheen is painted on the T-zone, then the type goes from normal to combination; on the cheeks and chin as well, to oily', async () => {
    const steps: { what: string; photo: RgbImage; expected: SkinType['type'] }[] = [];
    steps.push({ what: 'unpainted', photo: face.photo, expected: 'normal' });
    const tZone = sheenOn(face, face.photo, ['t_zone'], 15, 5);
    steps.push({ what: '15 T-zone patches', photo: tZone, expected: 'combination' });
    steps.push({ what: '15 T-zone + 20 cheek and chin patches', photo: sheenOn(face, tZone, ['left_cheek', 'right_cheek', 'chin'], 20, 9), expected: 'oily' });
    const rows: (string | number)[][] = [];
    for (const step of steps) {
      const type = await skinTypeOf(step.photo);
      rows.push([step.what, type.measures.t_zone_shine, type.measures.u_zone_shine, type.measures.u_zone_dryness, type.measures.redness, type.type, String(type.sensitive_prone)]);
    }
    figures.push(`${name}\n${table(['painted', 'T-zone shine %', 'U-zone shine %', 'U-zone dryness %', 'redness', 'type', 'sensitive-prone'], rows)}`);
    steps.forEach((step, i) => expect(rows[i]![5], `${name}, ${step.what}`).toBe(step.expected));
    // The T-zone measure rises with the T-zone sheen; the U-zone measure only with the U-zone sheen.
    expect(Number(rows[1]![1])).toBeGreaterThan(Number(rows[0]![1]));
    expect(Math.abs(Number(rows[1]![2]) - Number(rows[0]![2]))).toBeLessThan(1);
    expect(Number(rows[2]![2])).toBeGreaterThan(Number(rows[1]![2]));
  });

  it('when a flush is painted over the cheeks and nose, then the face reads sensitive-prone', async () => {
    expect((await skinTypeOf(face.photo)).sensitive_prone).toBe(false);
    const flushed = await skinTypeOf(paint.flush(face, 1));
    expect(flushed.sensitive_prone, JSON.stringify(flushed)).toBe(true);
  });
});

// The light face's cheeks are far from shiny (U-zone shine ≈ 6 %, "present" from ≈ 10.5 %); the tan face's cheeks
// hold almost no dryness to start from, so the dry rule is shown on the light face.
describe('the light face, dryness marks', () => {
  let face: paint.PaintableFace;

  beforeAll(async () => {
    face = await paint.locateFace(analyzer, await faceJpeg('light'));
  });

  it('when dryness marks are painted on the cheeks of an unshiny face, then it reads dry', async () => {
    const rows: (string | number)[][] = [];
    for (const strength of [0, 1, 2]) {
      const type = await skinTypeOf(strength === 0 ? face.photo : crosshatch(face, face.photo, strength));
      rows.push([strength, type.measures.t_zone_shine, type.measures.u_zone_shine, type.measures.u_zone_dryness, type.type]);
    }
    figures.push(`light, cheek crosshatch\n${table(['line density ×', 'T-zone shine %', 'U-zone shine %', 'U-zone dryness %', 'type'], rows)}`);
    expect(rows[0]![4]).toBe('normal');
    expect(rows[2]![4]).toBe('dry');
    expect(Number(rows[2]![3])).toBeGreaterThan(Number(rows[1]![3]));
    expect(Number(rows[1]![3])).toBeGreaterThan(Number(rows[0]![3]));
  });

});
