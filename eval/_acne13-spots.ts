// Throwaway probe ([acne13]): per red spot of a cached photo (the original's peaks above 4), per blob scale and variant:
// hb contrast, luminance term, their σ-gate averages, ratio, gate, strength and the scale's gated value.
// npx tsx eval/_acne13-spots.ts sean_guru2_crop orig,q85,420
import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import onnxProto from 'onnx-proto';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { createSkinModel } from '../functions/analysis/skin/model';
import { reduceFeatures } from '../functions/analysis/skin/features';

const [photo, vars] = process.argv.slice(2);
const DIR = process.env.CACHE ?? '/tmp/acne13-cache';
const modelDir = process.env.MODEL_DIR ?? 'models/generated';
const m = onnxProto.onnx.ModelProto.decode(readFileSync(`${modelDir}/skin.onnx`));
const want: Record<string, RegExp> = { hb: /^slice_158$/, lum: /^lum_in_hb_units_/, ghb: /^slice_174$/, glum: /^max_180$/, ratio: /^red_ratio_/, gate: /^red_gate_/, str: /^red_strength_/, nds: /^sub_259$/, sc: /^red_scales_/ };
const names: Record<string, string> = {};
for (const n of m.graph!.node!) for (const [k, re] of Object.entries(want)) if (re.test(n.output![0]!) && !names[k]) names[k] = n.output![0]!;
if (process.env.NAMES) console.log(names);
for (const v of Object.values(names)) m.graph!.output!.push(onnxProto.onnx.ValueInfoProto.create({ name: v }));
const session = await ort.InferenceSession.create(onnxProto.onnx.ModelProto.encode(m).finish(), { graphOptimizationLevel: 'basic' });
const skin = await createSkinModel({ modelDir });
const S = 256;
const load = (v: string) => {
  const c = JSON.parse(readFileSync(`${DIR}/${photo}@${v}.json`, 'utf8'));
  const crop = atResolutionFloor({ width: c.crop.width, height: c.crop.height, data: new Uint8Array(Buffer.from(c.crop.data, 'base64')) }, c.side);
  const masks: any = {};
  for (const [k, mm] of Object.entries(c.regions.masks)) masks[k] = new Uint8Array(Buffer.from(mm as string, 'base64'));
  return { c, crop, regions: { size: c.regions.size, masks } };
};
const run = async (v: string) => {
  const { c, crop, regions } = load(v);
  const input = new Float32Array(3 * S * S);
  for (let i = 0; i < S * S; i++) for (let ch = 0; ch < 3; ch++) input[ch * S * S + i] = crop.data[i * 3 + ch]! / 255;
  const out = await session.run({ image: new ort.Tensor('float32', input, [1, 3, S, S]) });
  const get = (k: string) => out[names[k]!]!.data as Float32Array;
  const maps = await skin.maps(crop);
  const f = reduceFeatures(maps, regions, { crowsFeetWeight: c.crowsFeetWeight, compression: c.compression });
  return { get, f, side: c.side };
};
const variants = (vars ?? 'orig').split(',');
const runs = new Map<string, Awaited<ReturnType<typeof run>>>();
for (const v of variants) runs.set(v, await run(v));
const o = runs.get(variants[0]!)!;
console.log(`${photo}: window side ${o.side} photo px, acne raw ${variants.map((v) => runs.get(v)!.f.values.acne.toFixed(2)).join(' / ')}`);
const spots = o.f.spots.acne.filter((b) => b.peak > 4).sort((a, b) => b.peak - a.peak);
for (const b of spots) {
  // peak of each variant within 2 px
  console.log(`spot (${b.peakX},${b.peakY}) peak ${b.peak.toFixed(1)} w ${b.weight.toFixed(2)}`);
  for (const v of variants) {
    const r = runs.get(v)!;
    let best = -1, bx = b.peakX, by = b.peakY;
    const blobs = r.get('sc');
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) { const x = b.peakX + dx, y = b.peakY + dy; const val = Math.max(blobs[y * S + x]!, blobs[S * S + y * S + x]!, blobs[2 * S * S + y * S + x]!); if (val > best) { best = val; bx = x; by = y; } }
    const at = (k: string, s: number) => r.get(k)[s * S * S + by * S + bx]!;
    const cells = [0, 1, 2].map((s) => `σ${[1.2, 2, 3.2][s]}: hb ${at('hb', s).toFixed(1)} lum ${at('lum', s).toFixed(1)} G ${at('ghb', s).toFixed(1)}/${at('glum', s).toFixed(1)} r ${at('ratio', s).toFixed(2)} g ${at('gate', s).toFixed(2)} st ${at('str', s).toFixed(1)} → ${at('sc', s).toFixed(1)}`);
    console.log(`  ${v.padEnd(6)} (${bx},${by}) ${best.toFixed(1)} | ${cells.join(' | ')}`);
  }
}
await skin.close();
