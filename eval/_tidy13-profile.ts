// Throwaway: the skin stage's JavaScript (reduction + per-region results + skin type + lesions) in a loop, for --cpu-prof.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { reduceFeatures } from '../functions/analysis/skin/features';
import { getManifest } from '../functions/analysis/skin/manifest';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { createSkinModel } from '../functions/analysis/skin/model';
import { regionResults } from '../functions/analysis/skin/region-results';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { benchJpeg } from '../bench/images';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const [photo, runsArg, which] = process.argv.slice(2);
const runs = Number(runsArg ?? 100);
const analyzer = await createInspectingAnalyzer({ modelDir: join(ROOT, 'models/generated') });
const skin = await createSkinModel({ modelDir: join(ROOT, 'models/generated') });
const jpeg = photo && photo !== '-' ? new Uint8Array(await readFile(photo)) : await benchJpeg(1);
const inspection = await analyzer.inspect(jpeg, MARKER_NAMES, { overlays: false });
const { crop, window, regions } = inspection;
const maps = await skin.maps(atResolutionFloor(crop!, window!.side));
const manifest = getManifest();
const t: number[] = [];
for (let i = 0; i < runs; i++) {
  const m = which === 'regions' ? maps : { ...maps };
  if (which === 'regions' && i === 0) reduceFeatures(m, regions!);
  const s = process.cpuUsage();
  if (which !== 'regions') reduceFeatures(m, regions!);
  if (which !== 'reduce') regionResults(m, regions!, MARKER_NAMES, manifest);
  const u = process.cpuUsage(s);
  t.push((u.user + u.system) / 1000);
}
t.sort((a, b) => a - b);
console.log(`median ${t[t.length >> 1]!.toFixed(2)} min ${t[0]!.toFixed(2)} ms`);
await Promise.all([analyzer.close(), skin.close()]);
