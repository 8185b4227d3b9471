/**
 * [texture7] scratch probe: texture variants over the cache of eval/_texture7-cache.ts. Per variant: texture's
 * drift misses (> 3 points) over the photos × re-saves, and its range over each frame sequence.
 * `npx tsx eval/_texture7.ts /tmp/texture7-cache [variant…] [--regions]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { invert3, SRGB_TO_XYZ } from '../functions/analysis/skin/colour';
import { CHROMOPHORE_VECTORS, LINEAR_FLOOR } from '../functions/analysis/skin/model-spec';
import { weightedMedian, weightedPercentile, weightedPixels } from '../functions/analysis/skin/weighted-stats';
import { REGION_NAMES, type RegionName } from '../functions/analysis/types';
import { gaussian } from '../models/build/skin-graph/kernels';
import { textureRoughness } from '../functions/analysis/skin/texture';
import { smoothstep } from '../functions/analysis/skin/stats';

const dir = process.argv[2] ?? '/tmp/texture7-cache';
const args = process.argv.slice(3);
const showRegions = args.includes('--regions');
const S = 256;
const N = S * S;
const ANCHORS: [number, number][] = [[0.5, 100], [0.8, 93], [1.2, 82], [1.6, 70], [2.3, 50], [3.3, 25], [5, 0]];
function score(v0: number, anchors = ANCHORS): number {
  const v = v0 / Number(process.env.T7_SCALE ?? 1);
  if (v <= anchors[0]![0]) return anchors[0]![1];
  for (let i = 1; i < anchors.length; i++) {
    const [x1, y1] = anchors[i]!;
    const [x0, y0] = anchors[i - 1]!;
    if (v <= x1) return Math.round(y0 + ((v - x0) / (x1 - x0)) * (y1 - y0));
  }
  return anchors[anchors.length - 1]![1];
}

interface Entry { group: string; variant: string; kind: string; file?: string; refused?: string; side?: number; texture?: number; raw?: number; pose?: { yaw: number; pitch: number; roll: number } }
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as Entry[];

function reflect(i: number, n: number): number {
  if (i < 0) return -i;
  if (i >= n) return 2 * n - 2 - i;
  return i;
}
function blur(src: Float32Array, k: number[]): Float32Array {
  const r = (k.length - 1) / 2;
  const tmp = new Float32Array(N);
  const out = new Float32Array(N);
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) {
    let s = 0;
    for (let j = -r; j <= r; j++) s += k[j + r]! * src[y * S + reflect(x + j, S)]!;
    tmp[y * S + x] = s;
  }
  for (let y = 0; y < S; y++) for (let x = 0; x < S; x++) {
    let s = 0;
    for (let j = -r; j <= r; j++) s += k[j + r]! * tmp[reflect(y + j, S) * S + x]!;
    out[y * S + x] = s;
  }
  return out;
}
const g = (sigma: number) => gaussian(sigma);
const box = (n: number) => new Array<number>(n).fill(1 / n);
const sub = (a: Float32Array, b: Float32Array) => a.map((v, i) => v - b[i]!);
function rms(x: Float32Array, win = 9): Float32Array {
  const e = blur(x.map((v) => v * v), box(win));
  return e.map((v) => Math.sqrt(Math.max(0, v)));
}

const v = CHROMOPHORE_VECTORS;
const A = [0, 1, 2].map((c) => [v.melanin[c]!, v.haemoglobin[c]!, v.shading[c]!]);
const INV = invert3(A);
const OD = -100 / Math.LN10;

interface Loaded { crop: Uint8Array; masks: Record<RegionName, Uint8Array>; spec: Float32Array; band: Float32Array }
function load(file: string): Loaded {
  const crop = new Uint8Array(readFileSync(join(dir, `${file}.crop`)));
  const mb = new Uint8Array(readFileSync(join(dir, `${file}.masks`)));
  const masks = {} as Record<RegionName, Uint8Array>;
  REGION_NAMES.forEach((r, i) => (masks[r] = mb.subarray(i * N, (i + 1) * N)));
  const f32 = (ext: string) => { const b = readFileSync(join(dir, `${file}.${ext}`)); return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4); };
  return { crop, masks, spec: f32('spec'), band: f32('band') };
}

interface Channels { od: Float32Array[]; odY: Float32Array; shading: Float32Array; melanin: Float32Array; haem: Float32Array; L: Float32Array }
function channels(crop: Uint8Array): Channels {
  const od = [new Float32Array(N), new Float32Array(N), new Float32Array(N)];
  const odY = new Float32Array(N);
  const shading = new Float32Array(N);
  const melanin = new Float32Array(N);
  const haem = new Float32Array(N);
  const L = new Float32Array(N);
  for (let i = 0; i < N; i++) {
    const lin = [0, 1, 2].map((c) => { const x = crop[3 * i + c]! / 255; return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    const d = lin.map((l) => OD * Math.log(Math.max(l, LINEAR_FLOOR)));
    for (let c = 0; c < 3; c++) od[c]![i] = d[c]!;
    const y = SRGB_TO_XYZ[1].reduce((s, w, c) => s + w * lin[c]!, 0);
    odY[i] = OD * Math.log(Math.max(y, LINEAR_FLOOR));
    melanin[i] = INV[0]![0]! * d[0]! + INV[0]![1]! * d[1]! + INV[0]![2]! * d[2]!;
    haem[i] = INV[1]![0]! * d[0]! + INV[1]![1]! * d[1]! + INV[1]![2]! * d[2]!;
    shading[i] = INV[2]![0]! * d[0]! + INV[2]![1]! * d[1]! + INV[2]![2]! * d[2]!;
    L[i] = 116 * Math.cbrt(Math.max(y, 0)) - 16;
  }
  return { od, odY, shading, melanin, haem, L };
}

const REGIONS: RegionName[] = ['left_cheek', 'right_cheek', 'forehead', 'chin'];

/** Skin-share weight (σ) like innerSkinWeight, over the union of all regions. */
function innerWeight(masks: Record<RegionName, Uint8Array>, sigma: number, from = 0.5, to = 0.75): Float32Array {
  const skin = new Float32Array(N);
  for (const r of REGION_NAMES) { const m = masks[r]; for (let i = 0; i < N; i++) if (m[i]) skin[i] = 1; }
  const c = blur(skin, g(sigma));
  return c.map((val, i) => (skin[i] ? smoothstep(from, to, val) : 0));
}

type Stat = 'median' | 'p25' | 'p75' | 'mean';
interface Method {
  map: (ch: Channels, l: Loaded) => Float32Array;
  weight?: (l: Loaded, glare: Float32Array) => Float32Array;
  stat?: Stat;
  pool?: 'area' | 'equal' | 'median';
  regions?: RegionName[];
}

function measure(l: Loaded, m: Method): { value: number; perRegion: Record<string, number> } {
  const ch = channels(l.crop);
  const map = m.map(ch, l);
  const glare = l.spec.map((s) => 1 - smoothstep(4, 8, s));
  const w = m.weight ? m.weight(l, glare) : glare;
  const perRegion: Record<string, number> = {};
  let s = 0;
  let tw = 0;
  const vals: number[] = [];
  for (const r of m.regions ?? REGIONS) {
    const dense = new Float32Array(N);
    let total = 0;
    for (let i = 0; i < N; i++) if (l.masks[r][i]) { dense[i] = w[i]!; total += glare[i]!; }
    if (total < 60) continue;
    const px = weightedPixels(dense);
    const val = m.stat === 'p25' ? weightedPercentile(map, px, 25) : m.stat === 'p75' ? weightedPercentile(map, px, 75) : weightedMedian(map, px);
    perRegion[r] = val;
    const weight = m.pool === 'equal' ? 1 : total;
    s += val * weight;
    tw += weight;
    vals.push(val);
  }
  if (m.pool === 'median') { vals.sort((a, b) => a - b); return { value: vals[Math.floor(vals.length / 2)]!, perRegion }; }
  return { value: s / tw, perRegion };
}

const band = (x: Float32Array, lo = 1.5, hi = 4.5) => sub(blur(x, g(lo)), blur(x, g(hi)));
const METHODS: Record<string, Method> = {
  graph: { map: (_c, l) => l.band },
  base: { map: (c) => rms(band(c.shading)) },
  lum: { map: (c) => rms(band(c.odY)) },
  chroma2: { map: (c) => rms(band(add(c.odY, blur(sub(c.shading, c.odY), g(2))))) },
  inner45: { map: (c) => rms(band(c.shading)), weight: (l, gl) => mul(innerWeight(l.masks, 4.5), gl) },
  inner9: { map: (c) => rms(band(c.shading)), weight: (l, gl) => mul(innerWeight(l.masks, 9), gl) },
  equal: { map: (c) => rms(band(c.shading)), pool: 'equal' },
  noforehead: { map: (c) => rms(band(c.shading)), regions: ['left_cheek', 'right_cheek', 'chin'] },
  norm: { map: (c, l) => { const w = skinUnion(l); return nrms(nband(c.shading, w), w); } },
  normTex: { map: (c, l) => { const w = skinUnion(l, REGIONS); return nrms(nband(c.shading, w), w); } },
  normInner2: { map: (c, l) => { const w = skinUnion(l); return nrms(nband(c.shading, w), w); }, weight: (l, gl) => mul(innerWeight(l.masks, 2), gl) },
  normLum: { map: (c, l) => { const w = skinUnion(l); return nrms(nband(c.odY, w), w); } },
  nLum: { map: (c, l) => { const w = skinUnion(l, REGIONS); return nrms(nband(c.odY, w), w); } },
  nChroma: { map: (c, l) => { const w = skinUnion(l, REGIONS); return nrms(nband(sub(c.shading, c.odY), w), w); } },
  core05: { map: (c, l) => core(c, l, 0.5) },
  core1: { map: (c, l) => core(c, l, 1) },
  core15: { map: (c, l) => core(c, l, 1.5) },
  core2: { map: (c, l) => core(c, l, 2) },
  prod: { map: (c, l) => textureRoughness(c.shading, c.odY, { size: S, masks: l.masks }, REGIONS, l.spec.map((x) => 1 - smoothstep(4, 8, x))) },
  cheeks: { map: (c) => rms(band(c.shading)), regions: ['left_cheek', 'right_cheek'] },
};
function skinUnion(l: Loaded, names: readonly RegionName[] = REGION_NAMES): Float32Array {
  const skin = new Float32Array(N);
  for (const r of names) { const m = l.masks[r]; for (let i = 0; i < N; i++) if (m[i]) skin[i] = 1; }
  return skin;
}
function nblur(x: Float32Array, w: Float32Array, k: number[]): Float32Array {
  const a = blur(mul(x, w), k);
  const b = blur(w, k);
  return a.map((val, i) => (b[i]! > 1e-3 ? val / b[i]! : 0));
}
function nrms(x: Float32Array, w: Float32Array, win = 9): Float32Array {
  return nblur(x.map((val) => val * val), w, box(win)).map((val) => Math.sqrt(Math.max(0, val)));
}
function nband(x: Float32Array, w: Float32Array, lo = 1.5, hi = 4.5): Float32Array {
  return sub(nblur(x, w, g(lo)), nblur(x, w, g(hi)));
}
function core(c: Channels, l: Loaded, t: number): Float32Array {
  const w = skinUnion(l, REGIONS);
  const lum = nband(c.odY, w);
  const chroma = nband(sub(c.shading, c.odY), w);
  return nrms(lum.map((v0, i) => { const x = chroma[i]!; return v0 + Math.sign(x) * Math.max(0, Math.abs(x) - t); }), w);
}
function add(a: Float32Array, b: Float32Array) { return a.map((val, i) => val + b[i]!); }
function mul(a: Float32Array, b: Float32Array) { return a.map((val, i) => val * b[i]!); }

const names = args.filter((a) => !a.startsWith('--'));
const methods = names.length ? names : ['graph', 'base'];
const groups = [...new Set(index.map((e) => e.group))];
for (const name of methods) {
  const m = METHODS[name]!;
  const res = new Map<Entry, { value: number; perRegion: Record<string, number> }>();
  for (const e of index) if (e.file) res.set(e, measure(load(e.file), m));
  let misses = 0;
  let worst = 0;
  const lines: string[] = [];
  const frameLines: string[] = [];
  for (const grp of groups) {
    const es = index.filter((e) => e.group === grp && e.file);
    if (!es.length) continue;
    if (es[0]!.kind === 'photo') {
      const orig = es.find((e) => e.variant === 'original');
      if (!orig || (orig.side ?? 0) < 0) continue;
      const o = res.get(orig)!;
      const so = score(o.value);
      const moves: string[] = [];
      for (const e of es) {
        if (e === orig) continue;
        const r = res.get(e)!;
        const d = score(r.value) - so;
        if (Math.abs(d) > 3) { misses++; moves.push(`${e.variant} ${so}→${score(r.value)}`); }
        worst = Math.max(worst, Math.abs(d));
        if (showRegions && Math.abs(d) > 3) moves.push(`[${Object.entries(r.perRegion).map(([k, x]) => `${k.slice(0, 6)} ${x.toFixed(2)}`).join(' ')}]`);
      }
      lines.push(`  ${grp.padEnd(26)} ${o.value.toFixed(2)} (${so}) ${moves.join('; ')}${showRegions && moves.length ? ` orig [${Object.entries(o.perRegion).map(([k, x]) => `${k.slice(0, 6)} ${x.toFixed(2)}`).join(' ')}]` : ''}`);
    } else {
      const sc = es.map((e) => score(res.get(e)!.value));
      const range = Math.max(...sc) - Math.min(...sc);
      const raws = es.map((e) => res.get(e)!.value);
      frameLines.push(`  ${grp.padEnd(26)} range ${String(range).padStart(2)} raw ${Math.min(...raws).toFixed(2)}–${Math.max(...raws).toFixed(2)}  ${sc.join(' ')}`);
      if (showRegions) for (const e of es) frameLines.push(`     ${e.variant.padEnd(8)} ${res.get(e)!.value.toFixed(2)} ${Object.entries(res.get(e)!.perRegion).map(([k, x]) => `${k.slice(0, 6)} ${x.toFixed(2)}`).join(' ')} yaw ${e.pose?.yaw.toFixed(1)} roll ${e.pose?.roll.toFixed(1)}`);
    }
  }
  console.log(`== ${name}: texture misses ${misses}, worst ${worst}`);
  console.log(lines.join('\n'));
  console.log(frameLines.join('\n'));
}
