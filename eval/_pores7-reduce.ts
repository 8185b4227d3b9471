// Probe (root causes 26–28): reduce the cached crops with a skin model folder (MODEL_DIR, built by _pores7-build.ts), print score(raw) per variant.
// throwaway probe: reduce cached crops with a skin model dir; prints raw+score for chosen markers
import { readFileSync, readdirSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { reduceFeatures } from '../functions/analysis/skin/features';
import { scoreMarkers } from '../functions/analysis/skin/scoring';
import { getManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';

const dir = process.env.MODEL_DIR ?? 'models/generated';
const markers = (process.env.MARKERS ?? 'pores,hydration,wrinkles,age_spots').split(',') as any[];
const onlyPhotos = process.env.PHOTOS?.split(',');
const model = await createSkinModel({ modelDir: dir });
const manifest = getManifest();
const files = readdirSync('/tmp/p7').filter((f) => f.endsWith('.bin')).sort();
const byPhoto = new Map<string, string[]>();
for (const f of files) { const [p] = f.split('__'); if (onlyPhotos && !onlyPhotos.includes(p!)) continue; byPhoto.set(p!, [...(byPhoto.get(p!) ?? []), f]); }
const order = (process.env.ORDER ?? 'orig,q85,q70,420,75,150,crop20').split(',');
const worst: Record<string, { d: number; w: string }> = {};
let misses = 0;
for (const [photo, fs] of byPhoto) {
  const rows: Record<string, any> = {};
  for (const f of fs) {
    const v = f.split('__')[1]!.replace('.bin', '');
    const c = deserialize(readFileSync('/tmp/p7/' + f));
    const maps = await model.maps(atResolutionFloor(c.crop, c.side));
    const feat = reduceFeatures(maps, c.regions, { crowsFeetWeight: c.cfw });
    const res = scoreMarkers(feat, MARKER_NAMES, manifest);
    rows[v] = { feat, res };
  }
  if (!rows.orig) continue;
  for (const m of markers) {
    const line = order.filter((v) => rows[v]).map((v) => `${v}:${rows[v].res[m].score}(${(+rows[v].feat.values[m]).toFixed(2)})`).join(' ');
    const o = rows.orig.res[m].score;
    let d = 0; let w = '';
    for (const v of order) if (rows[v] && v !== 'orig' && Math.abs(rows[v].res[m].score - o) > d) { d = Math.abs(rows[v].res[m].score - o); w = `${photo} ${v}`; }
    for (const v of order) if (rows[v] && v !== 'orig' && Math.abs(rows[v].res[m].score - o) > 3) misses++;
    if (!worst[m] || d > worst[m].d) worst[m] = { d, w };
    console.log(`${photo.padEnd(20)} ${m.padEnd(10)} ${d > 3 ? '!!' : '  '} ${line}`);
  }
}
console.log('worst', JSON.stringify(worst), 'misses', misses);
await model.close();
