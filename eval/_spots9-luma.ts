// Throwaway probe ([spots9]): at given crop points (best red pixel in 5×5), per blob scale, the luminance term of a red
// spot from linear luminance (as shipped, ΔOD_Y / k) and from the JPEG's luma (ΔOD_Y′ / k′), over cached variants.
// npx tsx eval/_spots9-luma.ts photo "x,y;x,y" orig q85 420
import { readFileSync } from 'node:fs';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { channel, FILTER_SCALES, CHROMOPHORE_VECTORS } from '../functions/analysis/skin/model-spec';
import { SRGB_TO_XYZ } from '../functions/analysis/skin/colour';
import { blur } from './_spots9-scales-lib';

const [photo, pts, ...variants] = process.argv.slice(2);
const points = pts!.split(';').map((p) => p.split(',').map(Number) as [number, number]);
const skin = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
const lin1 = (v: number) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
const LUMA = [0.299, 0.587, 0.114];
const sums = new Map<string, number[]>();
for (const v of variants) {
  const c = JSON.parse(readFileSync(`/tmp/spots9-cache/${photo}@${v}.json`, 'utf8'));
  const crop0 = { width: c.crop.width, height: c.crop.height, data: new Uint8Array(Buffer.from(c.crop.data, 'base64')) };
  const crop = atResolutionFloor(crop0, c.side);
  const maps = await skin.maps(crop);
  const size = crop.width, n = size * size;
  const red = channel(maps, 'red_blobs', 'contrast', size);
  const odY = channel(maps, 'indices', 'od', size);
  const srgb = [0, 1, 2].map((ch) => { const o = new Float32Array(n); for (let i = 0; i < n; i++) o[i] = crop.data[i * 3 + ch]! / 255; return o; });
  const lin = srgb.map((m) => m.map(lin1));
  const odLuma = new Float32Array(n);
  for (let i = 0; i < n; i++) odLuma[i] = -100 * Math.log10(Math.max(0.002, LUMA[0]! * srgb[0]![i]! + LUMA[1]! * srgb[1]![i]! + LUMA[2]! * srgb[2]![i]!));
  const bg = lin.map((m) => blur(m, size, FILTER_SCALES.redBackground));
  const hbv = CHROMOPHORE_VECTORS.haemoglobin; const Y = SRGB_TO_XYZ[1];
  const kY = new Float32Array(n), kL = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let a = 0, b = 0, a2 = 0, b2 = 0;
    for (let ch = 0; ch < 3; ch++) { const l = bg[ch]![i]!; a += Y[ch]! * l * hbv[ch]!; b += Y[ch]! * l; const f = 1.055 * l ** (1 / 2.4) - 0.055; a2 += LUMA[ch]! * (1.055 / 2.4) * l ** (1 / 2.4) * hbv[ch]!; b2 += LUMA[ch]! * f; }
    kY[i] = Math.max(0.1, a / Math.max(b, 0.002)); kL[i] = Math.max(0.05, a2 / Math.max(b2, 0.002));
  }
  const cs = (m: Float32Array) => FILTER_SCALES.blobCentres.map((cc) => { const a = blur(m, size, cc), b = blur(m, size, cc * FILTER_SCALES.surroundRatio); return a.map((x, i) => x - b[i]!); });
  const yC = cs(odY), lC = cs(odLuma);
  console.log(`== ${photo} ${v}`);
  points.forEach(([x0, y0], pi) => {
    let bi = y0 * size + x0; for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) { const i = (y0 + dy) * size + x0 + dx; if (red[i]! > red[bi]!) bi = i; }
    const vals = [0, 1, 2].flatMap((k) => [yC[k]![bi]! / kY[bi]!, lC[k]![bi]! / kL[bi]!]);
    sums.set(`${v}`, (sums.get(v) ?? [0, 0, 0, 0, 0, 0]).map((s, j) => s + vals[j]!));
    console.log(` (${bi % size},${Math.floor(bi / size)}) red ${red[bi]!.toFixed(1)} kY ${kY[bi]!.toFixed(2)} kL ${kL[bi]!.toFixed(2)} ` + [0, 1, 2].map((k) => `s${k} linY ${vals[2 * k]!.toFixed(1)} luma ${vals[2 * k + 1]!.toFixed(1)}`).join(' | '));
  });
}
for (const [v, s] of sums) console.log('sum', v, s.map((x) => x.toFixed(1)).join(' '));
await skin.close();
