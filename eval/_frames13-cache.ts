// Throwaway probe [frames13]: caches per sample the skin maps (chromophores, specular, indices), the region masks and
// the pose, so uniformness / radiance variants can be reduced again in seconds.  npx tsx eval/_frames13-cache.ts [filter]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { serialize } from 'node:v8';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia, faceJpeg, FRANCK_FRAMES } from '../test/helpers/images';
import { VIDEO_WINDOWS, windowFrames } from './video-frames';
import * as paint from '../test/analysis/support/painting';
import * as added from '../test/analysis/support/painting-added';
import * as synthetic from '../test/support/synthetic-skin';

const S = 256;
const filter = process.argv[2] ?? '';
const analyzer = await createInspectingAnalyzer({});
let captured: any = null;
(globalThis as any).__f13 = (maps: any, regions: any, glare: any, minW: any) => { captured = { maps: { chromophores: maps.chromophores, specular: maps.specular, indices: maps.indices }, regions, glare, minW }; };
async function save(name: string, bytes: Buffer) {
  const out = `/tmp/f13/${name.replace(/[^\w.-]+/g, '_')}.bin`;
  if (!name.includes(filter) || existsSync(out)) return;
  captured = null;
  const ins = await analyzer.inspect(bytes, MARKER_NAMES, { overlays: false });
  const o: any = ins.outcome;
  if (o.status !== 'completed' || !captured) { writeFileSync(out, serialize({ name, status: o.status })); console.log(name, o.status); return; }
  writeFileSync(out, serialize({ name, status: 'completed', ...captured, pose: ins.landmarks?.pose, scores: { u: o.markers.uniformness?.score, r: o.markers.radiance?.score }, fu: o.regionResults?.uniformness?.forehead?.score }));
  console.log(name, o.markers.uniformness?.score, o.markers.radiance?.score, JSON.stringify(ins.landmarks?.pose));
}
for (const f of FRANCK_FRAMES) await save(`still-${f.replace(/.*\//, '')}`, readFileSync(clmtrackrMedia(f)));
const demo: Record<string, Buffer> = {};
for (const n of ['frontal', 'tilted', 'light', 'tan'] as const) { demo[n] = await faceJpeg(n); await save(`demo-${n}`, demo[n]); }
for (const n of ['frontal', 'light'] as const) {
  const face = await paint.locateFace(analyzer, demo[n]);
  for (const k of [4, 10]) await save(`demo-${n}-blot${k}`, await paint.encodePhoto(added.blotches(face, k)));
  if (n === 'frontal') {
    let photo = face.photo;
    const places = paint.spread(face, ['forehead'], 4, 3, 14);
    for (const [k, density] of added.BLOTCH_DENSITIES.entries()) {
      const w = synthetic.discs(S, places.filter((_, i) => i % 2 === k).map((p) => ({ ...p, radius: 9 })), 6);
      photo = synthetic.applyDensity(photo, paint.toPhotoWeights(face, w), density);
    }
    await save(`demo-frontal-fh4`, await paint.encodePhoto(photo));
    await save(`demo-frontal-plain95`, await paint.encodePhoto(face.photo));
  }
}
for (const f of ['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg']) {
  const b = readFileSync(clmtrackrMedia(f));
  await save(`p-${f}`, b);
  await save(`p-${f}-q70`, await sharp(b).jpeg({ quality: 70 }).toBuffer());
  await save(`p-${f}-q85`, await sharp(b).jpeg({ quality: 85 }).toBuffer());
}
for (const w of VIDEO_WINDOWS.filter((w) => w.heldToTargets)) {
  if (!`win${w.start}`.includes(filter) && filter) continue;
  for (const fr of await windowFrames(w)) await save(`win${w.start}-${fr.name}`, fr.bytes);
}
await analyzer.close();
