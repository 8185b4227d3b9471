/**
 * Stability through the whole pipeline: the same photo re-compressed, re-exposed or uploaded smaller must score
 * (almost) the same. Four real faces: frontal, tilted, light and tan.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../../functions/analysis/skin/markers';
import { applyExposure } from '../support/synthetic-skin';
import { faceJpeg } from '../helpers/images';
import { table, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

const FACES = ['frontal', 'tilted', 'light', 'tan'] as const;

/** Each variant of a photo: JPEG bytes made from the original JPEG. */
const VARIANTS: Record<string, (jpeg: Buffer) => Promise<Buffer>> = {
  'JPEG re-compressed at quality 85': (jpeg) => sharp(jpeg).jpeg({ quality: 85 }).toBuffer(),
  'exposure +10 % (linear light)': async (jpeg) => paint.encodePhoto(applyExposure(await paint.decodePhoto(jpeg), 1.1)),
  'exposure −10 % (linear light)': async (jpeg) => paint.encodePhoto(applyExposure(await paint.decodePhoto(jpeg), 0.9)),
  'resized to 75 %': async (jpeg) => {
    const { width } = await sharp(jpeg).metadata();
    return sharp(jpeg).resize(Math.round(width! * 0.75)).jpeg({ quality: 92 }).toBuffer();
  },
};

let analyzer: InspectingAnalyzer;
const worst = Object.fromEntries(MARKER_NAMES.map((m) => [m, { move: 0, where: '' }]));

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  console.info(
    'stability: largest move of each marker over faces and variants\n' +
      table(['marker', 'largest move', 'where'], MARKER_NAMES.map((m) => [m, worst[m]!.move, worst[m]!.where || '—'])),
  );
  await analyzer?.close();
});

describe.each(FACES)('the %s face', (name) => {
  for (const [variant, make] of Object.entries(VARIANTS)) {
    it(`when the photo is ${variant}, then no marker moves more than 5 points`, async () => {
      const jpeg = await faceJpeg(name);
      const before = await paint.scoresOf(analyzer, jpeg);
      const after = await paint.scoresOf(analyzer, await make(jpeg));
      for (const m of MARKER_NAMES) {
        const move = Math.abs(after[m] - before[m]);
        if (move > worst[m]!.move) worst[m] = { move, where: `${name}, ${variant}: ${before[m]} → ${after[m]}` };
        expect(move, `${m}: ${before[m]} → ${after[m]}`).toBeLessThanOrEqual(5);
      }
    });
  }
});
