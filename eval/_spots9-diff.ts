// Throwaway probe ([spots9]): how two cached crops of one photo differ (window side, mean |Δ| per channel, near a point).
import { readFileSync } from 'node:fs';
const [photo, a, b, pt] = process.argv.slice(2);
const load = (v: string) => JSON.parse(readFileSync(`/tmp/spots9-cache/${photo}@${v}.json`, 'utf8'));
const A = load(a!), B = load(b!);
console.log('side', A.side, B.side);
const da = Buffer.from(A.crop.data, 'base64'), db = Buffer.from(B.crop.data, 'base64');
const S = A.crop.width; const [px, py] = pt!.split(',').map(Number) as [number, number];
for (const r of [3, 6, 12, 40]) {
  const d = [0, 0, 0]; let n = 0;
  for (let y = py - r; y <= py + r; y++) for (let x = px - r; x <= px + r; x++) { const i = (y * S + x) * 3; for (let c = 0; c < 3; c++) d[c]! += Math.abs(da[i + c]! - db[i + c]!); n++; }
  console.log('r', r, d.map((v) => (v / n).toFixed(2)).join(' '));
}
// best shift (cross-correlation of green) over ±2 px in quarter steps? integer only
let best = [0, 0, Infinity];
for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) { let s = 0; for (let y = 40; y < S - 40; y++) for (let x = 40; x < S - 40; x++) s += Math.abs(da[(y * S + x) * 3 + 1]! - db[((y + dy) * S + x + dx) * 3 + 1]!); if (s < best[2]!) best = [dx, dy, s]; }
console.log('best integer shift', best[0], best[1], (best[2]! / ((S - 80) ** 2)).toFixed(2));
