import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { reduceFeatures } from '../functions/analysis/skin/features';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
const model = await createSkinModel({ modelDir: 'models/generated' });
for (const p of process.env.PHOTOS!.split(',')) for (const v of ['orig', 'q85', 'q70', '420', '75', '150', 'crop20']) {
  let c; try { c = deserialize(readFileSync(`/tmp/p7/${p}__${v}.bin`)); } catch { continue; }
  const f = reduceFeatures(await model.maps(atResolutionFloor(c.crop, c.side)), c.regions, { crowsFeetWeight: c.cfw });
  const d = f.details.wrinkles!; const h = f.details.hydration!;
  console.log(p, v, 'side', c.side.toFixed(0), 'cfw', c.cfw.toFixed(2), 'wr fh', (100*d.forehead!).toFixed(2), 'cf', (100*d.crows_feet!).toFixed(2), 'ue', (100*d.under_eye!).toFixed(2), '| hyd lines', h.fine_lines_percent!.toFixed(2), 'flakes', h.flakes_percent!.toFixed(2));
}
