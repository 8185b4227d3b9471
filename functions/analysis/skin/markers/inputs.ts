/**
 * What the markers added in skin-v1.5.0 (eye bags, uniformness, radiance, age spots, blackheads) read: the skin
 * model's maps, the skin-only region masks and the glare weight every colour and relief measure uses
 * (features.ts, MEASUREMENT.glare). Each marker's measurement lives in its own file beside this one.
 */
import { REGION_NAMES, type RegionMasks, type RegionName } from '../../types.js';
import { channel, type SkinOutputName } from '../model-spec.js';
import { smoothstep } from '../stats.js';
import { totalWeight, type Weighted } from '../weighted-stats.js';
import { blurOver, type SkinBlur } from './blur.js';
import { wordsOf } from '../mask-words.js';

export interface MarkerInputs {
  size: number;
  /** The skin model's outputs, each float32 [channels · S · S] in SKIN_OUTPUTS order. */
  maps: Record<SkinOutputName, Float32Array>;
  regions: RegionMasks;
  /** Per pixel 1 − smoothstep(glare) of the specular map: how much of the skin under it can be seen. */
  glare: Float32Array;
  /** Per region, mask × glare as weighted pixels, and the regions whose summed weight is enough to measure. */
  pixels: Record<RegionName, Weighted>;
  usable: Set<RegionName>;
  /** The same regions with every mask pixel at weight 1, for measures of light itself (glare is what they read). */
  plain: Record<RegionName, Weighted>;
  /**
   * Every region's skin, usable or not: the support the markers' blurs average over, weighted by glare
   * (`glare`) or not (`plain`: measures of light itself), with its blurs (the blurred weight at each σ summed once
   * for all markers).
   */
  skin: Record<'glare' | 'plain', { weight: Float32Array; blur: SkinBlur }>;
}

export function inputsOf(maps: Record<SkinOutputName, Float32Array>, regions: RegionMasks, glareRange: readonly [number, number], minRegionWeight: number): MarkerInputs {
  const size = regions.size;
  const n = size * size;
  const specular = channel(maps, 'specular', 'strength', size);
  // Each pixel loop is a function of its own: in one function V8 compiled inputsOf again for each loop after the
  // one before it deoptimised (docs/performance.md, "Sixth round").
  const glare = new Float32Array(n);
  glareInto(glare, specular, glareRange[0], glareRange[1]);
  const pixels = {} as Record<RegionName, Weighted>;
  const plain = {} as Record<RegionName, Weighted>;
  const usable = new Set<RegionName>();
  // One walk of each mask: its pixels with weight glare (kept where above 0) and with the mask's own value.
  const anyRegion = new Uint8Array(n);
  const index = new Uint32Array(n);
  const plainIndex = new Uint32Array(n);
  const counts = new Int32Array(2);
  for (const name of REGION_NAMES) {
    const mask = regions.masks[name];
    listMask(mask, glare, n, anyRegion, index, plainIndex, counts);
    const k = counts[0]!;
    const m = counts[1]!;
    const weight = new Float32Array(k);
    gather(weight, glare, index, k);
    pixels[name] = { index: index.slice(0, k), weight };
    const plainWeight = new Float32Array(m);
    gatherBytes(plainWeight, mask, plainIndex, m);
    plain[name] = { index: plainIndex.slice(0, m), weight: plainWeight };
    if (totalWeight(pixels[name]) >= minRegionWeight) usable.add(name);
  }
  // The largest weight of any region at each pixel: glare wherever a region is (and it is above 0), or 1.
  const glareSkin = new Float32Array(n);
  const plainSkin = new Float32Array(n);
  skinWeightsInto(glareSkin, plainSkin, anyRegion, glare);
  const skin = {
    glare: { weight: glareSkin, blur: blurOver(glareSkin, size) },
    plain: { weight: plainSkin, blur: blurOver(plainSkin, size) },
  };
  return { size, maps, regions, glare, pixels, usable, plain, skin };
}

function glareInto(glare: Float32Array, specular: Float32Array, from: number, to: number): void {
  for (let i = 0; i < glare.length; i++) glare[i] = 1 - smoothstep(from, to, specular[i]!);
}

/**
 * One walk of a mask: marks its pixels in `anyRegion`, lists them in `plainIndex` and those with glare above 0 in
 * `index`; `counts` gets how many of each ([index, plainIndex]). A region is a few percent of the crop: four mask
 * bytes at a time as one 32-bit word, skipped while it is 0 (the same pixels in the same order).
 */
function listMask(mask: Uint8Array, glare: Float32Array, n: number, anyRegion: Uint8Array, index: Uint32Array, plainIndex: Uint32Array, counts: Int32Array): void {
  const words = wordsOf(mask);
  let k = 0;
  let m = 0;
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) {
      if (!mask[i]) continue;
      anyRegion[i] = 1;
      plainIndex[m++] = i;
      if (glare[i]! > 0) index[k++] = i;
    }
  }
  counts[0] = k;
  counts[1] = m;
}

function gather(out: Float32Array, from: Float32Array, index: Uint32Array, count: number): void {
  for (let j = 0; j < count; j++) out[j] = from[index[j]!]!;
}

function gatherBytes(out: Float32Array, from: Uint8Array, index: Uint32Array, count: number): void {
  for (let j = 0; j < count; j++) out[j] = from[index[j]!]!;
}

function skinWeightsInto(glareSkin: Float32Array, plainSkin: Float32Array, anyRegion: Uint8Array, glare: Float32Array): void {
  for (let i = 0; i < anyRegion.length; i++) {
    if (!anyRegion[i]) continue;
    plainSkin[i] = 1;
    if (glare[i]! > 0) glareSkin[i] = glare[i]!;
  }
}

/** 1 where a weight is above 0. A loop: Uint8Array.from with a mapping function took ≈ 4 ms on a 256² map. */
export function supportOf(weights: Float32Array): Uint8Array {
  const out = new Uint8Array(weights.length);
  for (let i = 0; i < weights.length; i++) if (weights[i]! > 0) out[i] = 1;
  return out;
}

/**
 * Mean of a per-region statistic over the usable regions among `names`, weighted by each region's summed weight
 * (glare-weighted pixels, or `plain` ones); regions where the statistic is not finite are left out.
 */
export function pooledOver(inputs: MarkerInputs, names: readonly RegionName[], stat: (pixels: Weighted) => number, plain = false): number {
  let s = 0;
  let w = 0;
  for (const name of names) {
    if (!inputs.usable.has(name)) continue;
    const pixels = plain ? inputs.plain[name] : inputs.pixels[name];
    const t = totalWeight(pixels);
    const v = stat(pixels);
    if (!Number.isFinite(v)) continue;
    s += v * t;
    w += t;
  }
  return w === 0 ? Number.NaN : s / w;
}
