// Throwaway probe [frames13]: per half of the forehead, the band-passed chromophores against band-passed shading.
import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { channel } from '../functions/analysis/skin/model-spec';
import { smoothstep } from '../functions/analysis/skin/stats';
import { weightedPercentiles } from '../functions/analysis/skin/weighted-stats';
for (const name of process.argv.slice(2)) {
  const s: any = deserialize(readFileSync(`/tmp/f13/${name}.bin`));
  const inp = inputsOf(s.maps, s.regions, s.glare, s.minW); const S = inp.size;
  const maps = [channel(s.maps, 'chromophores', 'melanin', S), channel(s.maps, 'chromophores', 'haemoglobin', S), channel(s.maps, 'chromophores', 'shading', S), channel(s.maps, 'indices', 'od', S)];
  const blur = inp.skin.glare.blur; const around = blur.means(maps, 16); const near = blur.means(maps, 4);
  const bp = near.map((m, c) => m.map((v, i) => v - around[c]![i]!));
  const cover = blur.cover(6);
  const line: string[] = [];
  for (const r of ['forehead', 'left_cheek', 'right_cheek', 'chin']) {
    const p = (inp.pixels as any)[r];
    const idx: number[] = [], w: number[] = [];
    p.index.forEach((i: number, k: number) => { const q = p.weight[k] * smoothstep(0.5, 0.75, cover[i]!); if (q > 0) { idx.push(i); w.push(q); } });
    const xs = idx.map((i) => i % S); const lo = Math.min(...xs), hi = Math.max(...xs), mid = (lo + hi + 1) / 2;
    for (const half of [0, 1]) {
      const ks = idx.map((_, k) => k).filter((k) => (xs[k]! >= mid ? 1 : 0) === half);
      const st = (a: Float32Array, b: Float32Array) => { let W = 0, ma = 0, mb = 0; for (const k of ks) { W += w[k]!; ma += w[k]! * a[idx[k]!]!; mb += w[k]! * b[idx[k]!]!; } ma /= W; mb /= W; let saa = 0, sbb = 0, sab = 0; for (const k of ks) { const da = a[idx[k]!]! - ma, db = b[idx[k]!]! - mb; saa += w[k]! * da * da; sbb += w[k]! * db * db; sab += w[k]! * da * db; } return { r: sab / Math.sqrt(saa * sbb), slope: sab / saa, va: saa / W, vb: sbb / W }; };
      const h = st(bp[2]!, bp[1]!), m = st(bp[2]!, bp[0]!), hm = st(bp[0]!, bp[1]!);
      const sp = (a: Float32Array) => { const wt = { index: Uint32Array.from(ks.map((k) => idx[k]!)), weight: Float32Array.from(ks.map((k) => w[k]!)) }; const [hi2, lo2] = weightedPercentiles(a, wt, [80, 20]) as number[]; return hi2! - lo2!; };
      line.push(`${r.slice(0, 4)}${half ? 'R' : 'L'} varS ${h.va.toFixed(1)} h~s r${h.r.toFixed(2)} b${h.slope.toFixed(2)} m~s r${m.r.toFixed(2)} h~m r${hm.r.toFixed(2)} sp h${sp(bp[1]!).toFixed(2)} m${sp(bp[0]!).toFixed(2)}`);
    }
  }
  console.log(name, s.pose.roll.toFixed(1), '\n  ' + line.join('\n  '));
}
