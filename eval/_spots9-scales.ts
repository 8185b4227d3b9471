// Throwaway probe ([spots9]): per blob scale, at given crop points (best red pixel in 5×5), the haemoglobin and
// luminance (hb units) contrasts, the gate's ratio and value, the capped strength and the dark-structure factor,
// recomputed from the skin model's maps of the cached crops.  npx tsx eval/_spots9-scales.ts photo "x,y;x,y" orig q85 420
import { readFileSync } from 'node:fs';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { channel, FILTER_SCALES, CHROMOPHORE_VECTORS } from '../functions/analysis/skin/model-spec';
import { SRGB_TO_XYZ } from '../functions/analysis/skin/colour';
import { smoothstep } from '../functions/analysis/skin/stats';

export function blur(src: Float32Array, size: number, sigma: number): Float32Array {
  const r = Math.ceil(3 * sigma); const k: number[] = []; let s = 0;
  for (let i = -r; i <= r; i++) { const v = Math.exp(-(i * i) / (2 * sigma * sigma)); k.push(v); s += v; }
  for (let i = 0; i < k.length; i++) k[i]! /= s;
  const tmp = new Float32Array(src.length), out = new Float32Array(src.length);
  const cl = (v: number) => Math.min(size - 1, Math.max(0, v));
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * src[y * size + cl(x + i)]!; tmp[y * size + x] = a; }
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) { let a = 0; for (let i = -r; i <= r; i++) a += k[i + r]! * tmp[cl(y + i) * size + x]!; out[y * size + x] = a; }
  return out;
}
const [photo, pts, ...variants] = process.argv.slice(2);
const points = pts!.split(';').map((p) => p.split(',').map(Number) as [number, number]);
const skin = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
for (const v of variants) {
  const c = JSON.parse(readFileSync(`/tmp/spots9-cache/${photo}@${v}.json`, 'utf8'));
  const crop = { width: c.crop.width, height: c.crop.height, data: new Uint8Array(Buffer.from(c.crop.data, 'base64')) };
  const maps = await skin.maps(atResolutionFloor(crop, c.side));
  const size = crop.width;
  const mel = channel(maps, 'chromophores', 'melanin', size), hb = channel(maps, 'chromophores', 'haemoglobin', size), sh = channel(maps, 'chromophores', 'shading', size);
  const odY = channel(maps, 'indices', 'od', size);
  const red = channel(maps, 'red_blobs', 'contrast', size);
  const V3 = CHROMOPHORE_VECTORS; const n = size * size;
  const lin = [0, 1, 2].map((ch) => { const o = new Float32Array(n); for (let i = 0; i < n; i++) o[i] = 10 ** (-(V3.melanin[ch]! * mel[i]! + V3.haemoglobin[ch]! * hb[i]! + V3.shading[ch]! * sh[i]!) / 100); return blur(o, size, FILTER_SCALES.redBackground); });
  const Y = SRGB_TO_XYZ[1];
  const kHb = new Float32Array(n);
  for (let i = 0; i < n; i++) { const d = Y[0] * lin[0]![i]! + Y[1] * lin[1]![i]! + Y[2] * lin[2]![i]!; kHb[i] = Math.max(0.1, (Y[0] * lin[0]![i]! * V3.haemoglobin[0] + Y[1] * lin[1]![i]! * V3.haemoglobin[1] + Y[2] * lin[2]![i]! * V3.haemoglobin[2]) / d); }
  const cs = (m: Float32Array) => FILTER_SCALES.blobCentres.map((cc) => { const a = blur(m, size, cc), b = blur(m, size, cc * FILTER_SCALES.surroundRatio); return a.map((x, i) => x - b[i]!); });
  const hbC = cs(hb), yC = cs(odY).map((m) => m.map((x, i) => x / kHb[i]!));
  const gates = FILTER_SCALES.blobCentres.map((_, s) => { const hs = blur(hbC[s]!, size, FILTER_SCALES.redGate), ls = blur(yC[s]!, size, FILTER_SCALES.redGate); return hs.map((x, i) => x / Math.max(ls[i]!, 1)); });
  console.log(`== ${photo} ${v}`);
  for (const [x0, y0] of points) {
    let bi = y0 * size + x0; for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) { const i = (y0 + dy) * size + x0 + dx; if (red[i]! > red[bi]!) bi = i; }
    const x = bi % size, y = (bi - x) / size;
    const s = [0, 1, 2].map((k) => {
      const l = yC[k]![bi]!, h = hbC[k]![bi]!; let st = Math.min(Math.max(l, h), FILTER_SCALES.redOverLuminance[k]! * Math.max(l, 0)); if (k === 0) st = Math.min(st, FILTER_SCALES.luminanceOverRed * Math.max(h, 0));
      const g = smoothstep(FILTER_SCALES.redShare[0], FILTER_SCALES.redShare[1], gates[k]![bi]!);
      const nd = 1 - smoothstep(FILTER_SCALES.unexplainedDarkening[0], FILTER_SCALES.unexplainedDarkening[1], (l - h) * kHb[bi]!);
      return `s${k} hb ${h.toFixed(1)} lum ${l.toFixed(1)} r ${gates[k]![bi]!.toFixed(2)} g ${g.toFixed(2)} nd ${nd.toFixed(2)} -> ${(Math.max(st, 0) * g * nd).toFixed(1)}`;
    }).join(' | ');
    console.log(` (${x},${y}) red ${red[bi]!.toFixed(2)} ${s}`);
  }
}
await skin.close();
