/** [oily7] scratch: the sheen gate (σ, full drop) re-run on the cached lab maps, with the ridge knee: q70 pairs, window ranges, painted patches; `npx tsx eval/_oily7-gate.ts 3 0.1`. */
import { index, load, sheenOf, S, type Item } from './_oily7-lib';
const K = 10;
function oil(it: Item, sheen: Float32Array) {
  let bs = 0, bw = 0, rs = 0, rw = 0;
  for (let i = 0; i < S * S; i++) if (it.masks.t_zone![i]) { const t = Math.min(1, Math.max(0, (sheen[i]! - 4) / 4)); const v = t * t * (3 - 2 * t); if (it.masks.forehead![i]) { bs += v; bw++; } else { rs += v; rw++; } }
  const r = rw ? K * (1 - Math.exp(-(100 * rs / rw) / K)) : 0;
  return (100 * bs + rw * r) / (bw + rw);
}
const all = index.filter((e) => !e.code);
const [gs, drop] = process.argv.slice(2).map(Number) as [number, number];
const v = new Map<string, number>();
for (const e of all) { const it = load(e); v.set(e.id, oil(it, sheenOf(it, 8, gs, drop).sheen)); }
const q = all.filter((e) => e.group === 'q70').map((e) => { const a = v.get(`faces__${e.name.replace(/[^A-Za-z0-9_.-]+/g, '_')}`)!; const b = v.get(e.id)!; return `${e.name.slice(0, 8)} ${(100 * (b - a) / a).toFixed(0)}%`; });
const ranges = [...new Set(all.map((e) => e.group))].filter((g) => g.startsWith('w') || g === 'stills').map((g) => { const s = all.filter((e) => e.group === g).map((e) => v.get(e.id)!); return `${g}:${(Math.max(...s) - Math.min(...s)).toFixed(2)}/${(s.reduce((p, c) => p + c) / s.length).toFixed(1)}`; });
const painted = ['frontal', 'light', 'tilted', 'tan'].map((f) => [0, 3, 8, 15].map((n) => v.get(`painted__${f}_${n}`)!.toFixed(1)).join('/'));
console.log(`gs ${gs} drop ${drop}: q70 ${q.join(' ')}\n  ranges(raw/mean) ${ranges.join(' ')}\n  painted ${painted.join('  ')}\n  faces ${all.filter((e) => e.group === 'faces').map((e) => `${e.name.slice(0, 8)} ${v.get(e.id)!.toFixed(1)}`).join(', ')}`);
