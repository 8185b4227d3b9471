/**
 * `npx tsx bench/compare-skin-stage.ts /path/to/other/checkout [runs] [photo.jpg]`: the JavaScript of the skin stage
 * piece by piece, this checkout against another's (a `git archive` or detached worktree of an earlier commit with
 * links to node_modules and its own models/generated), both in one process and in turn on the same crop, masks and
 * skin-model maps, so both see the same machine load: the skin-only masks, the added markers' measurement (their
 * blurs), the whole reduction (which includes it), the per-region results, and whether each gives the same result.
 * The skin model, perceived age and garbage collection are not in these figures (`npm run bench:compare` has the
 * whole stage). Default photo: the 1 MP bench portrait. Run as `node --expose-gc --import tsx bench/compare-skin-stage.ts …`
 * to collect garbage before each timed call (without it, a collection lands in whichever call triggers it).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import type { skinRegions } from '../functions/analysis/skin-mask';
import type { reduceFeatures } from '../functions/analysis/skin/features';
import { getManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import type { measureAddedMarkers } from '../functions/analysis/skin/markers/index';
import { createSkinModel } from '../functions/analysis/skin/model';
import type { SkinMaps } from '../functions/analysis/skin/model-spec';
import type { regionResults } from '../functions/analysis/skin/region-results';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { benchJpeg } from './images';
import { median } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Pieces {
  skinRegions: typeof skinRegions;
  measureAddedMarkers: typeof measureAddedMarkers;
  reduceFeatures: typeof reduceFeatures;
  regionResults: typeof regionResults;
}

async function load(root: string): Promise<Pieces> {
  const from = async <T>(path: string) => (await import(pathToFileURL(join(root, path)).href)) as T;
  return {
    ...(await from<Pick<Pieces, 'skinRegions'>>('functions/analysis/skin-mask.ts')),
    ...(await from<Pick<Pieces, 'measureAddedMarkers'>>('functions/analysis/skin/markers/index.ts')),
    ...(await from<Pick<Pieces, 'reduceFeatures'>>('functions/analysis/skin/features.ts')),
    ...(await from<Pick<Pieces, 'regionResults'>>('functions/analysis/skin/region-results.ts')),
  };
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** With `node --expose-gc`: a full collection before each timed call, so none lands in the other version's call. */
const collectGarbage = (globalThis as { gc?: () => void }).gc;

const [other, runsArg, photo] = process.argv.slice(2);
if (!other) throw new Error('usage: compare-skin-stage.ts /path/to/other/checkout [runs] [photo.jpg]');
const runs = Number(runsArg ?? 21);
const versions: [string, Pieces][] = [
  [`other (${other})`, await load(resolve(other))],
  ['this checkout', await load(ROOT)],
];
const analyzer = await createInspectingAnalyzer({ modelDir: join(ROOT, 'models/generated') });
const skin = await createSkinModel({ modelDir: join(ROOT, 'models/generated') });
try {
  const jpeg = photo ? new Uint8Array(await readFile(photo)) : await benchJpeg(1);
  const inspection = await analyzer.inspect(jpeg, MARKER_NAMES, { overlays: false });
  const { crop, window, regions: skinOnly } = inspection;
  if (inspection.outcome.status !== 'completed' || !crop || !window || !skinOnly) throw new Error('photo rejected');
  const maps = await skin.maps(atResolutionFloor(crop, window.side));
  const manifest = getManifest();
  // inspect keeps the skin-only masks, not the landmark regions they were cut from: they stand in for those in
  // skinRegions (the same shapes, a little smaller). A fresh maps object per call: the added markers keep what they prepared per maps object (markers/index.ts).
  const fresh = (): SkinMaps => ({ ...maps });
  // Each piece: what it needs made first (not timed), then the call timed. The per-region results read what the
  // whole reduction prepared on the same maps, as in a scan.
  const pieces: [string, (p: Pieces) => () => unknown][] = [
    ['skin-only masks', (p) => () => p.skinRegions(crop, skinOnly)],
    ['added markers', (p) => { const m = fresh(); return () => p.measureAddedMarkers(m, skinOnly, [4, 8], 60); }],
    ['whole reduction', (p) => { const m = fresh(); return () => p.reduceFeatures(m, skinOnly); }],
    ['per-region results', (p) => { const m = fresh(); p.reduceFeatures(m, skinOnly); return () => p.regionResults(m, skinOnly, MARKER_NAMES, manifest); }],
  ];
  console.log(`CPU ms, median (and fastest) of ${runs} calls of each version in turn`);
  for (const [name, call] of pieces) {
    const results = versions.map(([, p]) => call(p)());
    const same = isDeepStrictEqual(results[0], results[1]);
    const times = versions.map(() => [] as number[]);
    for (let i = 0; i <= runs; i++) {
      for (const [k, [, p]] of versions.entries()) {
        const run = call(p);
        collectGarbage?.();
        const start = cpuMs();
        run();
        if (i > 0) times[k]!.push(cpuMs() - start);
      }
    }
    // The fastest call too: on a loaded machine the median carries other processes' time, the minimum the least.
    const [before, after] = times.map((t) => `${median(t).toFixed(2).padStart(7)} (min ${Math.min(...t).toFixed(2).padStart(6)})`) as [string, string];
    console.log(`  ${name.padEnd(20)} ${before} → ${after}  ${same ? 'same result' : 'RESULTS DIFFER'}`);
  }
} finally {
  await Promise.all([analyzer.close(), skin.close()]);
}
