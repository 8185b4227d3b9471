// Throwaway probe ([spots9], root cause 27): age spots over the cached crops, as shipped and with candidate readings of a
// patch's skin cover. npx tsx eval/_spots9-age.ts [photo filter]   (LIST=1 prints each patch)
import { readdirSync, readFileSync } from 'node:fs';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { MEASUREMENT, MIN_REGION_PIXELS } from '../functions/analysis/skin/features';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { ageSpotsOver, AGE_SPOTS, AGE_SPOTS_REGIONS } from '../functions/analysis/skin/markers/age-spots';
import { findBlobs, smoothstep, spotPeaks } from '../functions/analysis/skin/stats';
import { channel } from '../functions/analysis/skin/model-spec';
import { denseUnionScratch } from '../functions/analysis/skin/weighted-stats';
import { supportOf } from '../functions/analysis/skin/markers/inputs';
import { calibrate } from '../functions/analysis/skin/scoring';
import { getManifest } from '../functions/analysis/skin/manifest';

const filter = process.argv[2];
const skin = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
const cal = getManifest().markers.age_spots.calibration;
const score = (v: number) => Math.min(100, Math.max(0, Math.round(calibrate(v, cal))));
const A = AGE_SPOTS;

function grow(map: Float32Array, support: Uint8Array, size: number, start: number, level: number): number[] {
  const seen = new Set([start]); const stack = [start]; const out: number[] = [];
  while (stack.length) {
    const p = stack.pop()!; out.push(p);
    const px = p % size, py = (p - px) / size;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const x = px + dx, y = py + dy; if (x < 0 || y < 0 || x >= size || y >= size) continue;
      const q = y * size + x; if (seen.has(q) || !support[q] || !(map[q]! >= level)) continue;
      seen.add(q); stack.push(q);
    }
  }
  return out;
}

type Reading = (core: number[], peakAt: number, cover: Float32Array, contrast: Float32Array, peak: number) => number;
const gate = (c: number) => smoothstep(A.cover[0], A.cover[1], c);
const READINGS: Record<string, Reading> = {
  atPeak: (core, at, cover) => gate(cover[at]!),
  meanCover: (core, at, cover) => gate(core.reduce((a, p) => a + cover[p]!, 0) / core.length),
  meanGate: (core, at, cover) => core.reduce((a, p) => a + gate(cover[p]!), 0) / core.length,
  crownW: (core, at, cover, contrast, peak) => { let s = 0, w = 0; for (const p of core) { const k = contrast[p]! - peak / 2; s += k * cover[p]!; w += k; } return gate(w > 0 ? s / w : cover[at]!); },
  crownW2: (core, at, cover, contrast, peak) => { let s = 0, w = 0; for (const p of core) { const k = (contrast[p]! - peak / 2) ** 2; s += k * cover[p]!; w += k; } return gate(w > 0 ? s / w : cover[at]!); },
  crown75: (core, at, cover, contrast, peak) => { let s = 0, w = 0; for (const p of core) { const k = Math.max(0, contrast[p]! - 0.75 * peak); s += k * cover[p]!; w += k; } return gate(w > 0 ? s / w : cover[at]!); },
  gateCrownW: (core, at, cover, contrast, peak) => { let s = 0, w = 0; for (const p of core) { const k = contrast[p]! - peak / 2; s += k * gate(cover[p]!); w += k; } return w > 0 ? s / w : gate(cover[at]!); },
};

const VARIANT_NAMES = ['shipped', ...Object.keys(READINGS).map((k) => `perMax-${k}`), ];
function perMax(inputs: ReturnType<typeof inputsOf>, contrast: Float32Array, cover: Float32Array, reading: Reading, prom: [number, number]) {
  const { size } = inputs;
  const weights = denseUnionScratch(inputs, AGE_SPOTS_REGIONS);
  const support = supportOf(weights);
  // components too large are uneven tone: mask them out
  const big = new Uint8Array(size * size);
  for (const b of findBlobs(contrast, support, size, A.contrast[0], A.maxArea + 1)) for (const p of grow(contrast, support, size, b.peakY * size + b.peakX, A.contrast[0] + 1e-6)) big[p] = 1;
  const sup2 = support.map((v, i) => (v && !big[i] ? 1 : 0));
  let total = 0; const list: string[] = [];
  for (const s of spotPeaks(contrast, sup2, size, A.contrast[0], 1, 3, prom)) {
    const at = s.peakY * size + s.peakX;
    const core = grow(contrast, sup2, size, at, s.peak / 2);
    const w = s.weight * smoothstep(A.contrast[0], A.contrast[1], s.peak) * smoothstep(A.core[0], A.core[1], core.length) * weights[at]! * reading(core, at, cover, contrast, s.peak);
    total += w; if (w > 0.01) list.push(`(${s.peakX},${s.peakY}) pk ${s.peak.toFixed(1)} prom ${s.weight.toFixed(2)} core ${core.length} cov@pk ${cover[at]!.toFixed(2)} -> ${w.toFixed(2)}`);
  }
  return { total, list };
}

const files = readdirSync('/tmp/spots9-cache').filter((f) => !filter || f.includes(filter)).sort();
const res = new Map<string, Map<string, number[]>>(); // photo -> variant -> per approach
for (const f of files) {
  const c = JSON.parse(readFileSync(`/tmp/spots9-cache/${f}`, 'utf8'));
  if (c.status !== 'completed') continue;
  const [photo, v] = f.replace(/\.json$/, '').split('@') as [string, string];
  const crop = { width: c.crop.width, height: c.crop.height, data: new Uint8Array(Buffer.from(c.crop.data, 'base64')) };
  const masks: any = {}; for (const [k, m] of Object.entries(c.regions.masks)) masks[k] = new Uint8Array(Buffer.from(m as string, 'base64'));
  const maps = await skin.maps(atResolutionFloor(crop, c.side));
  const inputs = inputsOf(maps, { size: c.regions.size, masks }, MEASUREMENT.glare, MIN_REGION_PIXELS);
  const shipped = ageSpotsOver(inputs)(AGE_SPOTS_REGIONS);
  const size = inputs.size; const { blur } = inputs.skin.glare;
  const mel = channel(inputs.maps, 'chromophores', 'melanin', size);
  const near = blur.mean(mel, A.sigma), around = blur.mean(mel, A.surroundSigma);
  const contrast = new Float32Array(near.length); for (let i = 0; i < contrast.length; i++) contrast[i] = near[i]! - around[i]!;
  const cover = blur.cover(A.surroundSigma);
  const vals = [shipped.value];
  const lists: string[][] = [shipped.spots.map((s) => `(${s.x.toFixed(0)},${s.y.toFixed(0)}) pk ${s.peak.toFixed(1)} core ${s.area} -> ${s.weight.toFixed(2)}`)];
  for (const prom of [[0.5, 0.8]] as [number, number][]) for (const r of Object.values(READINGS)) { const o = perMax(inputs, contrast, cover, r, prom); vals.push(o.total); lists.push(o.list); }
  if (process.env.TOTALS) console.log(`${photo}@${v} ` + VARIANT_NAMES.map((nm, i) => `${nm} ${score(vals[i]!)}`).join(' | '));
  if (!res.has(photo)) res.set(photo, new Map());
  res.get(photo)!.set(v, vals);
  if (process.env.LIST) { console.log(`${photo}@${v}`); for (const i of (process.env.LIST === 'all' ? lists.keys() : [0, Number(process.env.LIST)])) console.log(`   [${VARIANT_NAMES[i]}] ${lists[i]!.join(' ; ')}`); }
}
const VARS = ['orig', 'q85', 'q70', '420', '75', '150', 'crop20'];
VARIANT_NAMES.forEach((name, k) => {
  let misses = 0, worst = 0; const rows: string[] = [];
  for (const [photo, vs] of res) {
    const o = vs.get('orig'); if (!o) continue;
    const cells = VARS.map((v) => { const r = vs.get(v); if (!r) return '   —'; const d = score(r[k]!) - score(o[k]!); if (v !== 'orig') { worst = Math.max(worst, Math.abs(d)); if (Math.abs(d) > 3) misses++; } return `${String(score(r[k]!)).padStart(3)}${v !== 'orig' && Math.abs(d) > 3 ? '!' : ' '}`; });
    rows.push(`  ${photo.padEnd(24)} ${cells.join(' ')}  raw ${VARS.map((v) => vs.get(v)?.[k]?.toFixed(2) ?? '—').join(' ')}`);
  }
  console.log(`== ${name}: misses ${misses} worst ${worst}`);
  if (!process.env.QUIET) console.log(rows.join('\n'));
});
await skin.close();
