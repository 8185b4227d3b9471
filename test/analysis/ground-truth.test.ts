/**
 * Ground truth by construction through the whole pipeline: lesions painted onto real faces at places taken from
 * the faces' own landmarks (support/painting.ts), the photo re-encoded as JPEG and analysed by createAnalyzer's
 * analyzer on its bytes. Each marker must fall monotonically with the amount painted while the others move far
 * less.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { MARKER_NAMES, type MarkerName } from '../../functions/analysis/skin/markers';
import type { RgbImage } from '../../functions/analysis/types';
import { faceJpeg } from '../helpers/images';
import { frontalWithPapules } from '../helpers/paint';
import { table, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

interface Case {
  marker: MarkerName;
  what: string;
  amounts: number[];
  painter: (face: paint.PaintableFace, amount: number) => RgbImage;
}

/** Amounts: lesion counts (papules, spots, lines, sheen patches) or, for diffuse changes, eighths of a unit density. */
const CASES: Case[] = [
  { marker: 'acne', what: 'red papules', amounts: [0, 3, 8, 15], painter: paint.papules },
  { marker: 'pigmentation', what: 'brown spots', amounts: [0, 3, 8, 15], painter: paint.brownSpots },
  { marker: 'wrinkles', what: 'fine dark lines', amounts: [0, 3, 6, 12], painter: paint.fineLines },
  { marker: 'oiliness', what: 'T-zone sheen patches', amounts: [0, 3, 8, 15], painter: paint.sheen },
  { marker: 'dark_circles', what: 'eighths of an under-eye darkening', amounts: [0, 3, 8, 15], painter: (f, n) => paint.darkerUnderEyes(f, n / 8) },
  { marker: 'redness', what: 'eighths of a cheek and nose flush', amounts: [0, 3, 8, 15], painter: (f, n) => paint.flush(f, n / 8) },
];

const FACES = ['frontal', 'light'] as const;
const LABELLED = CASES.map((c) => ({ ...c, label: `${c.amounts.slice(0, -1).join(', ')} and ${c.amounts[c.amounts.length - 1]} ${c.what}` }));

let analyzer: InspectingAnalyzer;
const figures: string[] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  if (figures.length) console.info(`ground truth through the pipeline\n${figures.join('\n\n')}`);
  await analyzer?.close();
});

describe.each(FACES)('lesions painted on the %s face', (name) => {
  let face: paint.PaintableFace;

  beforeAll(async () => {
    face = await paint.locateFace(analyzer, await faceJpeg(name));
  });

  for (const { marker, what, amounts, painter, label } of LABELLED) {
    it(`when ${label} are painted, then ${marker} falls monotonically and no other marker moves half as much`, async () => {
      const { runs, raw, figure } = await paint.measureSeries(analyzer, face, marker, amounts, painter, `${name}, ${what} → ${marker}`);
      figures.push(figure);

      // Strictly falling, except while a healthy face is still at 100 (raw values below the first anchor, e.g.
      // under-eyes lighter than the cheeks): there the raw value must still rise.
      const scores = runs.map((r) => r[marker]);
      for (let i = 1; i < scores.length; i++) {
        const context = `${marker} after ${amounts[i]} ${what}: ${scores.join(' → ')} (raw ${raw.map((v) => v.toFixed(2)).join(' → ')})`;
        if (scores[i - 1]! < 100) expect(scores[i], context).toBeLessThan(scores[i - 1]!);
        else expect(scores[i], context).toBeLessThanOrEqual(100);
        expect(raw[i], context).toBeGreaterThan(raw[i - 1]!);
      }
      const drop = scores[0]! - scores[scores.length - 1]!;
      expect(drop).toBeGreaterThanOrEqual(25);
      for (const other of MARKER_NAMES.filter((m) => m !== marker)) {
        const moved = Math.max(...runs.map((r) => Math.abs(r[other] - runs[0]![other])));
        expect(moved, `${other} moved ${moved} while ${marker} fell ${drop}`).toBeLessThanOrEqual(drop / 2);
      }
    });
  }
});

describe('dense papules', () => {
  it('when 0 to 20 papules are painted densely on two cheek patches (12 px apart, their blobs merging), then acne still falls monotonically', async () => {
    const counts = [0, 3, 6, 10, 15, 20];
    const acne: number[] = [];
    for (const n of counts) acne.push((await paint.scoresOf(analyzer, await frontalWithPapules(n))).acne);
    figures.push(`frontal, dense papules (test/helpers/paint.ts) → acne\n${table(['papules', ...counts.map(String)], [['acne', ...acne]])}`);
    for (let i = 1; i < acne.length; i++) expect(acne[i], acne.join(' → ')).toBeLessThan(acne[i - 1]!);
  });
});
