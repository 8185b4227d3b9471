import { readFileSync, existsSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { viewOf, glareWeight, unionOf, MEASUREMENT, MARKER_REGIONS } from '../functions/analysis/skin/features';
import { weightedPercentile } from '../functions/analysis/skin/weighted-stats';
import { channel } from '../functions/analysis/skin/model-spec';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
const model = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
const photos = process.env.PHOTOS!.split(',');
const chans: [string, string, string[]][] = [['pits', 'dark', MARKER_REGIONS.pores], ['lines', 'fine', MARKER_REGIONS.hydration], ['pits', 'bright', MARKER_REGIONS.hydration]];
for (const p of photos) for (const v of (process.env.VARS ?? 'orig,q85,q70').split(',')) {
  const f = `/tmp/p7/${p}__${v}.bin`; if (!existsSync(f)) continue;
  const c = deserialize(readFileSync(f));
  const maps = await model.maps(atResolutionFloor(c.crop, c.side));
  const spec = channel(maps, 'specular', 'strength', 256);
  const clean = viewOf(c.regions, glareWeight(spec, MEASUREMENT.glare));
  const out = chans.map(([o, ch, regs]) => { const m = channel(maps, o as any, ch, 256); const w = unionOf(clean, regs as any); return `${ch}: ` + [50, 75, 90, 95, 98].map((q) => weightedPercentile(m, w, q).toFixed(2)).join(' '); });
  console.log(p.padEnd(18), v.padEnd(5), out.join(' | '));
}
