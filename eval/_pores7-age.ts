import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { MEASUREMENT, MIN_REGION_PIXELS } from '../functions/analysis/skin/features';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { ageSpotsOver, AGE_SPOTS_REGIONS } from '../functions/analysis/skin/markers/age-spots';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { AGE_SPOTS } from '../functions/analysis/skin/markers/age-spots';
if (process.env.MAXA) (AGE_SPOTS as any).maxArea = Number(process.env.MAXA);
const model = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
for (const p of process.env.PHOTOS!.split(',')) for (const v of (process.env.VARS ?? 'orig,q85,q70,420,75,150').split(',')) {
  let c; try { c = deserialize(readFileSync(`/tmp/p7/${p}__${v}.bin`)); } catch { continue; }
  const maps = await model.maps(atResolutionFloor(c.crop, c.side));
  const r = ageSpotsOver(inputsOf(maps, c.regions, MEASUREMENT.glare, MIN_REGION_PIXELS))(AGE_SPOTS_REGIONS);
  console.log(p, v, r.value.toFixed(2), r.spots.map((s) => `(${s.x.toFixed(0)},${s.y.toFixed(0)} a${s.area} pk${s.peak.toFixed(2)} w${s.weight.toFixed(2)})`).join(' '));
}
