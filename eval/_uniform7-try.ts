/**
 * [uniform7] scratch: uniformness and its variants over the samples cached by eval/_uniform7-cache.ts.
 * `npx tsx eval/_uniform7-try.ts [detail]`.
 */
import { readFileSync, existsSync } from 'node:fs';
import { MEASUREMENT, MIN_REGION_PIXELS } from '../functions/analysis/skin/features';
import { inputsOf, pooledOver, type MarkerInputs } from '../functions/analysis/skin/markers/inputs';
import { uniformnessOver, } from '../functions/analysis/skin/markers/uniformness';
import { channel, type SkinMaps } from '../functions/analysis/skin/model-spec';
import { smoothstep } from '../functions/analysis/skin/stats';
import { weightedPercentiles, totalWeight, type Weighted } from '../functions/analysis/skin/weighted-stats';
import { REGION_NAMES, type RegionMasks, type RegionName } from '../functions/analysis/types';

const DIR = '/tmp/u7cache';
const S = 256;
const ANCHORS: [number, number][] = [[3, 100], [4, 95], [5, 88], [6, 78], [7, 66], [8, 55], [10, 38], [13, 18], [17, 0]];
export function score(raw: number, anchors = ANCHORS): number {
  if (raw <= anchors[0]![0]) return anchors[0]![1];
  for (let i = 1; i < anchors.length; i++) {
    const [x1, y1] = anchors[i]!;
    const [x0, y0] = anchors[i - 1]!;
    if (raw <= x1) return Math.round(y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0));
  }
  return anchors[anchors.length - 1]![1];
}

export interface Sample {
  name: string;
  group: string;
  meta: { pose: { roll: number; yaw: number; pitch: number }; mouth: number; score: number; raw: number };
  inputs: MarkerInputs;
  maps: SkinMaps;
  crop: Uint8Array;
}

function f32(path: string): Float32Array {
  const b = readFileSync(path);
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
}

export function load(filter: (name: string) => boolean = () => true): Sample[] {
  const index: { name: string; group: string; refused?: string }[] = JSON.parse(readFileSync(`${DIR}/index.json`, 'utf8'));
  const out: Sample[] = [];
  for (const e of index) {
    if (e.refused || !filter(e.name)) continue;
    const dir = `${DIR}/${e.name.replace(/[^a-zA-Z0-9_.-]+/g, '_')}`;
    if (!existsSync(`${dir}/meta.json`)) continue;
    const maps = { chromophores: f32(`${dir}/chromophores.f32`), specular: f32(`${dir}/specular.f32`), indices: f32(`${dir}/indices.f32`) } as unknown as SkinMaps;
    const m = readFileSync(`${dir}/masks.u8`);
    const masks = {} as Record<RegionName, Uint8Array>;
    REGION_NAMES.forEach((r, k) => (masks[r] = new Uint8Array(m.subarray(k * 65536, (k + 1) * 65536))));
    const regions = { size: S, masks } as RegionMasks;
    const inputs = inputsOf(maps, regions, MEASUREMENT.glare, MIN_REGION_PIXELS);
    out.push({ name: e.name, group: e.group, meta: JSON.parse(readFileSync(`${dir}/meta.json`, 'utf8')), inputs, maps, crop: new Uint8Array(readFileSync(`${dir}/crop.rgb`)) });
  }
  return out;
}

export const TONE_REGIONS: RegionName[] = ['forehead', 'left_cheek', 'right_cheek', 'chin'];

export function shipped(s: Sample): number {
  return uniformnessOver(s.inputs)(TONE_REGIONS).value;
}

/** Ranges of a value over each group. */
export function report(samples: Sample[], value: (s: Sample) => number, label: string, anchors = ANCHORS): void {
  const groups = new Map<string, Sample[]>();
  for (const s of samples) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  const lines: string[] = [];
  let worstFrame = 0;
  const frameRanges: number[] = [];
  for (const [g, ss] of groups) {
    const raws = ss.map(value);
    const scores = raws.map((r) => score(r, anchors));
    const range = Math.max(...scores) - Math.min(...scores);
    const rawRange = Math.max(...raws) - Math.min(...raws);
    if (g === 'stills' || g.startsWith('v')) {
      frameRanges.push(range);
      worstFrame = Math.max(worstFrame, range);
    }
    lines.push(`  ${g.padEnd(28)} range ${String(range).padStart(3)} raw ${rawRange.toFixed(2)}  ${scores.join(' ')}   [${raws.map((r) => r.toFixed(2)).join(' ')}]`);
  }
  console.log(`${label}: frame ranges ${frameRanges.join(' ')}\n${lines.join('\n')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const samples = load();
  report(samples, shipped, 'shipped');
}

import { blurOver } from '../functions/analysis/skin/markers/blur';

export interface Variant {
  support?: 'skin' | 'tone' | 'region';
  sigma?: number;
  surround?: number;
  fit?: boolean;
  low?: number;
  cover?: [number, number];
  coverSigma?: number;
  /** transform of band maps per region before the spread */
  post?: (s: Sample, region: RegionName, maps: Float32Array[], p: Weighted) => Float32Array[];
  pool?: 'area' | 'equal';
  /** surround as a local plane fit (first-order normalised convolution) */
  plane?: boolean;
  ridge?: number;
  smileFade?: [number, number];
  poolFaded?: boolean;
  minFaded?: number;
  onRegion?: (s: Sample, r: RegionName, mel: number, hb: number) => void;
  /** near as a local plane fit too */
  planeNear?: boolean;
}

/** Local weighted plane fit of each map at σ over the blur's support, evaluated at each pixel. */
export function planeMeans(blur: ReturnType<typeof blurOver>, maps: Float32Array[], sigma: number, size: number): Float32Array[] {
  const n = size * size;
  const X = new Float32Array(n), Y = new Float32Array(n), XX = new Float32Array(n), XY = new Float32Array(n), YY = new Float32Array(n);
  for (let i = 0; i < n; i++) { const x = ((i % size) - size / 2) / sigma, y = (Math.floor(i / size) - size / 2) / sigma; X[i] = x; Y[i] = y; XX[i] = x * x; XY[i] = x * y; YY[i] = y * y; }
  const extra: Float32Array[] = [];
  for (const m of maps) { const fx = new Float32Array(n), fy = new Float32Array(n); for (let i = 0; i < n; i++) { fx[i] = m[i]! * X[i]!; fy[i] = m[i]! * Y[i]!; } extra.push(m, fx, fy); }
  const [mx, my, mxx, mxy, myy, ...rest] = blur.means([X, Y, XX, XY, YY, ...extra], sigma);
  return maps.map((_, c) => {
    const [mf, mfx, mfy] = [rest[3 * c]!, rest[3 * c + 1]!, rest[3 * c + 2]!];
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const vxx = mxx![i]! - mx![i]! ** 2, vxy = mxy![i]! - mx![i]! * my![i]!, vyy = myy![i]! - my![i]! ** 2;
      const cx = mfx![i]! - mf![i]! * mx![i]!, cy = mfy![i]! - mf![i]! * my![i]!;
      const det = vxx * vyy - vxy * vxy;
      if (!(det > 1e-3)) { out[i] = mf![i]!; continue; }
      const bx = (vyy * cx - vxy * cy) / det, by = (vxx * cy - vxy * cx) / det;
      out[i] = mf![i]! + bx * (X[i]! - mx![i]!) + by * (Y[i]! - my![i]!);
    }
    return out;
  });
}

let RIDGE = 0;
function fitOut(map: Float32Array, shading: Float32Array, p: Weighted): Float32Array {
  let w = 0, sx = 0, sy = 0;
  p.index.forEach((i, k) => { w += p.weight[k]!; sx += p.weight[k]! * shading[i]!; sy += p.weight[k]! * map[i]!; });
  const mx = sx / w, my = sy / w;
  let sxx = 0, sxy = 0;
  p.index.forEach((i, k) => { const dx = shading[i]! - mx; sxx += p.weight[k]! * dx * dx; sxy += p.weight[k]! * dx * (map[i]! - my); });
  const b = sxx > 0 ? sxy / (sxx + RIDGE * w) : 0;
  const out = new Float32Array(map.length);
  p.index.forEach((i) => (out[i] = map[i]! - b * shading[i]!));
  return out;
}

export function variant(v: Variant): (s: Sample) => number {
  const sigma = v.sigma ?? 4, surround = v.surround ?? 16, low = v.low ?? 20;
  const [c0, c1] = v.cover ?? [0.5, 0.75];
  return (s) => {
    const { size, maps } = s.inputs;
    const ch = ['melanin', 'haemoglobin', 'shading'].map((n) => channel(maps, 'chromophores', n, size));
    const supports: { regions: RegionName[]; weight: Float32Array }[] = [];
    if ((v.support ?? 'skin') === 'skin') supports.push({ regions: TONE_REGIONS, weight: s.inputs.skin.glare.weight });
    else if (v.support === 'tone') {
      const w = new Float32Array(size * size);
      for (const r of TONE_REGIONS) s.inputs.pixels[r].index.forEach((i, k) => (w[i] = s.inputs.pixels[r].weight[k]!));
      supports.push({ regions: TONE_REGIONS, weight: w });
    } else
      for (const r of TONE_REGIONS) {
        const w = new Float32Array(size * size);
        s.inputs.pixels[r].index.forEach((i, k) => (w[i] = s.inputs.pixels[r].weight[k]!));
        supports.push({ regions: [r], weight: w });
      }
    const perRegion = new Map<RegionName, number>();
    const fadedW = new Map<RegionName, number>();
    RIDGE = v.ridge ?? 0;
    for (const sup of supports) {
      const blur = blurOver(sup.weight, size);
      const far = v.plane ? planeMeans(blur, ch, surround, size) : blur.means(ch, surround);
      const band = (v.planeNear ? planeMeans(blur, ch, sigma, size) : blur.means(ch, sigma)).map((near, c) => near.map((x, i) => x - far[c]![i]!));
      const cover = blur.cover(v.coverSigma ?? 6);
      for (const r of sup.regions) {
        const px = s.inputs.pixels[r];
        const idx: number[] = [], w: number[] = [];
        px.index.forEach((i, k) => { const f = px.weight[k]! * smoothstep(c0, c1, cover[i]!); if (f > 0) { idx.push(i); w.push(f); } });
        const p = { index: Uint32Array.from(idx), weight: Float32Array.from(w) };
        fadedW.set(r, w.reduce((a, b) => a + b, 0));
        let [mel, hb] = (v.fit ?? true) ? [fitOut(band[0]!, band[2]!, p), fitOut(band[1]!, band[2]!, p)] : [band[0]!, band[1]!];
        if (v.post) [mel, hb] = v.post(s, r, [mel!, hb!, band[2]!], p) as [Float32Array, Float32Array];
        const sp = (m: Float32Array) => { const [h, l] = weightedPercentiles(m, p, [100 - low, low]) as [number, number]; return h - l; };
        perRegion.set(r, sp(mel!) + sp(hb!));
        v.onRegion?.(s, r, sp(mel!), sp(hb!));
      }
    }
    if (v.smileFade) { const keep = 1 - smoothstep(v.smileFade[0], v.smileFade[1], s.meta.mouth); let t = 0, n = 0; for (const r of TONE_REGIONS) { if (!s.inputs.usable.has(r)) continue; const ww = totalWeight(s.inputs.pixels[r]) * (r.endsWith('cheek') ? keep : 1); t += perRegion.get(r)! * ww; n += ww; } return t / n; }
    if (v.poolFaded || v.minFaded) { let t = 0, n = 0; for (const r of TONE_REGIONS) { if (!s.inputs.usable.has(r)) continue; const fw = fadedW.get(r)!; if (v.minFaded && fw < v.minFaded) continue; const ww = v.poolFaded ? fw : totalWeight(s.inputs.pixels[r]); t += perRegion.get(r)! * ww; n += ww; } return t / n; }
    if (v.pool === 'equal') { let t = 0, n = 0; for (const r of TONE_REGIONS) if (s.inputs.usable.has(r)) { t += perRegion.get(r)!; n++; } return t / n; }
    return pooledOver(s.inputs, TONE_REGIONS, (px) => perRegion.get(TONE_REGIONS.find((r) => s.inputs.pixels[r] === px)!)!);
  };
}

/** The judge: frames' raw range (stills) and worst video window raw range, over the blotch add (frontal, light). */
export function judge(samples: Sample[], value: (s: Sample) => number, label: string): void {
  const vals = new Map(samples.map((s) => [s.name, value(s)]));
  const range = (f: (n: string) => boolean) => { const v = samples.filter((s) => f(s.name)).map((s) => vals.get(s.name)!); return Math.max(...v) - Math.min(...v); };
  const stills = range((n) => n.startsWith('still'));
  const windows = [20, 50, 76, 100, 120, 145, 170].map((w) => range((n) => n.startsWith(`v${w} `)));
  const add = (f: string) => vals.get(`demo ${f} blotch10`)! - vals.get(`demo ${f}`)!;
  const a = [add('frontal'), add('light')];
  const steps = ['frontal', 'light'].map((f) => [0, 4, 7, 10].map((k) => vals.get(k ? `demo ${f} blotch${k}` : `demo ${f}`)!.toFixed(2)).join('→'));
  console.log(`${label.padEnd(40)} stills ${stills.toFixed(2)} (${(stills / a[0]!).toFixed(2)}/${(stills / a[1]!).toFixed(2)}) windows ${windows.map((w) => w.toFixed(2)).join(' ')} max/add ${(Math.max(...windows) / Math.min(...a)).toFixed(2)} | blotch ${steps.join(' ; ')} | tan ${vals.get('demo tan')?.toFixed(2)} tilted ${vals.get('demo tilted')?.toFixed(2)}`);
}
