import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { viewOf, glareWeight, unionOf, MEASUREMENT, MARKER_REGIONS } from '../functions/analysis/skin/features';
import { weightedMean } from '../functions/analysis/skin/weighted-stats';
import { smoothstep } from '../functions/analysis/skin/stats';
import { channel } from '../functions/analysis/skin/model-spec';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
function blur(m: Float32Array, s: number, n = 256) {
  const r = Math.ceil(3 * s); const k: number[] = []; let t = 0; for (let i = -r; i <= r; i++) { const v = Math.exp(-i * i / (2 * s * s)); k.push(v); t += v; }
  const kk = k.map((v) => v / t); const tmp = new Float32Array(m.length); const out = new Float32Array(m.length);
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) { let a = 0; for (let i = -r; i <= r; i++) { const xx = Math.min(n - 1, Math.max(0, x + i)); a += kk[i + r]! * m[y * n + xx]!; } tmp[y * n + x] = a; }
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) { let a = 0; for (let i = -r; i <= r; i++) { const yy = Math.min(n - 1, Math.max(0, y + i)); a += kk[i + r]! * tmp[yy * n + x]!; } out[y * n + x] = a; }
  return out;
}
const model = await createSkinModel({ modelDir: 'models/generated' });
const photos = process.env.PHOTOS!.split(',');
const R0s = (process.env.R0 ?? '0.3,0.4,0.5').split(',').map(Number);
const S = Number(process.env.SIG ?? 6);
for (const p of photos) {
  const rows: string[] = R0s.map((r) => `R0=${r}:`);
  let base = 'abs:';
  for (const v of ['orig', 'q85', 'q70', '420', '75', '150']) {
    let c; try { c = deserialize(readFileSync(`/tmp/p7/${p}__${v}.bin`)); } catch { continue; }
    const maps = await model.maps(atResolutionFloor(c.crop, c.side));
    const spec = channel(maps, 'specular', 'strength', 256);
    const clean = viewOf(c.regions, glareWeight(spec, MEASUREMENT.glare));
    const w = unionOf(clean, MARKER_REGIONS.pores as any);
    const dark = channel(maps, 'pits', 'dark', 256), fine = channel(maps, 'lines', 'fine', 256), bright = channel(maps, 'pits', 'bright', 256);
    const e = new Float32Array(dark.length); for (let i = 0; i < e.length; i++) e[i] = fine[i]! ** 2 + bright[i]! ** 2 + dark[i]! ** 2;
    const ref = blur(e, S).map(Math.sqrt);
    base += ` ${v}:${(100 * weightedMean(dark, w, (x) => smoothstep(0.3, 0.6, x))).toFixed(2)}`;
    R0s.forEach((R0, j) => { const adj = new Float32Array(dark.length); for (let i = 0; i < adj.length; i++) adj[i] = dark[i]! * Math.min(1, R0 / Math.max(ref[i]!, 1e-6)); rows[j] += ` ${v}:${(100 * weightedMean(adj, w, (x) => smoothstep(0.3, 0.6, x))).toFixed(2)}`; });
    if (v === 'orig') rows.push(`  ref median-ish: ${(weightedMean(ref, w)).toFixed(3)}`);
  }
  console.log(p, '\n  ' + base + '\n  ' + rows.join('\n  '));
}
