// Throwaway probe [frames13]: a cached sample's haemoglobin / melanin maps (σ 1 band-passed against σ 16), forehead box, enlarged.
import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import sharp from 'sharp';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { channel } from '../functions/analysis/skin/model-spec';
for (const name of process.argv.slice(2)) {
  const s: any = deserialize(readFileSync(`/tmp/f13/${name}.bin`));
  const inp = inputsOf(s.maps, s.regions, s.glare, s.minW); const S = inp.size;
  const maps = [channel(s.maps, 'chromophores', 'haemoglobin', S), channel(s.maps, 'chromophores', 'melanin', S), channel(s.maps, 'chromophores', 'shading', S)];
  const blur = inp.skin.glare.blur; const around = blur.means(maps, 16); const near = blur.means(maps, 1);
  const f = (inp.pixels as any).forehead; const ys = Array.from(f.index as Uint32Array, (i) => Math.floor(i / S)); const xs = Array.from(f.index as Uint32Array, (i) => i % S);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys); const W = x1 - x0 + 1, H = y1 - y0 + 1;
  const inF = new Uint8Array(S * S); for (const i of f.index) inF[i] = 1;
  const out = Buffer.alloc(W * H * 3 * 3);
  for (let t = 0; t < 3; t++) for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
    const i = (y + y0) * S + x + x0; const o = (y * W * 3 + t * W + x) * 3;
    if (!inF[i]) { out[o] = out[o + 1] = out[o + 2] = 30; continue; }
    const v = Math.max(-1, Math.min(1, (near[t]![i]! - around[t]![i]!) / [5, 5, 10][t]!));
    out[o] = Math.round(128 + 127 * v); out[o + 1] = Math.round(128 + 127 * v); out[o + 2] = Math.round(128 + 127 * v);
  }
  await sharp(out, { raw: { width: W * 3, height: H, channels: 3 } }).resize(W * 3 * 3, H * 3, { kernel: 'nearest' }).png().toFile(`/tmp/f13/${name}-hb.png`);
  console.log(name, W, H, 'roll', s.pose.roll.toFixed(1));
}
