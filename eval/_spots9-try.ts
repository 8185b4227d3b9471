// Throwaway probe ([spots9]): re-runs the skin model (MODEL_DIR, default models/generated) and reduceFeatures over the
// cached crops of eval/_spots9-cache.ts; prints per photo the given markers' score per variant and the misses (> 3).
// npx tsx eval/_spots9-try.ts acne,age_spots [photo filter]   (SPOTS=1 lists acne spots)
import { readdirSync, readFileSync } from 'node:fs';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { reduceFeatures } from '../functions/analysis/skin/features';
import { scoreMarkers } from '../functions/analysis/skin/scoring';
import { getManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES, type MarkerName } from '../functions/analysis/skin/markers';

const [which, filter] = process.argv.slice(2);
const markers = (which ?? 'acne').split(',') as MarkerName[];
const skin = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
const manifest = getManifest();
const files = readdirSync('/tmp/spots9-cache').filter((f) => !filter || f.includes(filter)).sort();
const byPhoto = new Map<string, Map<string, { s: Record<string, number>; raw: Record<string, number> }>>();
const VARS = ['orig', 'q85', 'q70', '420', '75', '150', 'crop20'];
for (const f of files) {
  const c = JSON.parse(readFileSync(`/tmp/spots9-cache/${f}`, 'utf8'));
  const [photo, v] = f.replace(/\.json$/, '').split('@') as [string, string];
  if (c.status !== 'completed') continue;
  const crop = { width: c.crop.width, height: c.crop.height, data: new Uint8Array(Buffer.from(c.crop.data, 'base64')) };
  const masks: any = {};
  for (const [k, m] of Object.entries(c.regions.masks)) masks[k] = new Uint8Array(Buffer.from(m as string, 'base64'));
  const regions = { size: c.regions.size, masks };
  const maps = await skin.maps(atResolutionFloor(crop, c.side));
  const features = reduceFeatures(maps, regions, { crowsFeetWeight: c.crowsFeetWeight });
  const res = scoreMarkers(features, MARKER_NAMES, manifest);
  const s: Record<string, number> = {}, raw: Record<string, number> = {};
  for (const m of MARKER_NAMES) { s[m] = res[m].score; raw[m] = features.values[m]; }
  if (!byPhoto.has(photo)) byPhoto.set(photo, new Map());
  byPhoto.get(photo)!.set(v, { s, raw });
  if (process.env.SPOTS && markers.includes('acne')) {
    const inner = (features as any);
    console.log(`${photo}@${v} acne ${s.acne} raw ${raw.acne.toFixed(2)}: ` + features.spots.acne.filter((b) => b.peak > 4).sort((a, b) => a.y - b.y || a.x - b.x).map((b) => `(${b.peakX},${b.peakY}) ${b.peak.toFixed(1)}/${b.weight.toFixed(2)}`).join(' '));
  }
}
let misses = 0;
for (const m of markers) {
  console.log(`== ${m}: ${VARS.join(' ')}`);
  for (const [photo, vs] of byPhoto) {
    const o = vs.get('orig'); if (!o) continue;
    const row = VARS.map((v) => { const r = vs.get(v); if (!r) return '  —'; const d = r.s[m]! - o.s[m]!; if (v !== 'orig' && Math.abs(d) > 3) misses++; return `${String(r.s[m]).padStart(3)}${v !== 'orig' && Math.abs(d) > 3 ? '!' : ' '}`; }).join(' ');
    const raws = VARS.map((v) => vs.get(v)?.raw[m]?.toFixed(2) ?? '—').join(' ');
    console.log(`${photo.padEnd(32)} ${row}   raw ${raws}`);
  }
}
console.log('misses', misses);
await skin.close();
