/**
 * Skin tone (ITA°, functions/analysis/skin/skin-tone.ts): the formula on flat colour patches through the skin
 * model, the category boundaries, and a real face (FACE_CROPS.light at twice its size, an ordinary selfie)
 * recoloured in CIELAB to each ITA° category reads that category through the whole pipeline.
 */
import { describe, expect, it } from 'vitest';
import { reduceFeatures } from '../../functions/analysis/skin/features';
import { skinToneCategory, skinToneOf, type SkinToneCategory } from '../../functions/analysis/skin/skin-tone';
import { REGION_NAMES, type RegionMasks } from '../../functions/analysis/types';
import { analyzerAndSkinModel, scaledFace, table } from './support/analyzer';
import * as paint from './support/painting';
import { recolourSkin, srgb8ToLab } from './support/recolour';

const S = 256;
const models = analyzerAndSkinModel('skin tone');
const { figures } = models;

/** The textbook ITA°: arctan((L* − 50) / b*), in degrees, for an 8-bit sRGB colour. */
function textbookIta(rgb: [number, number, number]): number {
  const [L, , b] = srgb8ToLab(...rgb);
  return (Math.atan((L - 50) / b) * 180) / Math.PI;
}

function flatPatch([r, g, b]: [number, number, number]) {
  const data = new Uint8Array(S * S * 3);
  for (let i = 0; i < S * S; i++) data.set([r, g, b], 3 * i);
  return { data, width: S, height: S };
}

function everywhere(): RegionMasks {
  const masks = Object.fromEntries(REGION_NAMES.map((name) => [name, new Uint8Array(S * S).fill(1)])) as RegionMasks['masks'];
  return { size: S, masks };
}

describe('ITA° of flat colour patches', () => {
  // Skin-like colours from very light to dark, and one yellowish and one pinkish patch.
  const patches: [number, number, number][] = [
    [246, 222, 206],
    [232, 190, 160],
    [214, 165, 130],
    [190, 135, 100],
    [150, 100, 70],
    [110, 70, 48],
    [70, 45, 32],
    [225, 190, 120],
    [230, 170, 170],
  ];

  it('when flat patches go through the skin model, then ITA° matches arctan((L* − 50) / b*) of their colour within 0.2°', async () => {
    const rows: (string | number)[][] = [];
    for (const rgb of patches) {
      const features = reduceFeatures(await models.skin.maps(flatPatch(rgb)), everywhere());
      const tone = skinToneOf(features.baseline);
      const expected = textbookIta(rgb);
      rows.push([rgb.join(', '), expected.toFixed(2), tone.ita, tone.category]);
      expect(Math.abs(tone.ita - expected), `rgb ${rgb.join(',')}`).toBeLessThanOrEqual(0.2);
      expect(tone.category).toBe(skinToneCategory(Math.round(expected * 10) / 10));
      const [, a, b] = srgb8ToLab(...rgb);
      expect(Math.abs(tone.hue_angle - (Math.atan2(b, a) * 180) / Math.PI)).toBeLessThanOrEqual(0.2);
    }
    figures.push(`flat patches\n${table(['sRGB', 'textbook ITA°', 'measured ITA°', 'category'], rows)}`);
  });
});

describe('ITA° categories', () => {
  it('when an angle is on a boundary, then it belongs to the darker category (Chardon 1991 / Del Bino 2013 bounds)', () => {
    const cases: [number, SkinToneCategory][] = [
      [90, 'very_light'],
      [55.1, 'very_light'],
      [55, 'light'],
      [41.1, 'light'],
      [41, 'intermediate'],
      [28.1, 'intermediate'],
      [28, 'tan'],
      [10.1, 'tan'],
      [10, 'brown'],
      [-29.9, 'brown'],
      [-30, 'dark'],
      [-90, 'dark'],
    ];
    for (const [ita, category] of cases) expect(skinToneCategory(ita), `${ita}°`).toBe(category);
  });
});

describe('a real face recoloured to each category', () => {
  // Each target lies in the middle of its category: L* = 50 + b*·tan(ITA°).
  const targets: { category: SkinToneCategory; ita: number; b: number }[] = [
    { category: 'very_light', ita: 63, b: 11 },
    { category: 'light', ita: 48, b: 16 },
    { category: 'intermediate', ita: 34.5, b: 18 },
    { category: 'tan', ita: 19, b: 20 },
    { category: 'brown', ita: -10, b: 20 },
    { category: 'dark', ita: -45, b: 16 },
  ];

  it('when the skin is recoloured in CIELAB to the middle of each ITA° category, then the scan reports that category and ITA° within 3°', async () => {
    const face = await paint.locateFace(models.analyzer, await scaledFace('light', 2));
    const weights = paint.skinWeights(face);
    const rows: (string | number)[][] = [];
    for (const target of targets) {
      const L = 50 + target.b * Math.tan((target.ita * Math.PI) / 180);
      const photo = recolourSkin(face, weights, { L, b: target.b });
      const { outcome } = await models.analyzer.inspect(await paint.encodePhoto(photo), ['acne'], { overlays: false });
      if (outcome.status !== 'completed') throw new Error(`${target.category}: ${outcome.error.code} ${outcome.error.message}`);
      rows.push([target.category, target.ita, outcome.skinTone.ita, outcome.skinTone.category, outcome.skinTone.hue_angle]);
    }
    figures.push(`recoloured light face (≈ 500 px)\n${table(['category', 'target ITA°', 'measured ITA°', 'measured category', 'hue°'], rows)}`);
    for (const [category, ita, measured, measuredCategory] of rows) {
      expect(measuredCategory, `${category}: measured ${measured}°`).toBe(category);
      expect(Math.abs(Number(measured) - Number(ita)), `${category}: measured ${measured}°`).toBeLessThanOrEqual(3);
    }
  });
});
