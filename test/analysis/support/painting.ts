/**
 * Ground truth by construction for the whole pipeline: lesions painted onto a real face photo at places taken
 * from the face's own landmarks. The analyzer is run once on the unpainted photo; shapes are laid out in its
 * aligned 256-px crop frame (inside the skin of the region masks it produced, spread like real lesions), mapped
 * back onto the photo through the crop window, painted there with the skin-model author's physical painters
 * (test/support/synthetic-skin.ts: Beer–Lambert densities, white sheen) and the photo re-encoded as JPEG.
 */
import sharp from 'sharp';
import { fillPolygon } from '../../../functions/analysis/face/polygon-fill';
import { faceRegions, type SquareCrop } from '../../../functions/analysis/face';
import { cropToImage, imageToCrop } from '../../../functions/analysis/face/square-crop';
import type { InspectingAnalyzer } from '../../../functions/analysis/create-analyzer';
import { skinPixels } from '../../../functions/analysis/skin/center-regions';
import { MARKER_NAMES, type MarkerName } from '../../../functions/analysis/skin/markers';
import * as paint from '../../support/synthetic-skin';
import { table } from './analyzer';
import type { Point, RegionMasks, RegionName, RgbImage } from '../../../functions/analysis/types';

const S = 256;

export type Scores = Record<MarkerName, number>;

/** A face photo and where the pipeline found the face in it. */
export interface PaintableFace {
  photo: RgbImage;
  /** The aligned crop window (photo pixels) and the skin region masks in its 256-px frame. */
  window: SquareCrop;
  regions: RegionMasks;
  /** Photo pixels per crop pixel. */
  scale: number;
  /** Region polygons in photo pixels (for the whole-photo skin mask of deepenPhoto). */
  polygons: Record<RegionName, Point[]>;
}

export async function decodePhoto(jpeg: Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

export async function encodePhoto(photo: RgbImage, quality = 95): Promise<Buffer> {
  return sharp(Buffer.from(photo.data), { raw: { width: photo.width, height: photo.height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** Runs the analyzer once on the unpainted photo and keeps the geometry it found. */
export async function locateFace(analyzer: InspectingAnalyzer, jpeg: Uint8Array): Promise<PaintableFace> {
  const inspection = await analyzer.inspect(jpeg, ['acne'], { overlays: false });
  if (!inspection.window || !inspection.regions || !inspection.landmarks) {
    throw new Error(`the unpainted face was not analysed: ${JSON.stringify(inspection.outcome)}`);
  }
  return {
    photo: await decodePhoto(jpeg),
    window: inspection.window,
    regions: inspection.regions,
    scale: inspection.window.side / S,
    polygons: faceRegions(inspection.landmarks.points).regions,
  };
}

/** Every marker's score for a photo, through `analyze` (the whole pipeline on JPEG bytes). */
export async function scoresOf(analyzer: InspectingAnalyzer, jpeg: Uint8Array): Promise<Scores> {
  return (await measure(analyzer, jpeg)).scores;
}

/** Scores and the raw values behind them (the same analysis, with its intermediate results kept). */
export async function measure(analyzer: InspectingAnalyzer, jpeg: Uint8Array): Promise<{ scores: Scores; raw: Record<MarkerName, number>; ita: number }> {
  const { outcome, features } = await analyzer.inspect(jpeg, MARKER_NAMES);
  if (outcome.status !== 'completed') throw new Error(`analysis failed: ${outcome.error.code} ${outcome.error.message}`);
  const scores = Object.fromEntries(MARKER_NAMES.map((m) => [m, outcome.markers[m]!.score])) as Scores;
  return { scores, raw: features!.values, ita: features!.baseline.ita };
}

/**
 * A painted series: the face painted by `painter` at each amount and measured. Returns every marker's scores and
 * `marker`'s raw value per amount, and the series' figure under `title` (`marker`'s scores in bold).
 */
export async function measureSeries(
  analyzer: InspectingAnalyzer,
  face: PaintableFace,
  marker: MarkerName,
  amounts: number[],
  painter: (face: PaintableFace, amount: number) => RgbImage,
  title: string,
): Promise<{ runs: Scores[]; raw: number[]; figure: string }> {
  const runs: Scores[] = [];
  const raw: number[] = [];
  for (const amount of amounts) {
    const measured = await measure(analyzer, await encodePhoto(painter(face, amount)));
    runs.push(measured.scores);
    raw.push(measured.raw[marker]);
  }
  const rows = runs.map((r, i) => [amounts[i]!, ...MARKER_NAMES.map((m) => (m === marker ? `**${r[m]}**` : r[m]))]);
  return { runs, raw, figure: `${title}\n${table(['amount', ...MARKER_NAMES], rows)}` };
}

/** Crop-frame weights (S×S) resampled onto the photo through the crop window (bilinear; 0 outside the crop). */
export function toPhotoWeights(face: PaintableFace, weights: Float32Array): Float32Array {
  const { width, height } = face.photo;
  const out = new Float32Array(width * height);
  const corners = [[0, 0], [S, 0], [0, S], [S, S]].map(([x, y]) => cropToImage(face.window, S, { x: x!, y: y! }));
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x))));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(...corners.map((c) => c.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y))));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(...corners.map((c) => c.y))));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const q = imageToCrop(face.window, S, { x: x + 0.5, y: y + 0.5 });
      const u = q.x - 0.5;
      const v = q.y - 0.5;
      if (u < 0 || v < 0 || u > S - 1 || v > S - 1) continue;
      const i = Math.floor(u);
      const j = Math.floor(v);
      const fx = u - i;
      const fy = v - j;
      const at = (a: number, b: number) => weights[Math.min(S - 1, b) * S + Math.min(S - 1, a)]!;
      out[y * width + x] =
        (1 - fy) * ((1 - fx) * at(i, j) + fx * at(i + 1, j)) + fy * ((1 - fx) * at(i, j + 1) + fx * at(i + 1, j + 1));
    }
  }
  return out;
}

export function union(regions: RegionMasks, names: RegionName[]): Uint8Array {
  const out = new Uint8Array(S * S);
  for (const name of names) regions.masks[name].forEach((v, i) => v && (out[i] = 1));
  return out;
}

/** Lesion places in the crop frame: inside the skin of `names`, `minDistance` crop pixels apart (≈ 6 % of the face). */
export function spread(face: PaintableFace, names: RegionName[], n: number, seed: number, minDistance = 16): Point[] {
  const places = paint.placeInside(union(face.regions, names), S, n, seed, minDistance, 4);
  if (places.length < n) throw new Error(`only ${places.length} of ${n} places fit in ${names.join(', ')}`);
  return places;
}

const FACE: RegionName[] = ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'];

/**
 * `n` inflamed papules (radius 2.5 crop px ≈ 2 mm, haemoglobin-like density) spread over forehead, nose,
 * cheeks and chin. The same `seed` gives the same first places for every n, so larger n only adds spots.
 */
export function papules(face: PaintableFace, n: number, seed = 7): RgbImage {
  if (n === 0) return face.photo;
  const places = spread(face, FACE, 15, seed).slice(0, n);
  const w = paint.discs(S, places.map((p) => ({ ...p, radius: 2.5 })), 1.2);
  return paint.applyDensity(face.photo, toPhotoWeights(face, w), paint.LESION_DENSITY.papule);
}

/** `n` brown spots (radius 3 crop px, melanin-like density) spread over forehead and cheeks. */
export function brownSpots(face: PaintableFace, n: number, seed = 11): RgbImage {
  if (n === 0) return face.photo;
  const places = spread(face, ['forehead', 'left_cheek', 'right_cheek', 'chin'], 15, seed).slice(0, n);
  const w = paint.discs(S, places.map((p) => ({ ...p, radius: 3 })), 1.2);
  return paint.applyDensity(face.photo, toPhotoWeights(face, w), paint.LESION_DENSITY.brownSpot);
}

/**
 * Up to 15 fine dark lines (a Gaussian shadow line, σ 0.7 crop px) laid out from the skin masks: horizontal
 * forehead lines 6 px apart and two frown lines, three diverging lines in each crow's-feet area, one or two arcs
 * along each under-eye band (lines closer than ~5 px merge into a dark band, which is not a line). The
 * first `n` in an order that alternates between the areas.
 */
export function fineLines(face: PaintableFace, n: number): RgbImage {
  if (n === 0) return face.photo;
  const lines = lineLayout(face.regions).slice(0, n);
  if (lines.length < n) throw new Error(`only ${lines.length} lines fit on this face`);
  return paint.applyDensity(face.photo, toPhotoWeights(face, paint.polylines(S, lines, 0.7)), paint.LESION_DENSITY.line);
}

type Line = [number, number][];

export function lineLayout(regions: RegionMasks): Line[] {
  const rows = (mask: Uint8Array) => {
    const out: { y: number; x0: number; x1: number }[] = [];
    for (let y = 0; y < S; y++) {
      let x0 = -1;
      let x1 = -1;
      for (let x = 0; x < S; x++) if (mask[y * S + x]) ((x0 = x0 < 0 ? x : x0), (x1 = x));
      if (x0 >= 0) out.push({ y, x0, x1 });
    }
    return out;
  };
  const bbox = (mask: Uint8Array) => {
    const r = rows(mask);
    if (r.length === 0) return undefined;
    return { x0: Math.min(...r.map((q) => q.x0)), x1: Math.max(...r.map((q) => q.x1)), y0: r[0]!.y, y1: r[r.length - 1]!.y, rows: r };
  };
  const area = (mask: Uint8Array) => mask.reduce((a, b) => a + b, 0);
  const forehead: Line[] = [];
  const fh = bbox(regions.masks.forehead);
  if (fh) {
    for (let y = fh.y0 + 5; y <= fh.y1 - 5; y += 6) {
      const row = fh.rows.find((r) => r.y === y)!;
      const inset = Math.round((row.x1 - row.x0) * 0.15);
      const [a, b] = [row.x0 + inset, row.x1 - inset];
      if (b - a < 20) continue;
      forehead.push([[a, y], [(a + b) / 2, y + 1.5], [b, y]]);
    }
    // Two short vertical frown lines over the glabella, the forehead's lowest middle part.
    const mid = (fh.x0 + fh.x1) / 2;
    for (const dx of [-4, 4]) forehead.splice(1 + forehead.length / 2, 0, [[mid + dx, fh.y1 - 16], [mid + dx * 0.8, fh.y1 - 4]]);
  }
  const crowsFeet: Line[][] = [];
  for (const [name, outward] of [['crows_feet_right', -1], ['crows_feet_left', 1]] as const) {
    const mask = regions.masks[name];
    const box = bbox(mask);
    const fan: Line[] = [];
    if (box && area(mask) >= 120) {
      // Three lines fanning out from the eye side, 6 px apart where they start, diverging (never meeting).
      const cy = (box.y0 + box.y1) / 2;
      const inner = outward < 0 ? box.x1 - 4 : box.x0 + 4;
      const length = Math.max(6, Math.min(12, box.x1 - box.x0 - 8));
      for (const k of [0, -1, 1]) fan.push([[inner, cy + 6 * k], [inner + outward * length, cy + 6 * k + 0.35 * k * length]]);
    }
    crowsFeet.push(fan);
  }
  const underEyes: Line[][] = [];
  for (const name of ['under_eye_right', 'under_eye_left'] as const) {
    const box = bbox(regions.masks[name]);
    const arcs: Line[] = [];
    if (box && area(regions.masks[name]) >= 120) {
      // One arc along the band, a second 6 px below it where the band is tall enough (closer lines merge).
      const offsets = box.y1 - box.y0 >= 14 ? [0.3, 0.3 + 6 / (box.y1 - box.y0)] : [0.5];
      for (const t of offsets) {
        const y = Math.round(box.y0 + t * (box.y1 - box.y0));
        const row = box.rows.find((r) => r.y === y);
        if (!row || row.x1 - row.x0 < 16) continue;
        const inset = Math.round((row.x1 - row.x0) * 0.15);
        arcs.push([[row.x0 + inset, y - 1], [(row.x0 + row.x1) / 2, y + 1], [row.x1 - inset, y - 1]]);
      }
    }
    underEyes.push(arcs);
  }
  // Interleave: forehead, crow's feet right, left, under-eye right, left, forehead, …
  const queues = [forehead, ...crowsFeet, ...underEyes];
  const out: Line[] = [];
  for (let k = 0; queues.some((q) => q.length > k); k++) for (const q of queues) if (q[k]) out.push(q[k]!);
  return out;
}

/**
 * Sheen on the T-zone: `n` soft highlight patches (radius 5 crop px), speckled as skin micro-relief breaks a real
 * sheen up, adding white light (linear 0.25 at full weight).
 */
export function sheen(face: PaintableFace, n: number, seed = 5): RgbImage {
  if (n === 0) return face.photo;
  const places = spread(face, ['t_zone'], 15, seed, 10).slice(0, n);
  const w = paint.speckled(paint.discs(S, places.map((p) => ({ ...p, radius: 5 })), 3), S, seed, 0.3);
  return paint.applySheen(face.photo, toPhotoWeights(face, w), 0.25);
}

/** Darker under-eyes: the under-eye bands feathered by 3 px, darkened by `level` × the dark-circle density. */
export function darkerUnderEyes(face: PaintableFace, level: number): RgbImage {
  if (level === 0) return face.photo;
  const w = paint.feathered(union(face.regions, ['under_eye_left', 'under_eye_right']), S, 3);
  const density = paint.LESION_DENSITY.darkCircle.map((d) => d * level) as paint.Density;
  return paint.applyDensity(face.photo, toPhotoWeights(face, w), density);
}

/** Diffuse flush over cheeks and nose (extra blood, `level` × [0.01, 0.08, 0.05], feathered 6 px). */
export function flush(face: PaintableFace, level: number): RgbImage {
  if (level === 0) return face.photo;
  const w = paint.feathered(union(face.regions, ['left_cheek', 'right_cheek', 'nose']), S, 6);
  return paint.applyDensity(face.photo, toPhotoWeights(face, w), [0.01 * level, 0.08 * level, 0.05 * level]);
}

/**
 * The whole photo with deeper skin: the skin-model author's deepenSkinTone (synthetic.ts) applied to the photo
 * instead of an aligned crop, seeded by the landmark cheeks, nose and forehead rather than by the fallback
 * geometry. Skin-coloured pixels (chromaticity along the face's own skin colour, any brightness) get `amount` ×
 * LESION_DENSITY.tone of extra optical density, feathered 3 px; hair, eyes, clothes and background keep theirs.
 */
export function deepenPhoto(face: PaintableFace, amount: number): RgbImage {
  const density = paint.LESION_DENSITY.tone.map((d) => d * amount) as paint.Density;
  return paint.applyDensity(face.photo, skinWeights(face), density);
}

/**
 * The whole-photo skin weights (0..1) of a located face: skin-coloured pixels (seeded by the landmark cheeks, nose
 * and forehead, any brightness) feathered 3 px.
 */
export function skinWeights(face: PaintableFace): Float32Array {
  const { photo, polygons } = face;
  const { width, height } = photo;
  if (width !== height) throw new Error('skinWeights needs a square photo');
  const seed = new Uint8Array(width * height);
  for (const name of ['left_cheek', 'right_cheek', 'nose', 'forehead'] as const) fillPolygon(seed, width, polygons[name], 1);
  const { mask } = skinPixels(photo, seed, { perpendicularTolerance: 0.5, chromaRange: [0.35, 3], sheenChromaMin: 0.35, densityRange: [-300, 300] });
  return paint.feathered(Uint8Array.from(mask, (v) => (v ? 1 : 0)), width, 3);
}
