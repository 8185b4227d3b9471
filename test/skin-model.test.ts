/**
 * The skin measurement model and its calibration, on real faces from @vladmandic/face-api's demo photos with
 * lesions painted onto them at known places (test/support/synthetic-skin.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSkinModel } from '../models/build/skin-model';
import { centerRegions, geometricRegions, locateFace, skinPixels } from '../functions/analysis/skin/center-regions';
import { SRGB8_TO_LINEAR, linearToLab } from '../functions/analysis/skin/colour';
import { MARKER_REGIONS, type SkinFeatures } from '../functions/analysis/skin/features';
import { getManifest, markerCatalogue, parseManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES, SKIN_SCORE_MARKERS, type MarkerName } from '../functions/analysis/skin/markers';

type SkinScoreMarker = (typeof SKIN_SCORE_MARKERS)[number];
import { createSkinModel, SkinInputError, type SkinModel } from '../functions/analysis/skin/model';
import { SKIN_INPUT_SIZE, SKIN_OUTPUTS } from '../functions/analysis/skin/model-spec';
import { calibrate, scoreMarkers, skinScore } from '../functions/analysis/skin/scoring';
import * as paint from './support/synthetic-skin';
import type { RegionMasks, RegionName, RgbImage } from '../functions/analysis/types';

const S = SKIN_INPUT_SIZE;
const DEMO = fileURLToPath(new URL('../node_modules/@vladmandic/face-api/demo/', import.meta.url));
const manifest = getManifest();

/** Eye centres (image left, image right) located by eye in the demo photos, in original pixels. */
const FACES = {
  /** sample6.jpg, fourth from left: light skin (ITA ≈ 58°). */
  light: { file: 'sample6.jpg', eyes: [[1540, 378], [1627, 398]] },
  /** sample6.jpg, first from left: intermediate skin (ITA ≈ 35°). */
  intermediate: { file: 'sample6.jpg', eyes: [[320, 606], [418, 598]] },
  /** sample6.jpg, third from left: intermediate/tan skin (ITA ≈ 33°). */
  tan: { file: 'sample6.jpg', eyes: [[1228, 430], [1327, 432]] },
} as const;
type FaceName = keyof typeof FACES;

interface CropOptions {
  /** Scale the whole photo by this factor first (a smaller upload). */
  sourceScale?: number;
  /** Re-encode the finished crop as JPEG at this quality. */
  jpeg?: number;
  /** Shift the crop window by this fraction of its side (positive: the face moves up in the crop). */
  shiftY?: number;
}

/**
 * An aligned S×S face crop, as the landmark stage produces one: the eye line level, eyes at (0.35, 0.40) and
 * (0.65, 0.40) of the side. The photo is resized with Lanczos so that the crop needs no further scaling, then
 * rotated by bilinear sampling.
 */
async function alignedCrop(name: FaceName, options: CropOptions = {}): Promise<RgbImage> {
  const face = FACES[name];
  const path = join(DEMO, face.file);
  const meta = await sharp(path).metadata();
  let source: string | Buffer = path;
  if (options.sourceScale) source = await sharp(path).resize(Math.round(meta.width! * options.sourceScale)).png().toBuffer();
  const [[x1, y1], [x2, y2]] = face.eyes;
  const k = (0.3 * S) / Math.hypot(x2 - x1, y2 - y1);
  const W = Math.round(meta.width! * k);
  const H = Math.round(meta.height! * k);
  const { data } = await sharp(source).resize(W, H, { kernel: 'lanczos3' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sx = W / meta.width!;
  const sy = H / meta.height!;
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const [mx, my] = [((x1 + x2) / 2) * sx, ((y1 + y2) / 2) * sy];
  const at = (x: number, y: number, ch: number) => data[(Math.min(H - 1, Math.max(0, y)) * W + Math.min(W - 1, Math.max(0, x))) * 3 + ch]!;
  const out = new Uint8Array(S * S * 3);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const u = x + 0.5 - S / 2;
      const v = y + 0.5 - 0.4 * S + (options.shiftY ?? 0) * S;
      const px = mx + c * u - s * v - 0.5;
      const py = my + s * u + c * v - 0.5;
      const [x0, y0] = [Math.floor(px), Math.floor(py)];
      const [fx, fy] = [px - x0, py - y0];
      for (let ch = 0; ch < 3; ch++) {
        const top = (1 - fx) * at(x0, y0, ch) + fx * at(x0 + 1, y0, ch);
        const bottom = (1 - fx) * at(x0, y0 + 1, ch) + fx * at(x0 + 1, y0 + 1, ch);
        out[(y * S + x) * 3 + ch] = Math.round((1 - fy) * top + fy * bottom);
      }
    }
  }
  const crop = { data: out, width: S, height: S };
  return options.jpeg ? jpegRoundTrip(crop, options.jpeg) : crop;
}

async function jpegRoundTrip(image: RgbImage, quality: number): Promise<RgbImage> {
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const jpeg = await sharp(Buffer.from(image.data), { raw }).jpeg({ quality }).toBuffer();
  const { data } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  return { ...image, data: new Uint8Array(data) };
}

function union(regions: RegionMasks, names: RegionName[]): Uint8Array {
  const out = new Uint8Array(S * S);
  for (const name of names) regions.masks[name].forEach((v, i) => v && (out[i] = 1));
  return out;
}

const ACNE_AREA: RegionName[] = ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'];

function papules(crop: RgbImage, regions: RegionMasks, n: number): RgbImage {
  if (n === 0) return crop;
  const spots = paint.placeInside(union(regions, ACNE_AREA), S, 15, 7, 12, 4).slice(0, n);
  expect(spots).toHaveLength(n);
  return paint.applyDensity(crop, paint.discs(S, spots.map((p) => ({ ...p, radius: 2.5 })), 1.2), paint.LESION_DENSITY.papule);
}

function brownSpots(crop: RgbImage, regions: RegionMasks, n: number): RgbImage {
  const spots = paint.placeInside(union(regions, ['forehead', 'left_cheek', 'right_cheek']), S, n, 11, 14, 4);
  return paint.applyDensity(crop, paint.discs(S, spots.map((p) => ({ ...p, radius: 3 })), 1.2), paint.LESION_DENSITY.brownSpot);
}

/** Forehead lines, crow's-feet fans and under-eye arcs, at the assumed crop geometry. */
function fineLines(crop: RgbImage): RgbImage {
  const lines: [number, number][][] = [];
  for (let k = 0; k < 3; k++) {
    const y = 0.15 * S + k * 9;
    lines.push([[0.36 * S, y], [0.5 * S, y + 2], [0.64 * S, y]]);
  }
  for (const side of [-1, 1]) {
    const [cx, cy] = [0.5 * S + side * 0.235 * S, 0.41 * S];
    for (const a of [-0.5, 0, 0.5]) lines.push([[cx - side * 6, cy + a * 6], [cx + side * 8, cy + a * 20]]);
    const ux = 0.5 * S + side * 0.155 * S;
    lines.push([[ux - 14, 0.475 * S], [ux, 0.49 * S], [ux + 14, 0.475 * S]]);
  }
  return paint.applyDensity(crop, paint.polylines(S, lines, 0.7), paint.LESION_DENSITY.line);
}

/** Soft, speckled highlights on the forehead centre and down the nose bridge. */
function tZoneSheen(crop: RgbImage): RgbImage {
  const patches = [
    { x: 0.5 * S, y: 0.2 * S, radius: 12 },
    { x: 0.42 * S, y: 0.17 * S, radius: 8 },
    { x: 0.58 * S, y: 0.22 * S, radius: 8 },
    { x: 0.5 * S, y: 0.45 * S, radius: 5 },
    { x: 0.5 * S, y: 0.52 * S, radius: 6 },
    { x: 0.5 * S, y: 0.57 * S, radius: 6 },
  ];
  return paint.applySheen(crop, paint.speckled(paint.discs(S, patches, 4), S, 5, 0.6), 0.25);
}

/** Diffuse flush over cheeks and nose: extra blood, feathered. */
function flushedCheeks(crop: RgbImage): RgbImage {
  const area = union(geometricRegions(S), ['left_cheek', 'right_cheek', 'nose']);
  return paint.applyDensity(crop, paint.feathered(area, S, 6), [0.01, 0.08, 0.05]);
}

function darkerUnderEyes(crop: RgbImage): RgbImage {
  const underEyes = union(geometricRegions(S), ['under_eye_left', 'under_eye_right']);
  return paint.applyDensity(crop, paint.feathered(underEyes, S, 4), paint.LESION_DENSITY.darkCircle);
}

type Scores = Record<MarkerName, number>;

function maxAbs(values: Float32Array): number {
  let m = 0;
  for (const v of values) m = Math.max(m, Math.abs(v));
  return m;
}

describe('skin measurement model', () => {
  let dir: string;
  let model: SkinModel;
  const crops = new Map<string, RgbImage>();
  /** Crops of the test faces; "dark" is the intermediate face with deeper skin (paint.deepenSkinTone). */
  const TONES = ['light', 'intermediate', 'dark'] as const;
  const figures: Record<string, unknown> = {};

  async function face(name: FaceName | 'dark', options: CropOptions = {}): Promise<RgbImage> {
    const key = `${name}:${JSON.stringify(options)}`;
    if (!crops.has(key)) {
      const crop = name === 'dark' ? paint.deepenSkinTone(await alignedCrop('intermediate', options), 1) : await alignedCrop(name, options);
      crops.set(key, crop);
    }
    return crops.get(key)!;
  }

  async function measure(crop: RgbImage, regions = centerRegions(crop)): Promise<SkinFeatures> {
    return model.measure(crop, regions);
  }

  async function scores(crop: RgbImage, regions?: RegionMasks): Promise<Scores> {
    const results = scoreMarkers(await measure(crop, regions), MARKER_NAMES, manifest);
    return Object.fromEntries(MARKER_NAMES.map((m) => [m, results[m].score])) as Scores;
  }

  /** Every marker's score on the intermediate face before and after `painter` (given the crop and its regions). */
  async function paintedIntermediate(painter: (crop: RgbImage, regions: RegionMasks) => RgbImage): Promise<{ before: Scores; after: Scores }> {
    const crop = await face('intermediate');
    const regions = centerRegions(crop);
    return { before: await scores(crop, regions), after: await scores(painter(crop, regions), regions) };
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'skin-model-'));
    await buildSkinModel(dir);
    model = await createSkinModel({ modelDir: dir });
  });

  afterAll(async () => {
    console.info('skin model figures', JSON.stringify(figures, null, 1));
    await model?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('when the model is built, then it has the documented outputs and carries the manifest version', async () => {
    const maps = await model.maps(await face('intermediate'));
    for (const [name, channels] of Object.entries(SKIN_OUTPUTS)) {
      expect(maps[name as keyof typeof SKIN_OUTPUTS]).toHaveLength(channels.length * S * S);
    }
    expect(model.version).toBe(manifest.models.skin.version);
  });

  it('when flat colours go through the graph, then its CIELAB matches the reference conversion', async () => {
    const colours = [
      [255, 255, 255],
      [0, 0, 0],
      [224, 172, 140],
      [141, 85, 36],
      [60, 40, 30],
      [10, 200, 90],
    ];
    for (const [r, g, b] of colours) {
      const data = new Uint8Array(S * S * 3);
      for (let i = 0; i < S * S; i++) data.set([r!, g!, b!], 3 * i);
      const maps = await model.maps({ data, width: S, height: S });
      const expected = linearToLab(SRGB8_TO_LINEAR[r!]!, SRGB8_TO_LINEAR[g!]!, SRGB8_TO_LINEAR[b!]!);
      const centre = (S / 2) * S + S / 2;
      for (let c = 0; c < 3; c++) expect(maps.lab[c * S * S + centre]).toBeCloseTo(expected[c]!, 2);
      // A flat colour has no spots, lines or texture anywhere.
      expect(maxAbs(maps.red_blobs)).toBeLessThan(1e-3);
      expect(maxAbs(maps.lines)).toBeLessThan(1e-3);
    }
  });

  it('when the crop is not S×S, then measure rejects it naming the size', async () => {
    const small = { data: new Uint8Array(100 * 100 * 3), width: 100, height: 100 };
    await expect(model.measure(small, geometricRegions(S))).rejects.toThrow(SkinInputError);
    await expect(model.measure(small, geometricRegions(S))).rejects.toThrow('Expected a 256×256 face crop for crop, but received 100×100');
  });

  it('when the same crop is measured twice, then the features and scores are identical', async () => {
    const crop = await face('intermediate');
    const [a, b] = [await measure(crop), await measure(crop)];
    expect(b.values).toStrictEqual(a.values);
    expect(scoreMarkers(b, MARKER_NAMES, manifest)).toStrictEqual(scoreMarkers(a, MARKER_NAMES, manifest));
  });

  it('when 0, 3, 8 and 15 red papules are painted, then acne falls monotonically and pigmentation and wrinkles barely move', async () => {
    const crop = await face('intermediate');
    const regions = centerRegions(crop);
    const runs: Scores[] = [];
    for (const n of [0, 3, 8, 15]) runs.push(await scores(papules(crop, regions, n), regions));
    const acne = runs.map((r) => r.acne);
    figures.papules_intermediate = runs.map((r) => ({ acne: r.acne, pigmentation: r.pigmentation, wrinkles: r.wrinkles }));
    for (let i = 1; i < acne.length; i++) expect(acne[i]!).toBeLessThan(acne[i - 1]!);
    expect(acne[0]! - acne[3]!).toBeGreaterThanOrEqual(40);
    for (const r of runs) {
      expect(Math.abs(r.pigmentation - runs[0]!.pigmentation)).toBeLessThanOrEqual(3);
      expect(Math.abs(r.wrinkles - runs[0]!.wrinkles)).toBeLessThanOrEqual(3);
    }
  });

  it('when brown spots are painted, then pigmentation falls and acne does not', async () => {
    const { before, after } = await paintedIntermediate((crop, regions) => brownSpots(crop, regions, 8));
    figures.brown_spots = { before: before.pigmentation, after: after.pigmentation, acne_move: after.acne - before.acne };
    expect(before.pigmentation - after.pigmentation).toBeGreaterThanOrEqual(15);
    expect(Math.abs(after.acne - before.acne)).toBeLessThanOrEqual(2);
  });

  it('when fine dark lines are painted on forehead, crow’s feet and under-eyes, then wrinkles fall', async () => {
    const { before, after } = await paintedIntermediate((crop) => fineLines(crop));
    figures.fine_lines = { before: before.wrinkles, after: after.wrinkles, acne_move: after.acne - before.acne };
    expect(before.wrinkles - after.wrinkles).toBeGreaterThanOrEqual(25);
    expect(Math.abs(after.acne - before.acne)).toBeLessThanOrEqual(2);
  });

  it('when a specular sheen is painted on the T-zone, then oiliness falls', async () => {
    const { before, after } = await paintedIntermediate((crop) => tZoneSheen(crop));
    figures.sheen = { before: before.oiliness, after: after.oiliness };
    expect(before.oiliness - after.oiliness).toBeGreaterThanOrEqual(15);
  });

  it('when the cheeks and nose are flushed, then redness falls and acne does not', async () => {
    const { before, after } = await paintedIntermediate((crop) => flushedCheeks(crop));
    figures.flush = { before: before.redness, after: after.redness, acne_move: after.acne - before.acne };
    expect(before.redness - after.redness).toBeGreaterThanOrEqual(15);
    expect(Math.abs(after.acne - before.acne)).toBeLessThanOrEqual(2);
  });

  it('when the under-eye skin is darkened, then dark circles fall', async () => {
    const { before, after } = await paintedIntermediate((crop) => darkerUnderEyes(crop));
    figures.dark_circles = { before: before.dark_circles, after: after.dark_circles };
    expect(before.dark_circles - after.dark_circles).toBeGreaterThanOrEqual(12);
  });

  it('when the same papules are painted on light, intermediate and dark skin, then acne falls by amounts within 5 points', async () => {
    const deltas: Record<string, number[]> = {};
    const itas: Record<string, number> = {};
    for (const tone of TONES) {
      const crop = await face(tone);
      const regions = centerRegions(crop);
      const base = await measure(crop, regions);
      itas[tone] = Math.round(base.baseline.ita);
      const acne0 = scoreMarkers(base, ['acne'], manifest).acne.score;
      deltas[tone] = [];
      for (const n of [3, 8, 15]) {
        const after = scoreMarkers(await measure(papules(crop, regions, n), regions), ['acne'], manifest).acne.score;
        deltas[tone]!.push(acne0 - after);
      }
    }
    figures.tone_ita = itas;
    figures.tone_acne_deltas = deltas;
    // Clearly different tones: ITA° light > 41, intermediate 28..41, dark < -30 (Chardon's classes).
    expect(itas.light).toBeGreaterThan(41);
    expect(itas.intermediate).toBeGreaterThan(28);
    expect(itas.intermediate).toBeLessThanOrEqual(41);
    expect(itas.dark).toBeLessThan(-30);
    for (let k = 0; k < 3; k++) {
      const column = TONES.map((t) => deltas[t]![k]!);
      expect(Math.max(...column) - Math.min(...column)).toBeLessThanOrEqual(5);
      expect(Math.min(...column)).toBeGreaterThan(0);
    }
  });

  it('when the photo is re-compressed, re-exposed ±10 % or uploaded at 75 % size, then no marker moves more than 5 points', async () => {
    const worst: Record<string, number> = {};
    const moves: Record<string, Record<string, string>> = {};
    for (const tone of TONES) {
      moves[tone] = {};
      const base = await scores(await face(tone));
      const variants: Record<string, RgbImage> = {
        jpeg_q85: await jpegRoundTrip(await face(tone), 85),
        exposure_plus_10: paint.applyExposure(await face(tone), 1.1),
        exposure_minus_10: paint.applyExposure(await face(tone), 0.9),
        resize_75: await face(tone, { sourceScale: 0.75 }),
      };
      for (const [label, image] of Object.entries(variants)) {
        const s = await scores(image);
        moves[tone]![label] = MARKER_NAMES.filter((m) => s[m] !== base[m]).map((m) => `${m} ${s[m] - base[m] > 0 ? '+' : ''}${s[m] - base[m]}`).join(', ');
        for (const m of MARKER_NAMES) {
          const move = Math.abs(s[m] - base[m]);
          worst[m] = Math.max(worst[m] ?? 0, move);
          expect.soft(move, `${tone} ${label} ${m}: ${base[m]} → ${s[m]}`).toBeLessThanOrEqual(5);
        }
      }
    }
    figures.stability_worst = worst;
    figures.stability_moves = moves;
  });
});

describe('centre-region fallback', () => {
  it('when a crop holds a face, then every region holds skin and none holds the eyes or background', async () => {
    const crop = await alignedCrop('intermediate');
    const regions = centerRegions(crop);
    for (const name of ['forehead', 'nose', 'left_cheek', 'right_cheek', 'under_eye_left', 'under_eye_right', 't_zone'] as const) {
      expect(regions.masks[name].reduce((a, b) => a + b, 0), name).toBeGreaterThan(150);
    }
    // The top corners are hair and background in this photo.
    expect(regions.masks.forehead[2 * S + 2]).toBe(0);
  });

  it('when the face sits 5 % higher or lower in the crop, then the regions follow the eye line', async () => {
    const seedOf = () => union(geometricRegions(S), ['left_cheek', 'right_cheek', 'nose', 'forehead']);
    const eyeY = async (shiftY: number) => {
      const crop = await alignedCrop('intermediate', { shiftY });
      return locateFace(skinPixels(crop, seedOf()).mask, S).eyeY;
    };
    const centred = await eyeY(0);
    expect(Math.abs(centred - 0.4)).toBeLessThan(0.015);
    expect(Math.abs((await eyeY(0.05)) - (centred - 0.05))).toBeLessThan(0.01);
    expect(Math.abs((await eyeY(-0.05)) - (centred + 0.05))).toBeLessThan(0.01);
  });

  it('when the crop has no skin, then every region is empty', () => {
    const grey = { data: new Uint8Array(S * S * 3).fill(128), width: S, height: S };
    const regions = centerRegions(grey);
    expect(Object.values(regions.masks).every((m) => m.every((v) => v === 0))).toBe(true);
  });
});

describe('marker calibration', () => {
  it('when the manifest is read, then each marker has a monotonic calibration within 0..100, and the version 1 markers (only they) a skin-score weight', () => {
    expect(manifest.models.skin.input.size).toBe(S);
    expect(manifest.models.skin.outputs).toStrictEqual(JSON.parse(JSON.stringify(SKIN_OUTPUTS)));
    for (const name of MARKER_NAMES) {
      const { anchors } = manifest.markers[name].calibration;
      // Radiance's raw value is the glow itself (more is better): its scores rise; every other marker's fall.
      const direction = name === 'radiance' ? -1 : 1;
      for (let i = 1; i < anchors.length; i++) expect(direction * anchors[i]![1]).toBeLessThanOrEqual(direction * anchors[i - 1]![1]);
      if ((SKIN_SCORE_MARKERS as readonly string[]).includes(name)) expect(manifest.score_weights[name as SkinScoreMarker]).toBeGreaterThan(0);
      else expect(manifest.score_weights).not.toHaveProperty(name);
      expect(manifest.markers[name].regions).toStrictEqual(MARKER_REGIONS[name]);
    }
    expect(manifest.markers.hydration.proxy).toMatch(/not a measurement of moisture/i);
    expect(markerCatalogue().map((m) => m.name)).toStrictEqual([...MARKER_NAMES]);
  });

  it('when a manifest lacks a marker, then parsing names the missing marker', () => {
    const broken = structuredClone(manifest) as { markers: Record<string, unknown> };
    delete broken.markers.texture;
    expect(() => parseManifest(broken)).toThrow(/markers\.texture/);
  });

  it('when raw values sit on and between anchors, then scores interpolate and severity follows the bands', () => {
    const cal = { method: 'piecewise_linear' as const, anchors: [[0, 100], [10, 70], [20, 30]] as [number, number][], notes: '' };
    expect(calibrate(-5, cal)).toBe(100);
    expect(calibrate(5, cal)).toBe(85);
    expect(calibrate(15, cal)).toBe(50);
    expect(calibrate(99, cal)).toBe(30);
    const features = { values: { acne: 0, redness: 4.42 } } as unknown as SkinFeatures;
    const custom = parseManifest({
      ...structuredClone(manifest),
      markers: { ...manifest.markers, redness: { ...manifest.markers.redness, calibration: { ...cal, anchors: [[0, 70], [10, 39]] } } },
    });
    const results = scoreMarkers(features, ['acne', 'redness'], custom);
    expect(results).toStrictEqual({ acne: { score: 100, severity: 'low' }, redness: { score: 56, severity: 'moderate' } });
    expect(scoreMarkers({ values: { redness: 10 } } as unknown as SkinFeatures, ['redness'], custom).redness).toStrictEqual({ score: 39, severity: 'high' });
    expect(scoreMarkers({ values: { redness: 0 } } as unknown as SkinFeatures, ['redness'], custom).redness).toStrictEqual({ score: 70, severity: 'low' });
  });

  it('when markers are combined, then the skin score is their weighted mean, rounded', () => {
    const w = manifest.score_weights;
    const results = { acne: { score: 80, severity: 'low' as const }, hydration: { score: 40, severity: 'moderate' as const } };
    expect(skinScore(results, manifest)).toBe(Math.round((80 * w.acne + 40 * w.hydration) / (w.acne + w.hydration)));
  });

  it('when a marker has no measurable skin, then scoring throws naming it', () => {
    const features = { values: { dark_circles: Number.NaN } } as unknown as SkinFeatures;
    expect(() => scoreMarkers(features, ['dark_circles'], manifest)).toThrow(/Not enough visible skin to measure dark_circles/);
  });
});
