/** [oily7] scratch: cached maps and helpers for eval/_oily7-try.ts. */
import { readFileSync } from 'node:fs';
import { REGION_NAMES } from '../functions/analysis/types';

export const S = 256;
const dir = '/tmp/oily7/cache';
export interface Entry { id: string; group: string; name: string; code?: string; score?: number; raw?: number; pose?: { yaw: number; pitch: number; roll: number } }
export const index: Entry[] = JSON.parse(readFileSync(`${dir}/index.json`, 'utf8'));
export interface Item extends Entry { L: Float32Array; a: Float32Array; b: Float32Array; sheen: Float32Array; strength: Float32Array; masks: Record<string, Uint8Array>; pts: number[][] }
export function load(e: Entry): Item {
  const f = (ext: string) => { const b = readFileSync(`${dir}/${e.id}.${ext}`); return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4); };
  const lab = f('lab');
  const spec = f('spec');
  const mb = readFileSync(`${dir}/${e.id}.masks`);
  const masks: Record<string, Uint8Array> = {};
  REGION_NAMES.forEach((r, k) => (masks[r] = new Uint8Array(mb.buffer, mb.byteOffset + k * S * S, S * S)));
  const j = JSON.parse(readFileSync(`${dir}/${e.id}.json`, 'utf8'));
  return { ...e, L: lab.subarray(0, S * S), a: lab.subarray(S * S, 2 * S * S), b: lab.subarray(2 * S * S), strength: spec.subarray(0, S * S), sheen: spec.subarray(S * S), masks, pts: j.pts };
}
export function gaussian(sigma: number): number[] {
  const r = Math.max(1, Math.ceil(3 * sigma));
  const g: number[] = [];
  for (let x = -r; x <= r; x++) g.push(Math.exp(-(x * x) / (2 * sigma * sigma)));
  const s = g.reduce((p, q) => p + q, 0);
  return g.map((v) => v / s);
}
const refl = (i: number) => (i < 0 ? -i : i >= S ? 2 * S - 2 - i : i);
export function blur(x: Float32Array, sigma: number): Float32Array {
  const k = gaussian(sigma);
  const r = (k.length - 1) / 2;
  const t = new Float32Array(S * S);
  const o = new Float32Array(S * S);
  for (let y = 0; y < S; y++) for (let xx = 0; xx < S; xx++) { let s = 0; for (let j = -r; j <= r; j++) s += k[j + r]! * x[y * S + refl(xx + j)]!; t[y * S + xx] = s; }
  for (let y = 0; y < S; y++) for (let xx = 0; xx < S; xx++) { let s = 0; for (let j = -r; j <= r; j++) s += k[j + r]! * t[refl(y + j) * S + xx]!; o[y * S + xx] = s; }
  return o;
}
export const smooth = (lo: number, hi: number, v: number) => { const t = Math.min(1, Math.max(0, (v - lo) / (hi - lo))); return t * t * (3 - 2 * t); };
/** The model's sheen, recomputed: background σ bg, gate σ gs, drop. */
export function sheenOf(it: Item, bg = 8, gs = 2, drop = 0.2): { sheen: Float32Array; dL: Float32Array; gate: Float32Array } {
  const C = new Float32Array(S * S);
  for (let i = 0; i < S * S; i++) C[i] = Math.hypot(it.a[i]!, it.b[i]!);
  const bL = blur(it.L, bg), bC = blur(C, bg);
  const dL = new Float32Array(S * S), dC = new Float32Array(S * S);
  for (let i = 0; i < S * S; i++) { dL[i] = it.L[i]! - bL[i]!; dC[i] = C[i]! - bC[i]!; }
  const sL = blur(dL, gs), sC = blur(dC, gs);
  const gate = new Float32Array(S * S), sheen = new Float32Array(S * S);
  for (let i = 0; i < S * S; i++) {
    const t = Math.min(1, Math.max(0, -sC[i]! / Math.max(sL[i]!, 1) / drop));
    gate[i] = t * t * (3 - 2 * t);
    sheen[i] = Math.max(0, dL[i]!) * gate[i]!;
  }
  return { sheen, dL, gate };
}
export function shareOf(map: Float32Array, mask: Uint8Array, lo = 4, hi = 8, weight?: Float32Array): number {
  let s = 0, n = 0;
  for (let i = 0; i < S * S; i++) if (mask[i]) { const w = weight ? weight[i]! : 1; s += w * smooth(lo, hi, map[i]!); n += w; }
  return (100 * s) / Math.max(n, 1e-9);
}
/** sheenOf with L (and chroma) pre-blurred by σ pre. */
export function sheenPre(it: Item, pre: number): Float32Array {
  if (pre <= 0) return sheenOf(it).sheen;
  return sheenOf({ ...it, L: blur(it.L, pre), a: blur(it.a, pre), b: blur(it.b, pre) }).sheen;
}
