/**
 * [uniform7] scratch: caches, per sample, the skin model's chromophore and specular maps, the skin-only region masks,
 * the crop and the head pose, so uniformness variants can be tried in seconds (`npx tsx eval/_uniform7-try.ts`).
 * `npx tsx eval/_uniform7-cache.ts` (writes /tmp/u7cache).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { expressionOf } from '../functions/analysis/face/expression';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { REGION_NAMES } from '../functions/analysis/types';
import { clmtrackrMedia, FRANCK_FRAMES, faceJpeg } from '../test/helpers/images';
import { VIDEO_WINDOWS, windowFrames } from './video-frames';
import * as paint from '../test/analysis/support/painting';
import * as added from '../test/analysis/support/painting-added';

const OUT = '/tmp/u7cache';
const only = process.argv[2];
const analyzer = await createInspectingAnalyzer({});
const skin = await createSkinModel({ modelDir: DEFAULT_MODEL_DIR });
const index: { name: string; group: string; score?: number; raw?: number; refused?: string }[] = existsSync(`${OUT}/index.json`) ? JSON.parse(readFileSync(`${OUT}/index.json`, 'utf8')) : [];

async function cache(name: string, group: string, bytes: Uint8Array): Promise<void> {
  const ins = await analyzer.inspect(bytes, MARKER_NAMES, { overlays: false });
  const entry = index.find((e) => e.name === name) ?? { name, group };
  if (!index.includes(entry)) index.push(entry);
  if (ins.outcome.status !== 'completed') {
    entry.refused = ins.outcome.error.code;
    console.log(name, entry.refused);
    return;
  }
  delete entry.refused;
  const maps = await skin.maps(atResolutionFloor(ins.crop!, ins.window!.side));
  const dir = `${OUT}/${name.replace(/[^a-zA-Z0-9_.-]+/g, '_')}`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/chromophores.f32`, Buffer.from(maps.chromophores.buffer, maps.chromophores.byteOffset, maps.chromophores.byteLength));
  writeFileSync(`${dir}/specular.f32`, Buffer.from(maps.specular.buffer, maps.specular.byteOffset, maps.specular.byteLength));
  writeFileSync(`${dir}/indices.f32`, Buffer.from(maps.indices.buffer, maps.indices.byteOffset, maps.indices.byteLength));
  const masks = Buffer.alloc(REGION_NAMES.length * 256 * 256);
  REGION_NAMES.forEach((r, k) => masks.set(ins.regions!.masks[r], k * 65536));
  writeFileSync(`${dir}/masks.u8`, masks);
  writeFileSync(`${dir}/crop.rgb`, ins.crop!.data);
  const ex = expressionOf(ins.landmarks!.points);
  writeFileSync(`${dir}/meta.json`, JSON.stringify({ pose: ins.landmarks!.pose, mouth: ex.mouthWidth, score: ins.outcome.markers.uniformness!.score, raw: ins.features!.values.uniformness, details: ins.features!.details.uniformness }));
  entry.score = ins.outcome.markers.uniformness!.score;
  entry.raw = ins.features!.values.uniformness;
  console.log(name, entry.score, entry.raw?.toFixed(2));
}

try {
  if (!only || only === 'stills') for (const f of FRANCK_FRAMES) await cache(`still ${f.replace('.jpg', '')}`, 'stills', readFileSync(clmtrackrMedia(f)));
  if (!only || only === 'video')
    for (const w of VIDEO_WINDOWS.filter((v) => v.heldToTargets)) for (const fr of await windowFrames(w)) await cache(`v${w.start} ${fr.name}`, `v${w.start}`, fr.bytes);
  if (!only || only === 'faces') {
    for (const n of ['frontal', 'tilted', 'light', 'tan'] as const) {
      const jpeg = await faceJpeg(n);
      await cache(`demo ${n}`, 'demo', jpeg);
      if (n === 'frontal' || n === 'light') {
        const face = await paint.locateFace(analyzer, jpeg);
        for (const k of [4, 7, 10]) await cache(`demo ${n} blotch${k}`, `blotch ${n}`, await paint.encodePhoto(added.blotches(face, k)));
      }
    }
    for (const f of ['obama4_crop.jpg', 'walter2_crop.jpg', 'audrey.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'kim1_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'bieber_small.jpg', 'Justin-Bieber2_crop.jpg']) {
      const bytes = readFileSync(clmtrackrMedia(f));
      await cache(`clm ${f} orig`, `clm ${f}`, bytes);
      for (const q of [85, 70]) await cache(`clm ${f} q${q}`, `clm ${f}`, await sharp(bytes).jpeg({ quality: q }).toBuffer());
      await cache(`clm ${f} 420`, `clm ${f}`, await sharp(bytes).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer());
    }
  }
} finally {
  writeFileSync(`${OUT}/index.json`, JSON.stringify(index, null, 1));
  await analyzer.close();
  await skin.close();
}
