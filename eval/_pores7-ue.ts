import { readFileSync } from 'node:fs';
import { deserialize } from 'node:v8';
import { createSkinModel } from '../functions/analysis/skin/model';
import { glareWeight, lineView, MEASUREMENT } from '../functions/analysis/skin/features';
import { channel } from '../functions/analysis/skin/model-spec';
import { smoothstep } from '../functions/analysis/skin/stats';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
const model = await createSkinModel({ modelDir: 'models/generated' });
const p = process.env.P!;
for (const v of ['orig', 'q85', 'q70', '420', '75', '150', 'crop20']) {
  let c; try { c = deserialize(readFileSync(`/tmp/p7/${p}__${v}.bin`)); } catch { continue; }
  const maps = await model.maps(atResolutionFloor(c.crop, c.side));
  const glare = glareWeight(channel(maps, 'specular', 'strength', 256), MEASUREMENT.glare);
  const view = lineView(c.regions, glare);
  const lines = channel(maps, 'lines', 'strength', 256);
  const out: string[] = [];
  for (const r of ['under_eye_left', 'under_eye_right'] as const) {
    const mask = c.regions.masks[r]; const px = view.pixels[r];
    const wmap = new Float32Array(65536); for (let k = 0; k < px.index.length; k++) wmap[px.index[k]!] = px.weight[k]!;
    const bins = new Array(7).fill(0), wb = new Array(7).fill(0);
    for (let x = 0; x < 256; x++) { let top = -1; for (let y = 0; y < 256; y++) { const i = y * 256 + x; if (!mask[i]) continue; if (top < 0) top = y; const d = Math.min(6, y - top); bins[d] += wmap[i]! * smoothstep(2, 4, lines[i]!); wb[d] += wmap[i]!; } }
    const tot = wb.reduce((a, b) => a + b, 0);
    out.push(`${r.slice(-5)} ${(100 * bins.reduce((a, b) => a + b, 0) / tot).toFixed(2)}% [${bins.map((b) => (100 * b / tot).toFixed(2)).join(' ')}] w${tot.toFixed(0)}`);
  }
  console.log(v.padEnd(6), out.join(' | '));
}
