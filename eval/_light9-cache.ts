/**
 * [light9] scratch: caches per sample the skin maps, skin-only masks, the mesh in crop pixels (x, y, z) and pose,
 * so light-model variants can be tried in seconds. `npx tsx eval/_light9-cache.ts [stills|video|faces]` → /tmp/l9cache
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { expressionOf } from '../functions/analysis/face/expression';
import { imageToCrop } from '../functions/analysis/face/square-crop';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { REGION_NAMES } from '../functions/analysis/types';
import { clmtrackrMedia, FRANCK_FRAMES, faceJpeg } from '../test/helpers/images';
import { VIDEO_WINDOWS, windowFrames } from './video-frames';
import * as paint from '../test/analysis/support/painting';
import * as added from '../test/analysis/support/painting-added';

const OUT = '/tmp/l9cache';
const only = process.argv[2];
const analyzer = await createInspectingAnalyzer({});
const skin = await createSkinModel({ modelDir: DEFAULT_MODEL_DIR });
const idxFile = `${OUT}/index-${only ?? 'all'}.json`;
const index: { name: string; group: string; u?: number; r?: number; refused?: string }[] = existsSync(idxFile) ? JSON.parse(readFileSync(idxFile, 'utf8')) : [];

async function cache(name: string, group: string, bytes: Uint8Array): Promise<void> {
  const ins = await analyzer.inspect(bytes, MARKER_NAMES, { overlays: false });
  const entry = { name, group } as (typeof index)[number];
  index.push(entry);
  if (ins.outcome.status !== 'completed') {
    entry.refused = ins.outcome.error.code;
    console.log(name, entry.refused);
    return;
  }
  const maps = await skin.maps(atResolutionFloor(ins.crop!, ins.window!.side));
  const dir = `${OUT}/${name.replace(/[^a-zA-Z0-9_.-]+/g, '_')}`;
  mkdirSync(dir, { recursive: true });
  for (const k of ['chromophores', 'specular', 'indices'] as const) writeFileSync(`${dir}/${k}.f32`, Buffer.from(maps[k].buffer, maps[k].byteOffset, maps[k].byteLength));
  const masks = Buffer.alloc(REGION_NAMES.length * 256 * 256);
  REGION_NAMES.forEach((r, k) => masks.set(ins.regions!.masks[r], k * 65536));
  writeFileSync(`${dir}/masks.u8`, masks);
  writeFileSync(`${dir}/crop.rgb`, ins.crop!.data);
  const w = ins.window!;
  const mesh = ins.landmarks!.points.map((p) => {
    const c = imageToCrop(w, 256, p);
    return [c.x, c.y, (p.z * 256) / w.side];
  });
  const ex = expressionOf(ins.landmarks!.points);
  entry.u = ins.outcome.markers.uniformness!.score;
  entry.r = ins.outcome.markers.radiance!.score;
  writeFileSync(`${dir}/meta.json`, JSON.stringify({ name, group, pose: ins.landmarks!.pose, mouth: ex.mouthWidth, u: entry.u, r: entry.r, rawU: ins.features!.values.uniformness, rawR: ins.features!.values.radiance, mesh }));
  console.log(name, entry.u, entry.r);
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
        for (const k of [1, 2]) await cache(`demo ${n} glow${k}`, `glow ${n}`, await paint.encodePhoto(added.glow(face, k)));
      }
    }
    for (const f of ['obama4_crop.jpg', 'walter2_crop.jpg', 'chuck_crop.jpg', 'kim1_crop.jpg', 'sean_guru2_crop.jpg']) {
      const bytes = readFileSync(clmtrackrMedia(f));
      await cache(`clm ${f} orig`, `clm ${f}`, bytes);
      for (const q of [85, 70]) await cache(`clm ${f} q${q}`, `clm ${f}`, await sharp(bytes).jpeg({ quality: q }).toBuffer());
      await cache(`clm ${f} 420`, `clm ${f}`, await sharp(bytes).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer());
    }
  }
} finally {
  writeFileSync(idxFile, JSON.stringify(index, null, 1));
  await analyzer.close();
  await skin.close();
}
