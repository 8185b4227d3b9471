import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { MEASUREMENT, MIN_REGION_PIXELS } from '../functions/analysis/skin/features';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { channel } from '../functions/analysis/skin/model-spec';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { denseUnionScratch } from '../functions/analysis/skin/weighted-stats';
import { AGE_SPOTS_REGIONS } from '../functions/analysis/skin/markers/age-spots';
const model = await createSkinModel({ modelDir: 'models/generated' });
const [px, py] = process.env.AT!.split(',').map(Number);
for (const v of ['orig', 'q85', 'q70', '420', '75', '150']) {
  const c = deserialize(readFileSync(`/tmp/p7/${process.env.P}__${v}.bin`));
  const maps = await model.maps(atResolutionFloor(c.crop, c.side));
  const inp = inputsOf(maps, c.regions, MEASUREMENT.glare, MIN_REGION_PIXELS);
  const mel = channel(maps, 'chromophores', 'melanin', 256);
  const { blur } = inp.skin.glare;
  const near = blur.mean(mel, 2), around = blur.mean(mel, 10), cover = blur.cover(10);
  const w = denseUnionScratch(inp, AGE_SPOTS_REGIONS);
  let best = -99, bx = 0, by = 0;
  for (let y = py! - 6; y <= py! + 6; y++) for (let x = px! - 6; x <= px! + 6; x++) { const i = y * 256 + x; const cc = near[i]! - around[i]!; if (w[i]! > 0 && cc > best) { best = cc; bx = x; by = y; } }
  const i = by * 256 + bx;
  console.log(v, `max contrast ${best.toFixed(2)} at ${bx},${by} cover ${cover[i]!.toFixed(3)} weight ${w[i]!.toFixed(2)} glare ${inp.glare[i]!.toFixed(2)}`);
}
for (const v of ['orig', 'q85', 'q70', '420', '75', '150']) {
  const c = deserialize(readFileSync(`/tmp/p7/${process.env.P}__${v}.bin`));
  const maps = await model.maps(atResolutionFloor(c.crop, c.side));
  const inp = inputsOf(maps, c.regions, MEASUREMENT.glare, MIN_REGION_PIXELS);
  const i = py! * 256 + px!;
  let skin = 0, gl = 0, n = 0; for (let y = py! - 15; y <= py! + 15; y++) for (let x = px! - 15; x <= px! + 15; x++) { const j = y * 256 + x; n++; skin += inp.skin.plain.weight[j]! > 0 ? 1 : 0; gl += inp.skin.glare.weight[j]!; }
  console.log(v, 'cover glare', inp.skin.glare.blur.cover(10)[i]!.toFixed(2), 'plain', inp.skin.plain.blur.cover(10)[i]!.toFixed(2), 'skin px in 31x31', skin, 'glare sum', gl.toFixed(0), 'of', n);
}
