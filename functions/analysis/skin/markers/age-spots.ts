/**
 * Age spots (solar lentigines): flat brown patches of about 5 mm and more, larger than the small brown spots
 * pigmentation counts. Melanin blurred σ 2 minus its σ 10 surroundings (over skin only); each connected patch
 * above 3 counts by its strength (0 at a peak of 3, 1 at 6) times its size: the area of its core (the pixels at
 * half its peak or more) from 0 at 40 px to 1 at 70 px (a disc of ≈ 7–9 px, 5–6 mm, across). A small brown spot
 * of ≈ 2–3 mm has a core of ≈ 30 px and does not count; patches larger than 1500 px are uneven tone
 * (uniformness), not spots. A patch counts only where skin surrounds it (at least 70 %, fully from 85 %, of
 * its σ 10 surround, averaged over its core): at the hairline, the brows and the face's edge melanin against a
 * one-sided surround reads as a patch.
 *
 * Each maximum of a patch that stands out (its prominence, as pigmentation's spots: docs/analysis.md, Consistency,
 * root cause 7) has a core of its own, and the skin cover is read over that core, each pixel weighted by how far it
 * rises above the core's edge (half the peak). Until skin-v1.13.0 one core grew from the highest pixel near the
 * patch's centroid and its cover was read at that one pixel: a flat patch beside the cheek's outline with two maxima
 * a few tenths apart read a cover of 0.42 when the outer one was the higher and 0.76–0.80 when the inner one was, and
 * chuck_crop's age spots went 100 → 95 at 4:2:0; a re-save that moved the centroid let another maximum seed the
 * core (ri_1: 140 px or 359 px) (root cause 27 found it, root cause 42 changed it).
 *
 * Since skin-v1.15.0 a patch's strength is its peak, at most what luminance confirms there (luminanceCap, 1.75 times
 * luminance's own contrast in melanin units): the patches a re-save's quantised chroma makes count less (sean_guru2 at
 * quality 70: 90 → 86 before, 90 → 88 now; root cause 67). Where the patches are and how large stays melanin's.
 */
import type { RegionName } from '../../types.js';
import { smoothstep, spotPeaks } from '../stats.js';
import { channel, CHROMOPHORE_VECTORS, LINEAR_FLOOR } from '../model-spec.js';
import { SRGB_TO_XYZ } from '../colour.js';
import { denseUnionScratch } from '../weighted-stats.js';
import { reusedArray } from '../reused-array.js';
import { supportOf, type MarkerInputs } from './inputs.js';
import type { SkinBlur } from './blur.js';
import type { MarkerMeasurement } from './measurement.js';

export const AGE_SPOTS = {
  sigma: 2,
  surroundSigma: 10,
  /** Melanin contrast (100·OD) where a patch starts to count; full at `contrast[1]`. */
  contrast: [3, 6] as [number, number],
  /** Core area (px at S = 256, pixels at half the peak or more) where a patch starts to count as an age spot; full at `core[1]`. */
  core: [40, 70] as [number, number],
  maxArea: 1500,
  /** Share of the surround (σ 10) that must be skin for a patch to count, from 0 at the first value to 1 at the second. */
  cover: [0.7, 0.85] as [number, number],
  /** A second maximum of a patch is a patch of its own from this share of its height above the threshold (spotProminence). */
  prominence: [0.5, 0.8] as [number, number],
  /** Local maxima: highest in their (2r+1)² window. */
  peakRadius: 3,
  /**
   * A patch's peak confirmed by luminance (luminanceCap): at most `tolerance` times luminance's contrast in melanin
   * units, luminance less the face's shading blurred at σ `shadingSigma`; k (OD_Y per melanin unit) at least `minK`.
   * Tolerance 1.25 let sean_guru2's quality-85 save move 4 points; 1.5–2 hold it and every painted test (1.75 as
   * FILTER_SCALES.redOverLuminance caps a red spot's haemoglobin by its luminance); σ 5 at 1.5 failed them, 3–5 at 1.75 not.
   */
  luminance: { shadingSigma: 4, tolerance: 1.75, minK: 0.1 },
} as const;

/** Density (×100, base 10) to a natural exponent: 10^(−d/100) = e^(−d · ln 10 / 100), and Math.exp is far cheaper than `**`. */
const DENSITY_TO_LN = Math.LN10 / 100;

/** Not the nose: nostrils and the shadows beside the alae read as melanin patches. */
export const AGE_SPOTS_REGIONS: RegionName[] = ['forehead', 'left_cheek', 'right_cheek', 'chin'];

export interface AgeSpot {
  x: number;
  y: number;
  /** Pixels in the patch's core. */
  area: number;
  peak: number;
  weight: number;
}

/**
 * Age spots in some of its regions (per-region results: one at a time), contrast and skin cover prepared once over
 * the whole face's skin; patches are found inside the regions given.
 */
export function ageSpotsOver(inputs: MarkerInputs): (measured: readonly RegionName[]) => MarkerMeasurement & { spots: AgeSpot[] } {
  const { size } = inputs;
  const A = AGE_SPOTS;
  const { blur } = inputs.skin.glare;
  const melanin = channel(inputs.maps, 'chromophores', 'melanin', size);
  const near = blur.mean(melanin, A.sigma);
  const around = blur.mean(melanin, A.surroundSigma);
  const contrast = new Float32Array(near.length);
  for (let i = 0; i < contrast.length; i++) contrast[i] = near[i]! - around[i]!;
  const cap = luminanceCap(inputs, blur);
  const cover = blur.cover(A.surroundSigma);
  return (measured) => spotsIn(inputs, contrast, cap, cover, measured);
}

/**
 * Per pixel the most melanin contrast luminance confirms: AGE_SPOTS.luminance.tolerance times luminance's own contrast
 * in melanin units, ΔOD′ / k, ΔOD′ the same σ 2 − σ 10 contrast of OD_Y less the face's shading blurred at σ 4, k the
 * OD_Y one unit of melanin adds at the surround's colour (Σ_c Y_c·lin_c·mel_c / Σ_c Y_c·lin_c, as the skin model's
 * `dark_spots.confirmed`, models/build/skin-model.ts). Melanin absorbs across the visible, so a brown patch darkens
 * luminance about as its melanin says; a JPEG's quantised chroma makes melanin patches luminance does not have (root
 * cause 14), and at quality 70 they moved sean_guru2's age spots 90 → 86 (docs/analysis.md, Consistency, root causes
 * 56 and 67). Luminance alone also carries the face's shading, which a σ 10 surround reads as contrast (a patch beside
 * the cheek's shade reads darker, one on a lit cheekbone lighter, by more than its melanin): the shading's coarse part
 * (σ 4, the local skin colour's scale of `red_blobs`) is taken out, its fine part kept. The cap bounds each patch's
 * peak strength only (spotsIn): capping the map the cores are read from cut painted patches' cores below their size
 * threshold (3 spots on one cheek: 100 → 97 against 100 → 92).
 */
function luminanceCap(inputs: MarkerInputs, blur: SkinBlur): Float32Array {
  const { size } = inputs;
  const A = AGE_SPOTS;
  const n = size * size;
  const od = channel(inputs.maps, 'indices', 'od', size);
  const melanin = channel(inputs.maps, 'chromophores', 'melanin', size);
  const haemoglobin = channel(inputs.maps, 'chromophores', 'haemoglobin', size);
  const shading = channel(inputs.maps, 'chromophores', 'shading', size);
  const M = CHROMOPHORE_VECTORS.melanin;
  const H = CHROMOPHORE_VECTORS.haemoglobin;
  const Y = SRGB_TO_XYZ[1];
  // Luminance's share of linear light per pixel (the channels rebuilt from the decomposition, which inverts OD
  // exactly), and the same weighted by melanin's absorbance per channel: k is the ratio of their surround means.
  const light = new Float32Array(n);
  const lightMelanin = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let a = 0;
    let b = 0;
    for (let c = 0; c < 3; c++) {
      const lin = Y[c]! * Math.exp(-(melanin[i]! * M[c]! + haemoglobin[i]! * H[c]! + shading[i]!) * DENSITY_TO_LN);
      a += lin;
      b += lin * M[c]!;
    }
    light[i] = a;
    lightMelanin[i] = b;
  }
  const aroundLight = blur.mean(light, A.surroundSigma);
  const aroundLightMelanin = blur.mean(lightMelanin, A.surroundSigma);
  const coarseShading = blur.mean(shading, A.luminance.shadingSigma);
  const luminance = new Float32Array(n);
  for (let i = 0; i < n; i++) luminance[i] = od[i]! - coarseShading[i]!;
  const near = blur.mean(luminance, A.sigma);
  const around = blur.mean(luminance, A.surroundSigma);
  const cap = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const k = Math.max(aroundLightMelanin[i]! / Math.max(aroundLight[i]!, LINEAR_FLOOR), A.luminance.minK);
    cap[i] = (A.luminance.tolerance * (near[i]! - around[i]!)) / k;
  }
  return cap;
}

function spotsIn(inputs: MarkerInputs, contrast: Float32Array, cap: Float32Array, cover: Float32Array, measured: readonly RegionName[]): MarkerMeasurement & { spots: AgeSpot[] } {
  const { size } = inputs;
  const A = AGE_SPOTS;
  // No weight in the union (its sum 0) is no usable region with a listed pixel (the lists hold weights above 0 only).
  if (!measured.some((name) => inputs.usable.has(name) && inputs.pixels[name].index.length > 0)) return { value: Number.NaN, details: {}, spots: [] };
  // A reused map: read in this call only (the spots keep numbers, not the map).
  const weights = denseUnionScratch(inputs, measured);
  const support = supportOf(weights);
  // Each maximum of a patch above the threshold that stands out; its core (half its peak or more) may reach beyond it.
  const spots: AgeSpot[] = [];
  const seen = coreMarks(size * size);
  for (const peak of spotPeaks(contrast, support, size, A.contrast[0], 1, A.peakRadius, A.prominence, A.maxArea)) {
    const start = peak.peakY * size + peak.peakX;
    const core = corePixels(contrast, cover, support, size, start, peak.peak, seen);
    const weight = peak.weight * smoothstep(A.contrast[0], A.contrast[1], Math.min(peak.peak, cap[start]!)) * smoothstep(A.core[0], A.core[1], core.area) * weights[start]! * smoothstep(A.cover[0], A.cover[1], core.cover);
    if (weight > 0) spots.push({ x: core.x, y: core.y, area: core.area, peak: peak.peak, weight });
  }
  const value = spots.reduce((a, s) => a + s.weight, 0);
  return { value, details: { soft_count: value, patches: spots.length }, spots };
}

/**
 * corePixels' `seen`, reused from call to call (grown to the largest): all 0 between calls, as corePixels clears what
 * it marked. A fresh 256² map was one per scan and one per region of the per-region results.
 */
const coreMarks = reusedArray((n) => new Uint8Array(n));

/**
 * The pixels ≥ half the peak connected to the peak's pixel `start`, and their skin cover weighted by each pixel's
 * height above half the peak (the crown counts most; two near-equal maxima of a flat top count alike). `seen`: all 0,
 * and left so (one per scan of the patches rather than one per patch).
 */
function corePixels(map: Float32Array, cover: Float32Array, support: Uint8Array, size: number, start: number, peak: number, seen: Uint8Array) {
  const half = peak / 2;
  const stack = [start];
  const visited = [start];
  seen[start] = 1;
  let area = 0;
  let sx = 0;
  let sy = 0;
  let coverSum = 0;
  let heightSum = 0;
  while (stack.length) {
    const p = stack.pop()!;
    area++;
    const px = p % size;
    const py = (p - px) / size;
    sx += px;
    sy += py;
    const height = map[p]! - half;
    coverSum += height * cover[p]!;
    heightSum += height;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const x = px + dx;
        const y = py + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const q = y * size + x;
        if (seen[q] || !support[q] || !(map[q]! >= half)) continue;
        seen[q] = 1;
        stack.push(q);
        visited.push(q);
      }
    }
  }
  for (const p of visited) seen[p] = 0;
  return { area, x: sx / area, y: sy / area, cover: heightSum > 0 ? coverSum / heightSum : cover[start]! };
}
