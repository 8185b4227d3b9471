/**
 * Perceived age (functions/analysis/face/perceived-age.ts, docs/analysis.md "Perceived age"): the converted HSE
 * FaceRes age head must compute what the TF.js original computes, and completed scans report its estimate with
 * the publisher's error while failed scans report none.
 */
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { DEFAULT_MODEL_DIR } from '../../functions/analysis/create-analyzer';
import { ageFromProbabilities, PERCEIVED_AGE_ERROR_YEARS, toModelInput } from '../../functions/analysis/face/perceived-age';
import { PERCEIVED_AGE_IO as IO } from '../../functions/analysis/face/perceived-age-io';
import { scanSchema } from '../../functions/api/schemas/scan';
import { faceJpeg } from '../helpers/images';
import { humanModelsDir } from '../support/face-model-setup';
import { seededRandom } from '../support/seeded-random';
import { loadTfjsReference } from '../support/tfjs-reference';
import { testAnalyzer } from './support/analyzer';

let analyzer: InspectingAnalyzer;

beforeAll(async () => {
  analyzer = await testAnalyzer(); // builds models/generated, perceived-age.onnx included
});

afterAll(async () => {
  await analyzer?.close();
});

describe('the converted age model', () => {
  it('when it sees random input and a real face crop, then its age probabilities equal the TF.js original to float rounding', async () => {
    const session = await ort.InferenceSession.create(join(DEFAULT_MODEL_DIR, IO.file));
    const reference = await loadTfjsReference(await humanModelsDir(), 'faceres');
    const random = seededRandom(5);
    const noise = Float32Array.from({ length: IO.size * IO.size * 3 }, () => random() * 255 - 120);
    const face = (await analyzer.inspect(await faceJpeg('frontal'), ['acne'], { overlays: false })).crop!;
    for (const [label, input] of [['random', noise], ['face crop', toModelInput(face)]] as const) {
      const expected = reference.run(input, [1, IO.size, IO.size, 3])[IO.sourceOutput];
      const actual = (await session.run({ [IO.input]: new ort.Tensor('float32', input, [1, IO.size, IO.size, 3]) }))[IO.ages].data as Float32Array;
      expect(actual).toHaveLength(100);
      const maxDiff = actual.reduce((m, v, i) => Math.max(m, Math.abs(v - expected[i])), 0);
      console.log(`perceived-age onnx vs tfjs faceres (${label}): max |diff| ${maxDiff.toExponential(2)}, age ${ageFromProbabilities(actual).toFixed(1)}`);
      expect(maxDiff).toBeLessThan(1e-5);
      expect(Math.abs(ageFromProbabilities(actual) - ageFromProbabilities(expected))).toBeLessThan(0.01);
    }
    await session.release();
  });

  it('when the probabilities are known, then the age is their expected value (class i is age i + 1)', () => {
    const p = new Float32Array(100);
    p[39] = 0.75; // age 40
    p[40] = 0.25; // age 41
    expect(ageFromProbabilities(p)).toBeCloseTo(40.25, 5);
    p[0] = 0.5; // age 1, with the rest no longer summing to 1: normalised
    expect(ageFromProbabilities(p)).toBeCloseTo((40.25 + 0.5) / 1.5, 5);
  });
});

describe('perceived age on scans', () => {
  it.each(['frontal', 'light', 'tan'] as const)(
    'when the %s demo face (a woman in her twenties) is scanned, then the completed scan reports a perceived age between 18 and 40 with the published error',
    async (name) => {
      const outcome = await analyzer.analyze(await faceJpeg(name), ['acne', 'wrinkles']);
      expect(outcome.status).toBe('completed');
      const age = outcome.face?.perceived_age;
      expect(age).toEqual({ years: expect.any(Number), expected_error_years: PERCEIVED_AGE_ERROR_YEARS });
      expect(Number.isInteger(age!.years)).toBe(true);
      expect(age!.years).toBeGreaterThanOrEqual(18);
      expect(age!.years).toBeLessThanOrEqual(40);
    },
  );

  it('when the same photo is scanned twice, then the perceived age is the same', async () => {
    const photo = await faceJpeg('frontal');
    const [a, b] = [await analyzer.analyze(photo, ['acne']), await analyzer.analyze(photo, ['acne'])];
    expect(a.face?.perceived_age).toEqual(b.face?.perceived_age);
  });

  it.each(['frontal', 'light', 'tan'] as const)(
    'when the %s face is saved again at JPEG quality 70 or at three quarters of its size, then the perceived age moves by at most 1 year',
    async (name) => {
      const original = await faceJpeg(name, 92);
      const smaller = await sharp(original).resize({ width: Math.round(0.75 * (await sharp(original).metadata()).width!) }).jpeg({ quality: 92 }).toBuffer();
      const photos = [original, await faceJpeg(name, 70), smaller];
      const [base, q70, resized] = await Promise.all(photos.map((photo) => analyzer.analyze(photo, ['acne'])));
      for (const outcome of [base, q70, resized]) expect(outcome.status).toBe('completed');
      const years = [base, q70, resized].map((o) => o.face!.perceived_age!.years);
      console.log(`perceived age of ${name}: q92 ${years[0]}, q70 ${years[1]}, 0.75x ${years[2]}`);
      expect(Math.abs(years[1] - years[0])).toBeLessThanOrEqual(1);
      expect(Math.abs(years[2] - years[0])).toBeLessThanOrEqual(1);
    },
  );

  it('when the face is painted green and the scan fails with not_human_skin, then no perceived age is reported', async () => {
    const outcome = await analyzer.analyze(await sharp(await faceJpeg('frontal')).modulate({ hue: 120 }).jpeg().toBuffer(), ['acne']);
    expect(outcome.status).toBe('failed');
    expect(outcome.face).not.toBeNull();
    expect(outcome.face).not.toHaveProperty('perceived_age');
  });

  it('when a completed scan carries a perceived age, then the public scan schema accepts it and rejects a fractional year', () => {
    const scan = {
      scan_id: 'scan_01JABCDEFGHJKMNPQRSTVWXYZ0',
      status: 'completed',
      user_id: null,
      skin_score: 70,
      markers: {},
      created_at: '2026-01-01T00:00:00.000Z',
      completed_at: '2026-01-01T00:00:01.000Z',
      model: { name: 'skin', version: '1' },
      image: { width: 500, height: 500, format: 'jpeg' },
      face: { box: { x: 1, y: 2, width: 300, height: 300 }, confidence: 0.9, landmarks: 468, perceived_age: { years: 41, expected_error_years: 6 } },
      quality: {},
      error: null,
      spots: [],
      lesion_counts: null,
      skin_tone: null,
      skin_type: null,
      region_results: {},
    };
    expect(scanSchema.safeParse(scan).success).toBe(true);
    const fractional = { ...scan, face: { ...scan.face, perceived_age: { years: 41.5, expected_error_years: 6 } } };
    expect(scanSchema.safeParse(fractional).success).toBe(false);
  });
});
