/**
 * Per-region results: each marker measured again inside one of its regions at a time and calibrated like the
 * whole face. Generic over MARKER_REGIONS: the same reduction (reduceFeatures) runs on region masks where the
 * marker's other measured regions are emptied, so a marker added to features.ts gets its regions here without
 * code of its own. The markers added in skin-v1.5.0 (skin/markers/) blur the face's skin round each pixel, so they are
 * not cut: each is read on the full maps over one region at a time (addedMarkerMeasures). The whole-face result is not
 * touched. docs/markers.md, "Per-region results".
 */
import type { RegionMasks, RegionName } from '../types';
import {
  darkCircleSides,
  FACE,
  glareWeight,
  innerView,
  lineView,
  MEASUREMENT,
  MIN_REGION_PIXELS,
  oilinessPercent,
  reduceFeatures,
  rednessOf,
  sideDifference,
  unionOf,
  viewOf,
  wrinklePartsOf,
  wrinklesPercent,
} from './features';
import { severityFor, type SkinManifest } from './manifest';
import type { MarkerName, MarkerResult } from './markers';
import { addedMarkerMeasures, isAddedMarker, type AddedMarker } from './markers/index';
import { channel, SKIN_OUTPUT_NAMES, SKIN_OUTPUTS, type SkinMaps, type SkinOutputName } from './model-spec';
import { REFERENCE_REGIONS, RESULT_REGION_NAMES, resultRegionsOf, type ResultRegion } from './result-regions';
import { calibrate } from './scoring';
import { markMasked, maskPixels, wordsOf } from './mask-words';

export { RESULT_REGION_NAMES, resultRegionsOf, type ResultRegion } from './result-regions';

export type RegionResults = Partial<Record<MarkerName, Partial<Record<ResultRegion, MarkerResult>>>>;

/** What the whole reductions of a region leave out: only the original markers' values are read from them. */
const PER_REGION = { addedMarkers: false, baseline: false } as const;

/** The outputs those reductions read: not CIELAB (only the baseline reads it, and PER_REGION leaves that out). */
const PER_REGION_OUTPUTS = SKIN_OUTPUT_NAMES.filter((output) => output !== 'lab');

/** Crop margin (pixels) kept round the masks: the spot detectors' neighbourhoods stay whole. */
const CROP_MARGIN = 8;

/**
 * A region is reported only with at least this many skin pixels of the 256 × 256 crop (≈ 0.4 % of it, about a
 * 1.3 cm square on an adult face). Smaller ones (a crow's-feet area of 80–240 px once hair and eyeliner are
 * masked out) moved by 13–20 points between re-encodes of one photo in `npm run eval`; the whole-face result, which
 * pools them with larger regions, does not.
 */
export const MIN_RESULT_REGION_PIXELS = 250;

/**
 * Score and severity per region for each of `markers` that has at least two regions; a region with fewer than
 * MIN_RESULT_REGION_PIXELS of skin, or whose measurement finds too little usable skin (features.ts), is left out.
 * Markers without regions are absent.
 *
 * One reduction per (region, set of reference regions): markers that compare against nothing share it, and a
 * region only markers with OWN_MEASURES are broken down into is measured by those alone. Each
 * reduction runs on the smallest square of the maps that holds its masks (the maps are per-pixel, so cropping
 * them changes no value).
 *
 * @example
 *   regionResults(maps, skinOnly, ['acne'], manifest);
 *   // { acne: { forehead: { score: 100, severity: 'low' }, left_cheek: { score: 87, severity: 'low' }, ... } }
 */
export function regionResults(maps: SkinMaps, regions: RegionMasks, markers: readonly MarkerName[], manifest: SkinManifest): RegionResults {
  const parts = partMasks(regions);
  const out: RegionResults = {};
  const boxes = boxesOf(regions.size, parts);
  // What every isolated part of this call shares: where each region lies, and the planes its maps are copied into.
  const layout: IsolateLayout = { regionBoxes: regionBoxesOf(regions), planeFor: scratchPlane };
  const regionsOf = new Map(markers.map((m) => [m, resultRegionsOf(m)] as const));
  const put = (marker: MarkerName, part: ResultRegion, value: number) => {
    if (!Number.isFinite(value)) return;
    const score = Math.min(100, Math.max(0, Math.round(calibrate(value, manifest.markers[marker].calibration))));
    (out[marker] ??= {})[part] = { score, severity: severityFor(score, manifest) };
  };
  const added = markers.filter((m): m is AddedMarker => isAddedMarker(m) && regionsOf.get(m)!.length > 0);
  if (added.length > 0) {
    // Prepared as for the whole-face measurement (features.ts), which has already prepared them on these maps and
    // masks in a scan, then read per region.
    const measures = addedMarkerMeasures(maps, regions, MEASUREMENT.glare, MIN_REGION_PIXELS);
    for (const marker of added) {
      const over = measures(marker);
      // Their result regions are regions of their own (none is the glabella, which is a part of the T-zone).
      for (const part of regionsOf.get(marker)!) if (boxes[part]) put(marker, part, over([part as RegionName]).value);
    }
  }
  const groups = new Map<string, { references: readonly RegionName[]; markers: MarkerName[] }>();
  for (const marker of markers) {
    if (isAddedMarker(marker) || regionsOf.get(marker)!.length === 0) continue;
    const references = [...(REFERENCE_REGIONS[marker] ?? [])].sort();
    const key = references.join(',');
    const group = groups.get(key) ?? { references, markers: [] };
    group.markers.push(marker);
    groups.set(key, group);
  }
  for (const { references, markers: grouped } of groups.values()) {
    const wanted = new Set(grouped.flatMap((m) => regionsOf.get(m)!));
    const shared = { ...layout, referencePixels: referencePixelsOf(regions, references) };
    for (const part of RESULT_REGION_NAMES) {
      const box = boxes[part];
      if (!wanted.has(part) || !box) continue;
      // A part only markers with measures of their own are broken down into (the glabella: oiliness; the eyes'
      // surroundings: wrinkles; every part of a marker with references) is measured by those alone, each on the
      // outputs and masks it reads; any other by one whole reduction shared by the group's markers.
      const wanting = grouped.filter((m) => regionsOf.get(m)!.includes(part));
      const values: Partial<Record<MarkerName, number>> = {};
      if (wanting.every((m) => OWN_MEASURES[m])) {
        for (const m of wanting) values[m] = OWN_MEASURES[m]!.measure(...isolate(maps, regions, parts[part], box, references, OWN_MEASURES[m], shared));
      } else Object.assign(values, reduceFeatures(...isolate(maps, regions, parts[part], box, references, { outputs: PER_REGION_OUTPUTS }, shared), PER_REGION).values);
      for (const marker of wanting) put(marker, part, values[marker] ?? Number.NaN);
    }
  }
  return out;
}

/**
 * Markers measured on their own: the same functions reduceFeatures calls (features.ts), on the same isolated masks
 * and values, so the result is the one a whole reduction of the isolated maps gives (test/analysis/region-results
 * .test.ts checks this), without measuring every other marker too (for a marker with references, over the reference
 * regions: those reductions cost ≈ 4× a region's; docs/performance.md). A marker without an entry takes the whole
 * reduction.
 */
export const OWN_MEASURES: Partial<Record<MarkerName, OwnMeasure>> = {
  redness: {
    outputs: ['specular', 'chromophores'],
    regions: ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin', 'under_eye_left', 'under_eye_right'],
    measure: (maps, regions) => {
      const glare = glareOf(maps, regions);
      const clean = viewOf(regions, glare);
      return rednessOf(channel(maps, 'chromophores', 'haemoglobin', regions.size), clean, unionOf(clean, FACE), innerView(regions, glare)).excess!;
    },
  },
  oiliness: {
    outputs: ['specular'],
    // The forehead's mask says which T-zone pixels are the forehead's (the rest is the ridge, oilinessPercent).
    regions: ['t_zone', 'forehead'],
    measure: (maps, regions) => oilinessPercent(channel(maps, 'specular', 'sheen', regions.size), viewOf(regions)),
  },
  wrinkles: {
    outputs: ['specular', 'lines'],
    regions: ['forehead', 'crows_feet_left', 'crows_feet_right', 'under_eye_left', 'under_eye_right'],
    measure: (maps, regions) => {
      const lines = channel(maps, 'lines', 'strength', regions.size);
      return wrinklesPercent(wrinklePartsOf(lines, lineView(regions, glareOf(maps, regions), undefined, lines)));
    },
  },
  dark_circles: {
    outputs: ['specular', 'indices'],
    regions: ['under_eye_left', 'under_eye_right', 'left_cheek', 'right_cheek'],
    measure: (maps, regions) => {
      const clean = cleanView(maps, regions);
      return sideDifference(channel(maps, 'indices', 'od', regions.size), clean, darkCircleSides(clean));
    },
  },
};

/** A marker's own measure, with the model outputs and the regions it reads (the others are left empty). */
interface OwnMeasure extends IsolateOnly {
  measure: (maps: SkinMaps, regions: RegionMasks) => number;
}

/** What isolate copies: only these outputs and these regions' masks (every other output and mask empty: length 0). */
export interface IsolateOnly {
  outputs?: readonly SkinOutputName[];
  regions?: readonly RegionName[];
}

/** The regions weighted by glare, as reduceFeatures weighs them for colour and relief measures. */
function cleanView(maps: SkinMaps, regions: RegionMasks) {
  return viewOf(regions, glareOf(maps, regions));
}

function glareOf(maps: SkinMaps, regions: RegionMasks): Float32Array {
  return glareWeight(channel(maps, 'specular', 'strength', regions.size), MEASUREMENT.glare);
}

/** Each result region's skin mask; the glabella is the T-zone's skin that is neither forehead nor nose. */
function partMasks(regions: RegionMasks): Record<ResultRegion, Uint8Array> {
  const { masks } = regions;
  const glabella = new Uint8Array(masks.t_zone.length);
  for (let i = 0; i < glabella.length; i++) glabella[i] = masks.t_zone[i]! && !masks.forehead[i] && !masks.nose[i] ? 1 : 0;
  return { ...(masks as Record<Exclude<ResultRegion, 'glabella'>, Uint8Array>), glabella };
}

export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The bounding box of each part's pixels (undefined when it holds fewer than MIN_RESULT_REGION_PIXELS). */
function boxesOf(size: number, parts: Record<ResultRegion, Uint8Array>): Partial<Record<ResultRegion, PixelBox>> {
  const out: Partial<Record<ResultRegion, PixelBox>> = {};
  const n = size * size;
  for (const [name, mask] of Object.entries(parts) as [ResultRegion, Uint8Array][]) {
    let box: PixelBox | undefined;
    let pixels = 0;
    // Four mask bytes at a time as one 32-bit word, skipped while it is 0 (a part is a few percent of the crop).
    const words = wordsOf(mask);
    for (let w = 0; w < n; w += 4) {
      if (words && w + 4 <= n && words[w >> 2] === 0) continue;
      for (let i = w, end = Math.min(w + 4, n); i < end; i++) {
        if (!mask[i]) continue;
        const y = (i / size) | 0;
        const x = i - y * size;
        pixels++;
        if (!box) box = { x0: x, y0: y, x1: x, y1: y };
        else {
          if (x < box.x0) box.x0 = x;
          if (x > box.x1) box.x1 = x;
          box.y1 = y;
        }
      }
    }
    if (box && pixels >= MIN_RESULT_REGION_PIXELS) out[name] = box;
  }
  return out;
}

/**
 * The maps and masks of one part: the smallest square (plus a margin) round `box`, every region limited to `part`;
 * the reference regions stay whole, their pixels outside that square packed in rows below it. Neither step changes
 * a value: the maps are per-pixel, every measurement is confined to the masks, and references are only read
 * through statistics that do not depend on where a pixel lies (medians, percentiles), while packing them keeps the
 * square small (a cheek and the reference regions it is compared with would span the whole face). `only` limits
 * what is copied to some outputs and some regions (all by default); a measure given such maps must read no other.
 * `shared`: what a caller that isolates several parts of the same regions made once for all of them (IsolateLayout).
 */
export function isolate(
  maps: SkinMaps,
  regions: RegionMasks,
  part: Uint8Array | null,
  box: PixelBox,
  references: readonly RegionName[] = [],
  only: IsolateOnly = {},
  shared: IsolateLayout = {},
): [SkinMaps, RegionMasks] {
  const { referencePixels, regionBoxes, planeFor = freshPlane } = shared;
  const outputs = only.outputs ?? (Object.keys(SKIN_OUTPUTS) as SkinOutputName[]);
  const S = regions.size;
  const inner = Math.min(S, Math.max(box.x1 - box.x0, box.y1 - box.y0) + 1 + 2 * CROP_MARGIN);
  const left = Math.max(0, Math.min(S - inner, Math.round((box.x0 + box.x1 + 1 - inner) / 2)));
  const top = Math.max(0, Math.min(S - inner, Math.round((box.y0 + box.y1 + 1 - inner) / 2)));
  // Reference pixels outside the square, packed row by row below it (in raster order, as the union lists them).
  let packed: Int32Array = new Int32Array(0);
  if (references.length) {
    packed = outsideSquare(referencePixels ?? referencePixelsOf(regions, references), S, left, top, inner);
  }
  let side = inner;
  while (side < inner + Math.ceil(packed.length / side)) side = inner + Math.ceil(packed.length / side);
  const target = packedTargets(packed.length, inner, side);

  // Each pixel loop below is a function of its own: in one function, V8 compiled isolate again for each loop after
  // the one before it deoptimised on code it had no type feedback for (docs/performance.md, "Sixth round").
  const croppedMaps = {} as SkinMaps;
  for (const output of SKIN_OUTPUT_NAMES) if (!outputs.includes(output)) croppedMaps[output] = new Float32Array(0);
  for (const output of outputs) {
    const channels = SKIN_OUTPUTS[output].length;
    const plane = maps[output];
    const out = planeFor(output, channels * side * side);
    for (let c = 0; c < channels; c++) copyPlane(plane, c * S * S, S, out, c * side * side, side, left, top, inner, packed, target);
    croppedMaps[output] = out;
  }
  const masks = {} as Record<RegionName, Uint8Array>;
  const square = { x0: left, y0: top, x1: left + inner - 1, y1: top + inner - 1 };
  for (const [name, mask] of Object.entries(regions.masks) as [RegionName, Uint8Array][]) {
    if (only.regions && !only.regions.includes(name)) {
      masks[name] = new Uint8Array(0);
      continue;
    }
    const out = new Uint8Array(side * side);
    const isReference = references.includes(name);
    const limit = part && !isReference ? part : null;
    // A region with no pixel in the square copies only zeros there.
    const meets = !regionBoxes || overlaps(regionBoxes[name], square);
    if (meets && !limit) copySquare(mask, S, out, side, left, top, inner);
    else if (meets) copySquareWithin(mask, limit!, S, out, side, left, top, inner);
    if (isReference) copyPacked(mask, out, packed, target);
    masks[name] = out;
  }
  return [croppedMaps, { size: side, masks }];
}

/**
 * What isolate may share between parts of the same regions: `referencePixels`, referencePixelsOf(regions,
 * references) (made per call otherwise); `regionBoxes`, regionBoxesOf(regions); `planeFor`, where the maps' planes
 * are copied (fresh ones by default).
 */
export interface IsolateLayout {
  referencePixels?: Int32Array;
  regionBoxes?: Record<RegionName, PixelBox | null>;
  planeFor?: (output: SkinOutputName, length: number) => Float32Array;
}

/**
 * Each region's bounding box (null when empty): isolate copies no mask it already knows holds nothing in a part's
 * square (most of the 13 masks, for a part's few percent of the crop). Masks walked four bytes at a time.
 */
export function regionBoxesOf(regions: RegionMasks): Record<RegionName, PixelBox | null> {
  const out = {} as Record<RegionName, PixelBox | null>;
  for (const [name, mask] of Object.entries(regions.masks) as [RegionName, Uint8Array][]) out[name] = boxOfPixels(maskPixels(mask), regions.size);
  return out;
}

function boxOfPixels(pixels: Uint32Array, size: number): PixelBox | null {
  if (pixels.length === 0) return null;
  let x0 = size;
  let x1 = -1;
  for (let k = 0; k < pixels.length; k++) {
    const x = pixels[k]! % size;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
  }
  return { x0, x1, y0: Math.floor(pixels[0]! / size), y1: Math.floor(pixels[pixels.length - 1]! / size) };
}

function overlaps(a: PixelBox | null, b: PixelBox): boolean {
  return a !== null && a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;
}

/** The pixels of `union` (raster order) outside the `inner` square at (left, top) of an S-wide map, in that order. */
function outsideSquare(union: Int32Array, S: number, left: number, top: number, inner: number): Int32Array {
  const outside = new Int32Array(union.length);
  let n = 0;
  for (let k = 0; k < union.length; k++) {
    const i = union[k]!;
    const y = (i / S) | 0;
    const x = i - y * S;
    if (y >= top && y < top + inner && x >= left && x < left + inner) continue;
    outside[n++] = i;
  }
  return outside.slice(0, n);
}

/** Where the k-th packed pixel goes: row by row below the `inner` square of a `side`-wide map. */
function packedTargets(count: number, inner: number, side: number): Int32Array {
  const target = new Int32Array(count);
  for (let k = 0; k < count; k++) target[k] = (inner + Math.floor(k / side)) * side + (k % side);
  return target;
}

/** One channel of an output: its square, then its packed pixels. */
/** A fresh plane for isolate's maps, all 0: what a caller that keeps the maps gets. */
function freshPlane(_output: SkinOutputName, length: number): Float32Array {
  return new Float32Array(length);
}

/**
 * Per output, one plane reused from call to call (grown to the largest, its first `length` values cleared), for
 * regionResults: each part's maps are measured and dropped before the next part is isolated, all synchronously, so
 * no two isolated parts share a plane. They were ≈ 4.5 MB of typed arrays a 1-MP scan (docs/performance.md,
 * "Eighth round").
 */
const scratchPlanes = new Map<SkinOutputName, Float32Array>();
function scratchPlane(output: SkinOutputName, length: number): Float32Array {
  let plane = scratchPlanes.get(output);
  if (!plane || plane.length < length) {
    plane = new Float32Array(length);
    scratchPlanes.set(output, plane);
  } else plane.fill(0, 0, length);
  return plane.subarray(0, length);
}

function copyPlane(
  plane: Float32Array,
  from: number,
  S: number,
  out: Float32Array,
  to: number,
  side: number,
  left: number,
  top: number,
  inner: number,
  packed: Int32Array,
  target: Int32Array,
): void {
  for (let y = 0; y < inner; y++) {
    const row = from + (top + y) * S + left;
    out.set(plane.subarray(row, row + inner), to + y * side);
  }
  for (let k = 0; k < packed.length; k++) out[to + target[k]!] = plane[from + packed[k]!]!;
}

function copySquare(mask: Uint8Array, S: number, out: Uint8Array, side: number, left: number, top: number, inner: number): void {
  for (let y = 0; y < inner; y++) {
    const row = (top + y) * S + left;
    out.set(mask.subarray(row, row + inner), y * side);
  }
}

/** The square of `mask`, limited to `limit`. */
function copySquareWithin(mask: Uint8Array, limit: Uint8Array, S: number, out: Uint8Array, side: number, left: number, top: number, inner: number): void {
  for (let y = 0; y < inner; y++) {
    const row = (top + y) * S + left;
    for (let x = 0; x < inner; x++) out[y * side + x] = mask[row + x]! & limit[row + x]!;
  }
}

function copyPacked(mask: Uint8Array, out: Uint8Array, packed: Int32Array, target: Int32Array): void {
  for (let k = 0; k < packed.length; k++) out[target[k]!] = mask[packed[k]!]!;
}

/**
 * The pixels of any of the reference regions, in raster order: made once per reference set and scan by
 * regionResults rather than once per isolated part (a scan of the whole crop per part, ≈ half of isolate's time).
 */
function referencePixelsOf(regions: RegionMasks, references: readonly RegionName[]): Int32Array {
  if (references.length === 0) return new Int32Array(0);
  // Their union as one mask, marked and listed four bytes at a time (the regions are a few percent of the crop).
  const union = new Uint8Array(regions.size * regions.size);
  for (const name of references) markMasked(union, regions.masks[name]);
  return Int32Array.from(maskPixels(union));
}
