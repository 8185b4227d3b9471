import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { viewOf, glareWeight, unionOf, MEASUREMENT, MARKER_REGIONS } from '../functions/analysis/skin/features';
import { weightedMean } from '../functions/analysis/skin/weighted-stats';
import { smoothstep } from '../functions/analysis/skin/stats';
import { channel } from '../functions/analysis/skin/model-spec';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
const model = await createSkinModel({ modelDir: '/tmp/p7m/bmin' });
for (const p of process.env.PHOTOS!.split(',')) {
  let a = '', b = '', d = '';
  for (const v of ['orig', 'q85', 'q70', '420', '75', '150']) {
    let c; try { c = deserialize(readFileSync(`/tmp/p7/${p}__${v}.bin`)); } catch { continue; }
    const maps = await model.maps(atResolutionFloor(c.crop, c.side));
    const clean = viewOf(c.regions, glareWeight(channel(maps, 'specular', 'strength', 256), MEASUREMENT.glare));
    const w = unionOf(clean, MARKER_REGIONS.pores as any);
    const dark = channel(maps, 'pits', 'dark', 256), bright = channel(maps, 'pits', 'bright', 256);
    const fd = 100 * weightedMean(dark, w, (x) => smoothstep(0.3, 0.6, x)), fb = 100 * weightedMean(bright, w, (x) => smoothstep(0.3, 0.6, x));
    a += ` ${v}:${fd.toFixed(2)}`; b += ` ${v}:${fb.toFixed(2)}`; d += ` ${v}:${(fd - fb).toFixed(2)}`;
  }
  console.log(p.padEnd(18), '\n  dark', a, '\n  brgt', b, '\n  diff', d);
}
