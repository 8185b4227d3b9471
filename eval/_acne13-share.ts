// Throwaway probe ([acne13]): how much a re-save moves the red-spot gate's input. At every red spot of the original
// (base model's peaks above 4, the crops aligned to the face), per blob scale, the share (red_ratio) of each model in
// $MODELS read at the peak pixel in the original and in each tight variant; over spots whose share at that scale is
// 0.2–0.8 in the original: mean |Δshare|, mean |Δshare| / share.   MODELS=base,w1 npx tsx eval/_acne13-share.ts
import { readFileSync, readdirSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import onnxProto from 'onnx-proto';
import { atResolutionFloor } from '../functions/analysis/skin/resolution-floor';
import { createSkinModel } from '../functions/analysis/skin/model';
import { reduceFeatures } from '../functions/analysis/skin/features';

const DIR = '/tmp/acne13-cache';
const S = 256;
const models = (process.env.MODELS ?? 'base').split(',');
const sessions = new Map<string, { s: ort.InferenceSession; name: string }>();
for (const m of models) {
  const p = onnxProto.onnx.ModelProto.decode(readFileSync(`/tmp/acne13-m/${m}/skin.onnx`));
  const name = p.graph!.node!.map((n) => n.output![0]!).find((o) => /^red_ratio_/.test(o))!;
  p.graph!.output!.push(onnxProto.onnx.ValueInfoProto.create({ name }));
  sessions.set(m, { s: await ort.InferenceSession.create(onnxProto.onnx.ModelProto.encode(p).finish(), { graphOptimizationLevel: 'basic' }), name });
}
const skin = await createSkinModel({ modelDir: '/tmp/acne13-m/base' });
const load = (f: string) => {
  const c = JSON.parse(readFileSync(`${DIR}/${f}`, 'utf8'));
  if (c.status !== 'completed') return undefined;
  const crop = atResolutionFloor({ width: c.crop.width, height: c.crop.height, data: new Uint8Array(Buffer.from(c.crop.data, 'base64')) }, c.side);
  const masks: any = {};
  for (const [k, mm] of Object.entries(c.regions.masks)) masks[k] = new Uint8Array(Buffer.from(mm as string, 'base64'));
  return { c, crop, regions: { size: c.regions.size, masks } };
};
const ratios = async (crop: { data: Uint8Array }) => {
  const input = new Float32Array(3 * S * S);
  for (let i = 0; i < S * S; i++) for (let ch = 0; ch < 3; ch++) input[ch * S * S + i] = crop.data[i * 3 + ch]! / 255;
  const out = new Map<string, Float32Array>();
  for (const [m, { s, name }] of sessions) out.set(m, (await s.run({ image: new ort.Tensor('float32', input, [1, 3, S, S]) }))[name]!.data as Float32Array);
  return out;
};
const VARS = (process.env.VARS ?? 'q85,q70,420,75,150,crop20').split(',');
const acc = new Map<string, { n: number; d: number; rel: number }>();
const photos = [...new Set(readdirSync(DIR).filter((f) => !f.startsWith('F-') && f.endsWith('@orig.json')).map((f) => f.replace('@orig.json', '')))];
for (const photo of photos) {
  const o = load(`${photo}@orig.json`);
  if (!o || o.c.face < 200) continue;
  const f = reduceFeatures(await skin.maps(o.crop), o.regions, { crowsFeetWeight: o.c.crowsFeetWeight, compression: o.c.compression });
  const spots = f.spots.acne.filter((b) => b.peak > 4);
  if (spots.length === 0) continue;
  const ro = await ratios(o.crop);
  for (const v of VARS) {
    let r; try { r = load(`${photo}@${v}.json`); } catch { continue; }
    if (!r || r.c.face < 200 || r.c.crop.width !== o.c.crop.width) continue;
    if (v === '75' || v === '150' || v === 'crop20') { /* the crop is aligned to the face: same pixel */ }
    const rv = await ratios(r.crop);
    for (const m of models) for (const b of spots) for (let s = 0; s < 3; s++) {
      const i = s * S * S + b.peakY * S + b.peakX;
      const a = ro.get(m)![i]!, c = rv.get(m)![i]!;
      if (a < 0.2 || a > 0.8) continue;
      const k = `${m} ${v}`; const e = acc.get(k) ?? { n: 0, d: 0, rel: 0 }; e.n++; e.d += Math.abs(c - a); e.rel += Math.abs(c - a) / a; acc.set(k, e);
      const kk = `${m} all`; const ee = acc.get(kk) ?? { n: 0, d: 0, rel: 0 }; ee.n++; ee.d += Math.abs(c - a); ee.rel += Math.abs(c - a) / a; acc.set(kk, ee);
    }
  }
}
for (const m of models) console.log(m.padEnd(12), [...VARS, 'all'].map((v) => { const e = acc.get(`${m} ${v}`); return e ? `${v} ${(e.d / e.n).toFixed(3)} (${(100 * e.rel / e.n).toFixed(0)} %, n ${e.n})` : `${v} —`; }).join(' | '));
await skin.close();
