/** [oily7] scratch: oiliness variants (per-part knees, tails, widest rows) on the maps cached by eval/_oily7-cache.ts, anchors rescaled on the painted patches; `npx tsx eval/_oily7-try.ts [names]`. */
import { index, load, shareOf, S, type Item } from './_oily7-lib';
// Current anchors (raw % → score).
const A: [number, number][] = [[0, 100], [1.82, 94], [4.56, 84], [9.11, 68], [18.23, 42], [31.59, 15], [45.56, 0]];
const score = (r: number) => { if (r <= 0) return 100; for (let k = 1; k < A.length; k++) if (r <= A[k]![0]) { const [x0, y0] = A[k - 1]!, [x1, y1] = A[k]!; return Math.round(y0 + ((r - x0) / (x1 - x0)) * (y1 - y0)); } return 0; };
const items = index.filter((e) => !e.code).map(load);
type Measure = (it: Item) => number;
function parts(it: Item) {
  const m = it.masks; const nose = new Uint8Array(S * S), fh = new Uint8Array(S * S), rest = new Uint8Array(S * S); const n = [0, 0, 0];
  for (let i = 0; i < S * S; i++) if (m.t_zone![i]) { if (m.nose![i]) { nose[i] = 1; n[0]++; } else if (m.forehead![i]) { fh[i] = 1; n[1]++; } else { rest[i] = 1; n[2]++; } }
  return { nose, fh, rest, n };
}
const cache = new Map<string, ReturnType<typeof parts>>();
const P = (it: Item) => { let p = cache.get(it.id); if (!p) { p = parts(it); cache.set(it.id, p); } return p; };
const sat = (s: number, K: number) => (K <= 0 ? s : K * (1 - Math.exp(-s / K)));
function ridgeTop(it: Item, frac: number, _useRows = true): number {
  const p = P(it); const rows: number[] = [];
  for (let y = 0; y < S; y++) { let c = 0, n = 0; for (let x = 0; x < S; x++) { const i = y * S + x; if (p.nose[i] || p.rest[i]) { n++; const v = it.sheen[i]!; const t = Math.min(1, Math.max(0, (v - 4) / 4)); c += t * t * (3 - 2 * t); } } if (n >= 3) rows.push(100 * c / n); }
  rows.sort((a, b) => b - a); const k = Math.max(1, Math.round(rows.length * frac)); let s = 0; for (let j = 0; j < k; j++) s += rows[j]!; return s / k;
}
export const measures: Record<string, Measure> = {
  ...Object.fromEntries([0.2, 0.33, 0.5].map((f) => [`ridgeTop${f}`, (it: Item) => { const p = P(it); const nr = p.n[0] + p.n[2]; return (nr * ridgeTop(it, f) + p.n[1] * shareOf(it.sheen, p.fh)) / (nr + p.n[1]); }])),
  ...Object.fromEntries([[8, 0.35], [6, 0.25]].map(([K, b]) => [`ridgeTail${K}_${b}`, (it: Item) => { const p = P(it); const ridge = new Uint8Array(S * S); for (let i = 0; i < S * S; i++) ridge[i] = p.nose[i]! | p.rest[i]!; const nr = p.n[0] + p.n[2]; const s = shareOf(it.sheen, ridge); return (nr * (sat(s, K!) + b! * s) + p.n[1] * shareOf(it.sheen, p.fh)) / (nr + p.n[1]); }])),
  ...Object.fromEntries([9, 10, 11].map((K) => [`ridgeSat${K}`, (it: Item) => { const p = P(it); const ridge = new Uint8Array(S * S); for (let i = 0; i < S * S; i++) ridge[i] = p.nose[i]! | p.rest[i]!; const nr = p.n[0] + p.n[2]; return (nr * sat(shareOf(it.sheen, ridge), K) + p.n[1] * shareOf(it.sheen, p.fh)) / (nr + p.n[1]); }])),
  current: (it) => shareOf(it.sheen, it.masks.t_zone!),
  ...Object.fromEntries([5, 8, 12].map((K) => [`noseSat${K}`, (it: Item) => { const p = P(it); const sh = [shareOf(it.sheen, p.nose), shareOf(it.sheen, p.fh), shareOf(it.sheen, p.rest)]; return (p.n[0] * sat(sh[0]!, K) + p.n[1] * sh[1]! + p.n[2] * sh[2]!) / (p.n[0] + p.n[1] + p.n[2]); }])),
  ...Object.fromEntries([8, 15, 25].map((K) => [`allSat${K}`, (it: Item) => { const p = P(it); const sh = [shareOf(it.sheen, p.nose), shareOf(it.sheen, p.fh), shareOf(it.sheen, p.rest)]; return (p.n[0] * sat(sh[0]!, K) + p.n[1] * sat(sh[1]!, K) + p.n[2] * sat(sh[2]!, K)) / (p.n[0] + p.n[1] + p.n[2]); }])),
};
const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(measures);
for (const name of names) {
  const M = measures[name]!;
  const v = new Map(items.map((it) => [it.id, M(it)]));
  // Recalibrate: scale so painted series' added cover (n=3,8,15 minus 0) keeps the current measure's median ratio.
  const ratios: number[] = [];
  for (const f of ['frontal', 'light', 'tilted', 'tan']) for (const n of [3, 8, 15]) {
    const a = `painted__${f}_${n}`, z = `painted__${f}_0`;
    ratios.push((v.get(a)! - v.get(z)!) / (measures.current!(items.find((i) => i.id === a)!) - measures.current!(items.find((i) => i.id === z)!)));
  }
  ratios.sort((a, b) => a - b);
  const k = process.env.K1 ? 1 : ratios[Math.floor(ratios.length / 2)]!;
  const sc = (id: string) => score(v.get(id)! / k);
  const groups = [...new Set(items.map((i) => i.group))];
  const out: string[] = [];
  for (const g of groups.filter((g) => g.startsWith('w') || g === 'stills')) {
    const s = items.filter((i) => i.group === g).map((i) => sc(i.id));
    out.push(`${g}:${Math.max(...s) - Math.min(...s)}`);
  }
  console.log(`${name.padEnd(12)} k=${k.toFixed(2)} ranges ${out.join(' ')}`);
  const painted = ['frontal', 'light', 'tilted', 'tan'].map((f) => `${f} ${[0, 3, 8, 15].map((n) => sc(`painted__${f}_${n}`)).join('/')}`).join('  ');
  console.log(`   painted ${painted}`);
  console.log(`   faces ${items.filter((i) => i.group === 'faces' || i.group === 'q70').map((i) => `${i.name.replace(/\.jpg|_crop|fragrance-George-|-main/g, '')}${i.group === 'q70' ? '@q70' : ''} ${sc(i.id)}`).join(', ')}`);
}
