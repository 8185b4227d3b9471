// Throwaway probe ([acne13]): re-runs the skin model ($MODEL_DIR, default models/generated) and reduceFeatures over the
// cached crops of eval/_acne13-cache.ts; acne per variant, misses (faces ≥ 200 px in both; 3 points, 5 at 50 %),
// summed |drift| per variant group, and acne's range per frame sequence.  npx tsx eval/_acne13-try.ts [filter]
// CHECK=1: every marker compared with the cached (whole-analyzer) scores.
import { readdirSync, readFileSync } from 'node:fs';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { reduceFeatures } from '../functions/analysis/skin/features';
import { scoreMarkers } from '../functions/analysis/skin/scoring';
import { getManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';

const filter = process.argv[2];
const DIR = process.env.CACHE ?? '/tmp/acne13-cache';
const skin = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
const manifest = getManifest();
const files = readdirSync(DIR).filter((f) => !filter || f.includes(filter)).sort();
const rows = new Map<string, Map<string, { s: number; raw: number; face: number }>>();
let mismatches = 0;
for (const f of files) {
  const c = JSON.parse(readFileSync(`${DIR}/${f}`, 'utf8'));
  const [photo, v] = f.replace(/\.json$/, '').split('@') as [string, string];
  if (c.status !== 'completed') continue;
  const crop = { width: c.crop.width, height: c.crop.height, data: new Uint8Array(Buffer.from(c.crop.data, 'base64')) };
  const masks: any = {};
  for (const [k, m] of Object.entries(c.regions.masks)) masks[k] = new Uint8Array(Buffer.from(m as string, 'base64'));
  const maps = await skin.maps(atResolutionFloor(crop, c.side));
  const features = reduceFeatures(maps, { size: c.regions.size, masks }, { crowsFeetWeight: c.crowsFeetWeight, compression: c.compression });
  const res = scoreMarkers(features, process.env.CHECK ? MARKER_NAMES : ['acne'], manifest);
  if (process.env.CHECK) for (const m of MARKER_NAMES) if ((res as any)[m].score !== c.scores[m]) { mismatches++; console.log('mismatch', photo, v, m, c.scores[m], (res as any)[m].score); }
  if (!rows.has(photo)) rows.set(photo, new Map());
  rows.get(photo)!.set(v, { s: res.acne.score, raw: features.values.acne, face: c.face });
  if (process.env.SPOTS) console.log(`${photo}@${v} acne ${res.acne.score} raw ${features.values.acne.toFixed(2)}: ` + features.spots.acne.filter((b) => b.peak > 4).sort((a, b) => a.peakY - b.peakY || a.peakX - b.peakX).map((b) => `(${b.peakX},${b.peakY}) ${b.peak.toFixed(1)}/${b.weight.toFixed(2)}`).join(' '));
}
const VARS = ['orig', 'q85', 'q70', '420', '75', '150', 'crop20', '50', 'exp+', 'exp-'];
const misses: string[] = [];
const sums: Record<string, number> = {};
let cells = 0, cellsAbove = 0;
const quiet = !!process.env.QUIET;
if (!quiet) console.log(`photo ${VARS.join(' ')}`);
const seqs = new Map<string, number[]>();
for (const [photo, vs] of rows) {
  if (photo.startsWith('F-')) { const seq = photo.replace(/-\d+$/, ''); (seqs.get(seq) ?? seqs.set(seq, []).get(seq)!).push(vs.get('orig')!.s); continue; }
  const o = vs.get('orig'); if (!o) continue;
  const row = VARS.map((v) => {
    const r = vs.get(v); if (!r) return '   —';
    if (v === 'orig') return `${String(r.s).padStart(3)} `;
    const d = r.s - o.s;
    const held = o.face >= 200 && r.face >= 200;
    const miss = held && !v.startsWith('exp') && Math.abs(d) > (v === '50' ? 5 : 3);
    if (miss) misses.push(`${photo} ${v} ${o.s}→${r.s}`);
    if (held) { const g = v.startsWith('exp') ? 'exp' : v === '50' ? '50' : 'tight'; sums[g] = (sums[g] ?? 0) + Math.abs(d); if (g === 'tight') { cells++; if (Math.abs(d) >= 3) cellsAbove++; } }
    return `${String(r.s).padStart(3)}${miss ? '!' : held ? ' ' : '.'}`;
  }).join(' ');
  if (!quiet) console.log(`${photo.padEnd(36)} ${row}   raw ${VARS.map((v) => vs.get(v)?.raw?.toFixed(2) ?? '—').join(' ')}`);
}
const ranges = [...seqs].map(([k, s]) => [k, Math.max(...s) - Math.min(...s)] as const);
console.log(`misses ${misses.length}: ${misses.join(', ')}`);
console.log(`sum|drift| tight ${sums.tight ?? 0} (${cells} cells, ${cellsAbove} at ≥3)  50% ${sums['50'] ?? 0}  exp ${sums.exp ?? 0}`);
console.log(`frame ranges ${ranges.map(([k, r]) => `${k.replace('F-', '')} ${r}`).join(' ')} sum ${ranges.reduce((a, [, r]) => a + r, 0)}`);
if (process.env.CHECK) console.log('mismatches', mismatches);
await skin.close();
