// Throwaway probe ([spots9]): acne of PNGs mixing one encode's luma with another's chroma (BT.601 full range).
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia } from '../test/helpers/images';
const b = readFileSync(clmtrackrMedia(process.argv[2] ?? 'sean_guru2_crop.jpg'));
const raw = async (x: Buffer) => (await sharp(x).removeAlpha().raw().toBuffer({ resolveWithObject: true }));
const o = await raw(b);
const { width, height } = o.info;
const ycc = (d: Buffer) => { const n = width * height; const Y = new Float32Array(n), Cb = new Float32Array(n), Cr = new Float32Array(n); for (let i = 0; i < n; i++) { const r = d[3 * i]!, g = d[3 * i + 1]!, bl = d[3 * i + 2]!; Y[i] = 0.299 * r + 0.587 * g + 0.114 * bl; Cb[i] = -0.168736 * r - 0.331264 * g + 0.5 * bl; Cr[i] = 0.5 * r - 0.418688 * g - 0.081312 * bl; } return { Y, Cb, Cr }; };
const png = (Y: Float32Array, Cb: Float32Array, Cr: Float32Array) => { const n = width * height; const out = Buffer.alloc(3 * n); const cl = (v: number) => Math.max(0, Math.min(255, Math.round(v))); for (let i = 0; i < n; i++) { out[3 * i] = cl(Y[i]! + 1.402 * Cr[i]!); out[3 * i + 1] = cl(Y[i]! - 0.344136 * Cb[i]! - 0.714136 * Cr[i]!); out[3 * i + 2] = cl(Y[i]! + 1.772 * Cb[i]!); } return sharp(out, { raw: { width, height, channels: 3 } }).png().toBuffer(); };
const O = ycc(o.data);
const analyzer = await createInspectingAnalyzer({});
const score = async (x: Buffer) => { const ins = await analyzer.inspect(x, MARKER_NAMES, { overlays: false }); return `${(ins.outcome as any).markers?.acne.score} ${ins.features?.values.acne.toFixed(2)}`; };
console.log('orig as png', await score(await png(O.Y, O.Cb, O.Cr)));
for (const [k, enc] of Object.entries({ 'q95 420': { quality: 95, chromaSubsampling: '4:2:0' }, 'q85 420': { quality: 85 }, 'q70 420': { quality: 70 } })) {
  const V = ycc((await raw(await sharp(b).jpeg(enc as any).toBuffer())).data);
  console.log(k, 'as png', await score(await png(V.Y, V.Cb, V.Cr)), '| orig luma + its chroma', await score(await png(O.Y, V.Cb, V.Cr)), '| its luma + orig chroma', await score(await png(V.Y, O.Cb, O.Cr)));
}
await analyzer.close();
