/**
 * [uniform7] scratch: per region of each cached sample, uniformness's spreads before and after the shading fit, the
 * fit's slope and correlation; and PNGs of the band-passed maps. `npx tsx eval/_uniform7-diag.ts [filter] [png]`.
 */
import sharp from 'sharp';
import { channel } from '../functions/analysis/skin/model-spec';
import { smoothstep } from '../functions/analysis/skin/stats';
import { weightedPercentiles, totalWeight, type Weighted } from '../functions/analysis/skin/weighted-stats';
import { UNIFORMNESS } from '../functions/analysis/skin/markers/uniformness';
import { load, score, TONE_REGIONS, type Sample } from './_uniform7-try';

const S = 256;
const filter = process.argv[2] ?? 'still';
const png = process.argv[3] === 'png';
const samples = load((n) => n.includes(filter));

export function bandPassed(s: Sample, sigma: number = UNIFORMNESS.sigma, surround: number = UNIFORMNESS.surroundSigma) {
  const { size, maps } = s.inputs;
  const blur = s.inputs.skin.glare.blur;
  const ch = ['melanin', 'haemoglobin', 'shading'].map((n) => channel(maps, 'chromophores', n, size));
  const far = blur.means(ch, surround);
  return blur.means(ch, sigma).map((near, c) => near.map((v, i) => v - far[c]![i]!)) as [Float32Array, Float32Array, Float32Array];
}

export function faded(s: Sample, pixels: Weighted): Weighted {
  const cover = s.inputs.skin.glare.blur.cover(UNIFORMNESS.coverSigma);
  const idx: number[] = [];
  const w: number[] = [];
  pixels.index.forEach((i, k) => {
    const f = pixels.weight[k]! * smoothstep(UNIFORMNESS.cover[0], UNIFORMNESS.cover[1], cover[i]!);
    if (f > 0) {
      idx.push(i);
      w.push(f);
    }
  });
  return { index: Uint32Array.from(idx), weight: Float32Array.from(w) };
}

function fit(map: Float32Array, shading: Float32Array, p: Weighted): { slope: number; r: number; resid: Float32Array } {
  let w = 0, sx = 0, sy = 0;
  p.index.forEach((i, k) => { w += p.weight[k]!; sx += p.weight[k]! * shading[i]!; sy += p.weight[k]! * map[i]!; });
  const mx = sx / w, my = sy / w;
  let sxx = 0, sxy = 0, syy = 0;
  p.index.forEach((i, k) => { const dx = shading[i]! - mx, dy = map[i]! - my; sxx += p.weight[k]! * dx * dx; sxy += p.weight[k]! * dx * dy; syy += p.weight[k]! * dy * dy; });
  const slope = sxy / sxx;
  const resid = new Float32Array(map.length);
  p.index.forEach((i) => (resid[i] = map[i]! - slope * shading[i]!));
  return { slope, r: sxy / Math.sqrt(sxx * syy), resid };
}

const spread = (m: Float32Array, p: Weighted, lo = 20) => {
  const [h, l] = weightedPercentiles(m, p, [100 - lo, lo]) as [number, number];
  return h - l;
};

for (const s of samples) {
  const [mel, hb, sh] = bandPassed(s);
  const { pose, mouth } = s.meta;
  console.log(`${s.name}: score ${s.meta.score} raw ${s.meta.raw.toFixed(2)} roll ${pose.roll.toFixed(1)} yaw ${pose.yaw.toFixed(1)} pitch ${pose.pitch.toFixed(1)} mouth ${mouth.toFixed(2)}`);
  for (const r of TONE_REGIONS) {
    if (!s.inputs.usable.has(r)) { console.log(`   ${r} not usable`); continue; }
    const p = faded(s, s.inputs.pixels[r]);
    const fm = fit(mel, sh, p), fh = fit(hb, sh, p);
    console.log(
      `   ${r.padEnd(11)} w ${totalWeight(s.inputs.pixels[r]).toFixed(0).padStart(5)}→${totalWeight(p).toFixed(0).padStart(5)} | mel ${spread(mel, p).toFixed(2)}→${spread(fm.resid, p).toFixed(2)} (b ${fm.slope.toFixed(2)} r ${fm.r.toFixed(2)}) | hb ${spread(hb, p).toFixed(2)}→${spread(fh.resid, p).toFixed(2)} (b ${fh.slope.toFixed(2)} r ${fh.r.toFixed(2)}) | sh ${spread(sh, p).toFixed(2)} | tone ${(spread(fm.resid, p) + spread(fh.resid, p)).toFixed(2)} score ${score(spread(fm.resid, p) + spread(fh.resid, p))}`,
    );
  }
  if (png) {
    const img = new Uint8Array(S * 3 * S * 2 * 3);
    const S3 = S * 3;
    const put = (x: number, y: number, v: [number, number, number]) => img.set(v, (y * S3 + x) * 3);
    const inside = new Uint8Array(S * S);
    for (const r of TONE_REGIONS) s.inputs.pixels[r].index.forEach((i) => (inside[i] = 1));
    for (let y = 0; y < S; y++)
      for (let x = 0; x < S; x++) {
        const i = y * S + x;
        put(x, y, [s.crop[3 * i]!, s.crop[3 * i + 1]!, s.crop[3 * i + 2]!]);
        const col = (v: number): [number, number, number] => (inside[i] ? (v > 0 ? [128 + Math.min(127, v * 25), 128 - Math.min(128, v * 25), 128 - Math.min(128, v * 25)] : [128 + Math.max(-128, v * 25), 128 + Math.max(-128, v * 25), 128 - Math.max(-127, v * 25)]) : [0, 0, 0]);
        put(S + x, y, col(hb[i]!));
        put(2 * S + x, y, col(mel[i]!));
        put(x, S + y, col(sh[i]! / 2));
      }
    await sharp(Buffer.from(img), { raw: { width: S3, height: 2 * S, channels: 3 } }).png().toFile(`/tmp/u7-${s.name.replace(/[^a-zA-Z0-9_.-]+/g, '_')}.png`);
  }
}
