/** [light9] scratch: light-model variants over /tmp/l9cache. `npx tsx eval/_light9-try.ts` */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { REGION_NAMES, type RegionMasks, type RegionName } from '../functions/analysis/types';
import { inputsOf, pooledOver, type MarkerInputs } from '../functions/analysis/skin/markers/inputs';
import { uniformnessOver, UNIFORMNESS, UNIFORMNESS_REGIONS } from '../functions/analysis/skin/markers/uniformness';
import { radianceOver, RADIANCE_MEASURED, glowDensity, lightSlope } from '../functions/analysis/skin/markers/radiance';
import { surfaceNormals, SURFACE_NORMALS } from '../functions/analysis/skin/surface-normals';
import { channel } from '../functions/analysis/skin/model-spec';
import { smoothstep } from '../functions/analysis/skin/stats';
import { weightedPercentiles, weightedMedian, weightedPercentile, unionPixels, type Weighted } from '../functions/analysis/skin/weighted-stats';
import manifest from '../models/manifest.json';

const DIR = '/tmp/l9cache';
const S = 256;
const anchorsU = (manifest as any).markers?.uniformness?.calibration?.anchors ?? findAnchors('uniformness');
const anchorsR = (manifest as any).markers?.radiance?.calibration?.anchors ?? findAnchors('radiance');
function findAnchors(name: string): number[][] {
  const m = manifest as any;
  for (const k of Object.keys(m)) if (m[k]?.[name]?.calibration) return m[k][name].calibration.anchors;
  throw new Error('anchors ' + name);
}
function score(anchors: number[][], v: number): number {
  if (v <= anchors[0]![0]!) return anchors[0]![1]!;
  for (let i = 1; i < anchors.length; i++) {
    const [x1, y1] = anchors[i]!;
    const [x0, y0] = anchors[i - 1]!;
    if (v <= x1!) return Math.round(y0! + ((v - x0!) / (x1! - x0!)) * (y1! - y0!));
  }
  return anchors[anchors.length - 1]![1]!;
}

interface Sample { name: string; group: string; inputs: MarkerInputs; mesh: { x: number; y: number; z: number }[]; meta: any }
function f32(path: string) { const b = readFileSync(path); return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4); }
const samples: Sample[] = [];
for (const d of readdirSync(DIR)) {
  const dir = `${DIR}/${d}`;
  if (!existsSync(`${dir}/meta.json`)) continue;
  const meta = JSON.parse(readFileSync(`${dir}/meta.json`, 'utf8'));
  const maps = { chromophores: f32(`${dir}/chromophores.f32`), specular: f32(`${dir}/specular.f32`), indices: f32(`${dir}/indices.f32`) } as any;
  const mb = readFileSync(`${dir}/masks.u8`);
  const masks = {} as Record<RegionName, Uint8Array>;
  REGION_NAMES.forEach((r, k) => (masks[r] = new Uint8Array(mb.subarray(k * 65536, (k + 1) * 65536))));
  const regions: RegionMasks = { size: S, masks };
  samples.push({ name: meta.name, group: meta.group, inputs: inputsOf(maps, regions, [4, 8], 60), mesh: meta.mesh.map(([x, y, z]: number[]) => ({ x, y, z })), meta });
}
samples.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));

export type Variant = (s: Sample) => { u: number; r: number };
const V = process.env.V ?? 'base';

// ---------- variants ----------
function bandPassed(inputs: MarkerInputs, maps: Float32Array[]) {
  const { blur } = inputs.skin.glare;
  const around = blur.means(maps, UNIFORMNESS.surroundSigma);
  return blur.means(maps, UNIFORMNESS.sigma).map((near, c) => { const s = around[c]!; for (let i = 0; i < near.length; i++) near[i] = near[i]! - s[i]!; return near; });
}
function fadedAtEdge(pixels: Weighted, cover: Float32Array): Weighted {
  const [lo, hi] = UNIFORMNESS.cover; const idx: number[] = []; const w: number[] = [];
  for (let k = 0; k < pixels.index.length; k++) { const f = pixels.weight[k]! * smoothstep(lo, hi, cover[pixels.index[k]!]!); if (f > 0) { idx.push(pixels.index[k]!); w.push(f); } }
  return { index: Uint32Array.from(idx), weight: Float32Array.from(w) };
}
/** weighted LS y ≈ a + Σ b_j x_j ; ridge per regressor var floor */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length; const M = A.map((r, i) => [...r, b[i]!]);
  for (let c = 0; c < n; c++) { let p = c; for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r; [M[c], M[p]] = [M[p]!, M[c]!];
    const d = M[c]![c]!; if (Math.abs(d) < 1e-12) return new Array(n).fill(0); for (let r = 0; r < n; r++) if (r !== c) { const f = M[r]![c]! / d; for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!; } }
  return M.map((r, i) => r[n]! / r[i]!);
}
function fit(y: Float32Array, xs: Float32Array[], px: Weighted, floors: number[], robust = 0): number[] {
  // returns slopes for xs (centred); intercept implicit
  const m = xs.length; let wts = Float64Array.from(px.weight);
  let slopes = new Array(m).fill(0);
  for (let round = 0; round <= robust; round++) {
    let W = 0; const mx = new Array(m).fill(0); let my = 0;
    for (let k = 0; k < px.index.length; k++) { const i = px.index[k]!; const w = wts[k]!; W += w; my += w * y[i]!; for (let j = 0; j < m; j++) mx[j] += w * xs[j]![i]!; }
    if (W <= 0) return slopes; my /= W; for (let j = 0; j < m; j++) mx[j] /= W;
    const A = Array.from({ length: m }, () => new Array(m).fill(0)); const bb = new Array(m).fill(0);
    for (let k = 0; k < px.index.length; k++) { const i = px.index[k]!; const w = wts[k]!; const dy = y[i]! - my; const dx = xs.map((x, j) => x[i]! - mx[j]);
      for (let a = 0; a < m; a++) { bb[a] += w * dx[a]! * dy; for (let c = 0; c < m; c++) A[a]![c] += w * dx[a]! * dx[c]!; } }
    for (let a = 0; a < m; a++) A[a]![a] += floors[a]! * W;
    slopes = solve(A, bb);
    if (round === robust) break;
    const res = new Float32Array(px.index.length);
    for (let k = 0; k < px.index.length; k++) { const i = px.index[k]!; let r = y[i]! - my; for (let j = 0; j < m; j++) r -= slopes[j]! * (xs[j]![i]! - mx[j]); res[k] = r; }
    const sorted = Float32Array.from(res, Math.abs).sort(); const sp = 1.4826 * sorted[sorted.length >> 1]!; const cut = 4.685 * sp;
    wts = Float64Array.from(px.weight, (w0, k) => { const u = res[k]! / cut; return Math.abs(u) < 1 ? w0 * (1 - u * u) ** 2 : 0; });
  }
  return slopes;
}
function union(list: Weighted[]): Weighted { const idx: number[] = []; const w: number[] = []; for (const p of list) { for (let k = 0; k < p.index.length; k++) { idx.push(p.index[k]!); w.push(p.weight[k]!); } } return { index: Uint32Array.from(idx), weight: Float32Array.from(w) }; }

function uniformVariant(s: Sample, mode: string): number {
  const inputs = s.inputs;
  const chrom = ['melanin', 'haemoglobin', 'shading'].map((n) => channel(inputs.maps, 'chromophores', n, S));
  const N = surfaceNormals(s.mesh, S, Number(process.env.SIG ?? 10));
  const normals = [N.nx, N.ny, N.nz];
  const cover = inputs.skin.glare.blur.cover(UNIFORMNESS.coverSigma);
  const regs = UNIFORMNESS_REGIONS.filter((r) => inputs.usable.has(r));
  const faded = new Map(regs.map((r) => [r, fadedAtEdge(inputs.pixels[r], cover)]));
  let [mel, hae, sh] = bandPassed(inputs, chrom) as Float32Array[];
  const extra: Float32Array[] = [];
  if (mode.includes('n')) {
    const nb = bandPassed(inputs, normals);
    extra.push(...nb);
    if (mode.includes('q')) { // second order: products band-passed
      const q = [new Float32Array(S * S), new Float32Array(S * S), new Float32Array(S * S)];
      for (let i = 0; i < S * S; i++) { q[0]![i] = N.nx[i]! * N.nx[i]!; q[1]![i] = N.ny[i]! * N.ny[i]!; q[2]![i] = N.nx[i]! * N.ny[i]!; }
      extra.push(...bandPassed(inputs, q));
    }
    if (mode.includes('Q')) {
      const q = [new Float32Array(S * S), new Float32Array(S * S)];
      for (let i = 0; i < S * S; i++) { q[0]![i] = N.nx[i]! * N.nz[i]!; q[1]![i] = N.ny[i]! * N.nz[i]!; }
      extra.push(...bandPassed(inputs, q));
    }
    if (mode.includes('x')) {
      const q = [new Float32Array(S * S), new Float32Array(S * S)];
      for (let i = 0; i < S * S; i++) { q[0]![i] = (i % S) / 64; q[1]![i] = Math.floor(i / S) / 64; }
      extra.push(...bandPassed(inputs, q));
    }
  }
  const robust = mode.includes('r') ? 5 : 0;
  let spec: Float32Array | undefined;
  if (mode.includes('s')) spec = bandPassed(inputs, [channel(inputs.maps, 'specular', process.env.SPC ?? 'strength', S)])[0];
  if ((extra.length || spec) && mode.includes('g')) {
    // global fit over all four regions
    const all = union([...faded.values()]);
    for (const m of [mel, hae] as Float32Array[]) {
      const xs = mode.includes('S') ? [...extra, spec!] : extra;
      const b = fit(m, xs, all, xs.map(() => 0), robust);
      for (let i = 0; i < S * S; i++) { let v = m[i]!; for (let j = 0; j < xs.length; j++) v -= b[j]! * xs[j]![i]!; m[i] = v; }
    }
  }
  (globalThis as any).lastMaps = [mel, hae];
  let total = 0; let wsum = 0;
  for (const r of regs) {
    const px = faded.get(r)!;
    let spread = 0;
    for (const m of [mel, hae] as Float32Array[]) {
      const xs = [sh!, ...(spec && !mode.includes('S') ? [spec] : []), ...(extra.length && mode.includes('p') ? extra : [])];
      const b = fit(m, xs, px, xs.map((_, j) => (j === 0 ? UNIFORMNESS.shadingVarianceFloor : Number(process.env.NF ?? 1))));
      const tone = new Float32Array(S * S);
      for (let k = 0; k < px.index.length; k++) { const i = px.index[k]!; let v = m[i]!; for (let j = 0; j < xs.length; j++) v -= b[j]! * xs[j]![i]!; tone[i] = v; }
      const [hi, lo] = weightedPercentiles(tone, px, [80, 20]) as [number, number];
      spread += hi - lo;
    }
    const t = inputs.pixels[r].weight.reduce((a, b) => a + b, 0);
    if (process.env.DBG && s.name.includes(process.env.DBG)) console.log(s.name, r, spread.toFixed(2), t.toFixed(0));
    total += spread * t; wsum += t;
  }
  return total / wsum;
}

function radianceVariant(s: Sample, mode: string): number {
  const inputs = s.inputs;
  if (mode === 'base') return radianceOver(inputs)(RADIANCE_MEASURED).value;
  const density = glowDensity(inputs.maps, S);
  const od = inputs.skin.plain.blur.mean(density, 3);
  const matte = inputs.skin.glare.blur.mean(density, 3);
  const N = surfaceNormals(s.mesh, S, Number(process.env.SIG ?? 10));
  const xs: Float32Array[] = [N.nx, N.ny, N.nz];
  if (mode.includes('p')) { const X = new Float32Array(S * S), Y = new Float32Array(S * S); for (let i = 0; i < S * S; i++) { X[i] = i % S; Y[i] = Math.floor(i / S); } xs.push(X, Y); }
  const fitOver = mode.includes('c') ? ['forehead', 'nose', 'chin', 'left_cheek', 'right_cheek'] : ['forehead', 'nose', 'chin'];
  const px = unionPixels(inputs, fitOver as RegionName[]);
  if (inputs.usable.has('forehead')) {
    const b = fit(matte, xs, px, xs.map(() => 0), 5);
    for (let i = 0; i < S * S; i++) { let lit = 0; for (let j = 0; j < xs.length; j++) lit += b[j]! * xs[j]![i]!; od[i] = od[i]! - lit; matte[i] = matte[i]! - lit; }
  }
  const reference = weightedMedian(matte, unionPixels(inputs, ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin']));
  return pooledOver(inputs, RADIANCE_MEASURED, (p) => reference - weightedPercentile(od, p, 10), true);
}

const UM = process.env.UM ?? 'base';
const RM = process.env.RM ?? 'base';
const rows: { name: string; group: string; u: number; r: number; us: number; rs: number }[] = [];
const t0 = performance.now();
for (const s of samples.filter((x) => !process.env.ONLY || new RegExp(process.env.ONLY).test(x.group))) {
  const u = UM === 'base' ? uniformnessOver(s.inputs)(UNIFORMNESS_REGIONS).value : UM === 'prod' ? uniformnessOver(inputsOf(s.inputs.maps, { ...s.inputs.regions, mesh: s.mesh.map((p) => ({ ...p })) }, [4, 8], 60))(UNIFORMNESS_REGIONS).value : uniformVariant(s, UM);
  const r = process.env.NOR ? 0 : radianceVariant(s, RM);
  rows.push({ name: s.name, group: s.group, u, r, us: score(anchorsU, u), rs: score(anchorsR, r) });
}
const groups = [...new Set(rows.map((r) => r.group))];
for (const g of groups) {
  const rs = rows.filter((r) => r.group === g);
  const range = (k: 'us' | 'rs' | 'u' | 'r') => Math.max(...rs.map((r) => r[k])) - Math.min(...rs.map((r) => r[k]));
  console.log(`${g.padEnd(22)} U ${rs.map((r) => r.us).join(' ').padEnd(40)} range ${range('us')} raw ${rs.map((r) => r.u.toFixed(2)).join(' ')} | R ${rs.map((r) => r.rs).join(' ')} range ${range('rs')}`);
}
console.log(`ms ${(performance.now() - t0).toFixed(0)} for ${rows.length}`);
if (process.env.PNG) {
  const sharp = (await import('sharp')).default;
  for (const s of samples.filter((x) => x.name.includes(process.env.PNG!))) {
    const inputs = s.inputs;
    const chrom = ['melanin', 'haemoglobin', 'shading'].map((n) => channel(inputs.maps, 'chromophores', n, S));
    uniformVariant(s, process.env.UM ?? 'ngqQ');
    const bp = [(globalThis as any).lastMaps[0], (globalThis as any).lastMaps[1]];
    const N = surfaceNormals(s.mesh, S, Number(process.env.SIG ?? 10));
    const skinW = inputs.skin.glare.weight;
    const img = Buffer.alloc(S * S * 3 * 4);
    const put = (panel: number, i: number, v: number, scale: number) => { const x = i % S, y = Math.floor(i / S); const o = (y * S * 4 + panel * S + x) * 3; const t = Math.max(-1, Math.min(1, v / scale)); img[o] = t > 0 ? 128 + 127 * t : 128 + 128 * t; img[o + 1] = 128 + 127 * (1 - Math.abs(t)) * 0 ; img[o + 2] = t < 0 ? 128 - 127 * t : 128 - 128 * t; };
    const crop = readFileSync(`${DIR}/${s.name.replace(/[^a-zA-Z0-9_.-]+/g, '_')}/crop.rgb`);
    for (let i = 0; i < S * S; i++) {
      const x = i % S, y = Math.floor(i / S);
      const o0 = (y * S * 4 + x) * 3; img[o0] = crop[3 * i]!; img[o0 + 1] = crop[3 * i + 1]!; img[o0 + 2] = crop[3 * i + 2]!;
      if (!(skinW[i]! > 0)) continue;
      put(1, i, bp[1]![i]!, 6); put(2, i, bp[0]![i]!, 6); put(3, i, N.nx[i]!, 0.8);
    }
    await sharp(img, { raw: { width: S * 4, height: S, channels: 3 } }).png().toFile(`/tmp/l9-${s.name.replace(/\W+/g, '_')}.png`);
  }
}
