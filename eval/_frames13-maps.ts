// Throwaway probe [frames13]: band-passed maps of a cached sample as a PNG montage (forehead + cheeks box).
import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import sharp from 'sharp';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { channel } from '../functions/analysis/skin/model-spec';
for (const name of process.argv.slice(2)) {
  const s: any = deserialize(readFileSync(`/tmp/f13/${name}.bin`));
  const inp = inputsOf(s.maps, s.regions, s.glare, s.minW); const S = inp.size;
  const maps = [channel(s.maps, 'chromophores', 'melanin', S), channel(s.maps, 'chromophores', 'haemoglobin', S), channel(s.maps, 'chromophores', 'shading', S), Float32Array.from(channel(s.maps, 'specular', 'strength', S), (v) => Math.max(v - 2, 0)), channel(s.maps, 'indices', 'od', S)];
  const blur = inp.skin.glare.blur; const around = blur.means(maps, 16); const near = blur.means(maps, 4);
  const bp = near.map((m, c) => m.map((v, i) => v - around[c]![i]!));
  const mask = new Uint8Array(S * S); for (const r of ['forehead', 'left_cheek', 'right_cheek', 'chin']) { const p = (inp.pixels as any)[r]; for (const i of p.index) mask[i] = r === 'forehead' ? 2 : 1; }
  const y0 = 0, y1 = 200, W = S, H = y1 - y0, scales = [4, 4, 6, 3, 6];
  const tiles = [...bp.map((m, c) => ({ m, sc: scales[c]! })), { m: maps[4]!, sc: 0 }];
  const out = Buffer.alloc(W * H * tiles.length * 3);
  tiles.forEach(({ m, sc }, t) => {
    let mean = 0, n = 0; if (!sc) { for (let i = 0; i < S * S; i++) if (mask[i]) { mean += m[i]!; n++; } mean /= n; }
    for (let y = y0; y < y1; y++) for (let x = 0; x < W; x++) {
      const i = y * S + x, o = ((y - y0) * W * tiles.length + t * W + x) * 3;
      if (!mask[i]) { out[o] = out[o + 1] = out[o + 2] = mask[i] ? 0 : 40; continue; }
      const v = sc ? m[i]! / sc : (m[i]! - mean) / 15; const c = Math.max(-1, Math.min(1, v));
      out[o] = 128 + Math.round(127 * Math.max(c, 0)) - Math.round(100 * Math.max(-c, 0)); out[o + 1] = 128 - Math.round(100 * Math.abs(c)); out[o + 2] = 128 + Math.round(127 * Math.max(-c, 0)) - Math.round(100 * Math.max(c, 0));
    }
  });
  await sharp(out, { raw: { width: W * tiles.length, height: H, channels: 3 } }).resize(W * tiles.length * 2 / 2 * 1, H * 1).png().toFile(`/tmp/f13/${name}.png`);
}
