/**
 * `npx tsx bench/compare-region-results.ts /path/to/other/checkout [runs] [photo.jpg…]`: the CPU time of the
 * per-region results (skin/region-results.ts) of this checkout against another's (e.g. a `git archive` of main with
 * links to this checkout's node_modules and models/generated), both run in turn on the same maps and masks in one
 * process, so both see the same machine load; and whether both give the same results. Default photo: the 1 MP
 * bench portrait; all markers.
 */
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { getManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { createSkinModel } from '../functions/analysis/skin/model';
import type { RegionResults, regionResults } from '../functions/analysis/skin/region-results';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { benchJpeg } from './images';
import { median } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function load(root: string): Promise<typeof regionResults> {
  const url = pathToFileURL(join(root, 'functions/analysis/skin/region-results.ts')).href;
  return ((await import(url)) as { regionResults: typeof regionResults }).regionResults;
}

const [other, runsArg, ...paths] = process.argv.slice(2);
if (!other) throw new Error('usage: compare-region-results.ts /path/to/other/checkout [runs] [photo.jpg…]');
const runs = Number(runsArg ?? 21);
const versions: [string, typeof regionResults][] = [
  [`other (${other})`, await load(resolve(other))],
  ['this checkout', await load(ROOT)],
];
const analyzer = await createInspectingAnalyzer({ modelDir: join(ROOT, 'models/generated') });
const skin = await createSkinModel({ modelDir: join(ROOT, 'models/generated') });
const manifest = getManifest();
try {
  const photos: [string, Uint8Array][] = paths.length ? await Promise.all(paths.map(async (p) => [basename(p), new Uint8Array(await readFile(p))] as [string, Uint8Array])) : [['bench 1 MP', await benchJpeg(1)]];
  for (const [name, jpeg] of photos) {
    const inspection = await analyzer.inspect(jpeg, MARKER_NAMES, { overlays: false });
    if (inspection.outcome.status !== 'completed') {
      console.log(`${name}: ${inspection.outcome.status}, skipped`);
      continue;
    }
    const maps = await skin.maps(atResolutionFloor(inspection.crop!, inspection.window!.side));
    const regions = inspection.regions!;
    const results = versions.map(([, run]) => run(maps, regions, MARKER_NAMES, manifest));
    const cpu = versions.map(() => [] as number[]);
    for (let i = 0; i <= runs; i++) {
      for (const [k, [, run]] of versions.entries()) {
        const start = process.cpuUsage();
        run(maps, regions, MARKER_NAMES, manifest);
        const used = process.cpuUsage(start);
        if (i > 0) cpu[k]!.push((used.user + used.system) / 1000);
      }
    }
    // Markers only this checkout breaks down (e.g. newly given regions) are listed, the others compared.
    const [before, after] = results as [RegionResults, RegionResults];
    const added = Object.keys(after).filter((m) => !(m in before));
    const common = Object.fromEntries(Object.entries(after).filter(([m]) => m in before));
    const same = `${isDeepStrictEqual(before, common) ? 'identical results' : `RESULTS DIFFER: ${JSON.stringify(results)}`}${added.length ? `; only in this checkout: ${added.join(', ')}` : ''}`;
    console.log(`${name}: ${versions.map(([label], k) => `${median(cpu[k]!).toFixed(1)} ms CPU ${label}`).join(', ')}; median of ${runs}, in turn; ${same}`);
  }
} finally {
  await Promise.all([analyzer.close(), skin.close()]);
}
