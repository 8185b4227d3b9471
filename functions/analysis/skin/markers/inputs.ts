/**
 * What the markers added in skin-v1.5.0 (eye bags, uniformness, radiance, age spots, blackheads) read: the skin
 * model's maps, the skin-only region masks and the glare weight every colour and relief measure uses
 * (features.ts, MEASUREMENT.glare). Each marker's measurement lives in its own file beside this one.
 */
import { REGION_NAMES, type RegionMasks, type RegionName } from '../../types.js';
import { SKIN_OUTPUTS, type SkinOutputName } from '../model-spec.js';
import { smoothstep } from '../stats.js';
import { totalWeight, weightedPixels, type Weighted } from '../weighted-stats.js';

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
}

export function inputsOf(maps: Record<SkinOutputName, Float32Array>, regions: RegionMasks, glareRange: readonly [number, number], minRegionWeight: number): MarkerInputs {
  const size = regions.size;
  const specular = channelOf(maps, 'specular', 'strength', size);
  const glare = new Float32Array(size * size);
  for (let i = 0; i < glare.length; i++) glare[i] = 1 - smoothstep(glareRange[0], glareRange[1], specular[i]!);
  const pixels = {} as Record<RegionName, Weighted>;
  const plain = {} as Record<RegionName, Weighted>;
  const usable = new Set<RegionName>();
  for (const name of REGION_NAMES) {
    const mask = regions.masks[name];
    const dense = new Float32Array(size * size);
    for (let i = 0; i < dense.length; i++) if (mask[i]) dense[i] = glare[i]!;
    pixels[name] = weightedPixels(dense);
    plain[name] = weightedPixels(Float32Array.from(mask));
    if (totalWeight(pixels[name]) >= minRegionWeight) usable.add(name);
  }
  return { size, maps, regions, glare, pixels, usable, plain };
}

export function channelOf(maps: Record<SkinOutputName, Float32Array>, output: SkinOutputName, name: string, size: number): Float32Array {
  const index = (SKIN_OUTPUTS[output] as readonly string[]).indexOf(name);
  if (index < 0) throw new Error(`Unknown channel ${name} of ${output}`);
  const n = size * size;
  return maps[output].subarray(index * n, (index + 1) * n);
}

/** The usable regions among `names` as one dense weight map (mask × glare; overlapping regions count once). */
export function denseWeights(inputs: MarkerInputs, names: readonly RegionName[]): Float32Array {
  const out = new Float32Array(inputs.size * inputs.size);
  for (const name of names) {
    if (!inputs.usable.has(name)) continue;
    const { index, weight } = inputs.pixels[name];
    for (let k = 0; k < index.length; k++) if (weight[k]! > out[index[k]!]!) out[index[k]!] = weight[k]!;
  }
  return out;
}

/** 1 where a weight is above 0. A loop: Uint8Array.from with a mapping function took ≈ 4 ms on a 256² map. */
export function supportOf(weights: Float32Array): Uint8Array {
  const out = new Uint8Array(weights.length);
  for (let i = 0; i < weights.length; i++) if (weights[i]! > 0) out[i] = 1;
  return out;
}

/**
 * Every region's skin, usable or not: the support the markers' blurs average over. Weighted by glare unless
 * `plain` (measures of light itself).
 */
export function faceSkin(inputs: MarkerInputs, plain = false): Float32Array {
  const out = new Float32Array(inputs.size * inputs.size);
  for (const name of REGION_NAMES) {
    const mask = inputs.regions.masks[name];
    for (let i = 0; i < out.length; i++) {
      const w = plain ? 1 : inputs.glare[i]!;
      if (mask[i] && w > out[i]!) out[i] = w;
    }
  }
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
