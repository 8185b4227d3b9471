// Throwaway: every per-region raw value (before calibration) of two checkouts on the same maps and masks, compared
// bit for bit. Each checkout's region-results.ts must carry the probe hook (see _tidy13-hook.sh).
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { getManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { FACE_CROPS, faceJpeg } from '../test/helpers/images';
import { benchJpeg } from '../bench/images';

const [a, b, ...paths] = process.argv.slice(2);
const load = async (root: string) => ({
  features: await import(pathToFileURL(join(resolve(root), 'functions/analysis/skin/features.ts')).href),
  regions: await import(pathToFileURL(join(resolve(root), 'functions/analysis/skin/region-results.ts')).href),
});
const versions = [await load(a!), await load(b!)];
const root = resolve(a!);
const analyzer = await createInspectingAnalyzer({ modelDir: join(root, 'models/generated') });
const skin = await createSkinModel({ modelDir: join(root, 'models/generated') });
const manifest = getManifest();
const photos: [string, Uint8Array][] = [];
for (const p of paths) photos.push([basename(p), new Uint8Array(await readFile(p))]);
for (const name of Object.keys(FACE_CROPS) as (keyof typeof FACE_CROPS)[]) {
  const jpeg = await faceJpeg(name);
  photos.push([`${name}.jpg`, jpeg]);
  for (const side of [300, 1400]) photos.push([`${name}-${side}.jpg`, await sharp(jpeg).resize(side).jpeg({ quality: 85 }).toBuffer()]);
}
for (const mp of [1, 12]) photos.push([`bench-${mp}mp.jpg`, await benchJpeg(mp)]);
let compared = 0, finite = 0, differ = 0, photosUsed = 0;
const g = globalThis as { __regionRaw?: [string, string, number][] };
for (const [name, bytes] of photos) {
  const inspection = await analyzer.inspect(bytes, MARKER_NAMES, { overlays: false });
  if (inspection.outcome.status !== 'completed') { console.log(`${name}: ${inspection.outcome.status}`); continue; }
  photosUsed++;
  const maps = await skin.maps(atResolutionFloor(inspection.crop!, inspection.window!.side));
  const raws: [string, string, number][][] = [];
  const results: unknown[] = [];
  const wholes: unknown[] = [];
  for (const v of versions) {
    const m = { ...maps };
    wholes.push(v.features.reduceFeatures(m, inspection.regions!));
    g.__regionRaw = [];
    results.push(v.regions.regionResults(m, inspection.regions!, MARKER_NAMES, manifest));
    raws.push(g.__regionRaw);
  }
  const [r0, r1] = raws as [[string, string, number][], [string, string, number][]];
  if (r0.length !== r1.length) { console.log(`${name}: ${r0.length} against ${r1.length} raw values`); differ++; continue; }
  const key = (r: [string, string, number]) => `${r[0]}/${r[1]}`;
  const m1 = new Map(r1.map((r) => [key(r), r[2]]));
  for (const r of r0) {
    compared++;
    if (Number.isFinite(r[2])) finite++;
    if (!Object.is(m1.get(key(r)), r[2])) { differ++; console.log(`${name} ${key(r)}: ${r[2]} against ${m1.get(key(r))}`); }
  }
  if (JSON.stringify(results[0]) !== JSON.stringify(results[1])) { differ++; console.log(`${name}: region results differ`); }
  const same = (x: unknown, y: unknown) => JSON.stringify(x, (_k, v) => (v instanceof Float32Array || v instanceof Uint32Array ? Array.from(v) : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)) === JSON.stringify(y, (_k, v) => (v instanceof Float32Array || v instanceof Uint32Array ? Array.from(v) : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v));
  if (!same(wholes[0], wholes[1])) { differ++; console.log(`${name}: whole reductions differ`); }
}
console.log(`${photosUsed} photos, ${compared} per-region raw values (${finite} finite), whole reductions incl. maps compared; ${differ} differences`);
await Promise.all([analyzer.close(), skin.close()]);
