import { regionBit, type CropSpot, type OverlaySource } from '../overlays/overlay-source';
import type { SquareCrop } from './face/face-types';
import { ramp } from './skin/evidence-ramp';
import { markMasked, wordsOf } from './skin/mask-words';
import { kthSmallest } from './skin/stats';
import { channel, type SkinMaps } from './skin/model-spec';
import { MARKER_REGIONS, MEASUREMENT as M, type SkinFeatures } from './skin/features';
import type { MarkerName, MarkerResult } from './skin/markers';
import { addedMarkerEvidence } from './skin/markers/evidence';
import { REGION_NAMES, type RegionMasks, type RegionName, type RgbImage } from './types';

export interface OverlayInputs {
  photo: { width: number; height: number };
  window: SquareCrop;
  crop: RgbImage;
  /** The skin-only region masks the markers were measured in. */
  regions: RegionMasks;
  maps: SkinMaps;
  features: SkinFeatures;
  results: Partial<Record<MarkerName, MarkerResult>>;
  markers: readonly MarkerName[];
}

/**
 * What the overlays of a scan need, taken from an analysis that already ran (nothing here changes a score).
 * Evidence is the map each marker's value is read from, scaled by the thresholds the value uses
 * (docs/markers.md): 0 below where a pixel starts to count, 255 where it counts fully.
 */
export function overlaySourceOf(inputs: OverlayInputs): OverlaySource {
  const { crop, regions, maps, features } = inputs;
  const size = regions.size;
  const n = size * size;
  const regionBits = new Uint16Array(n);
  for (const region of REGION_NAMES) setRegionBit(regionBits, regions.masks[region], regionBit(region));
  const markers: OverlaySource['markers'] = {};
  // Markers over the same regions share one union mask (the evidence functions only read it).
  const unions = new Map<number, Uint8Array>();
  for (const marker of inputs.markers) {
    const result = inputs.results[marker];
    if (!result) continue;
    let bits = 0;
    for (const region of MARKER_REGIONS[marker]) bits |= regionBit(region);
    let inside = unions.get(bits);
    if (!inside) {
      inside = unionOf(regions, MARKER_REGIONS[marker]);
      unions.set(bits, inside);
    }
    markers[marker] = { severity: result.severity, score: result.score, regionBits: bits, evidence: evidenceOf(marker, maps, features, regionBits, inside, size) };
  }
  const spots: CropSpot[] = [];
  for (const marker of ['acne', 'pigmentation'] as const) {
    if (!inputs.markers.includes(marker)) continue;
    for (const blob of features.spots[marker]) spots.push({ marker, x: blob.x, y: blob.y, radius: Math.sqrt(blob.area / Math.PI) });
  }
  return {
    photo: inputs.photo,
    window: { center: { ...inputs.window.center }, side: inputs.window.side, angle: inputs.window.angle },
    size,
    crop: new Uint8Array(crop.data),
    regions: regionBits,
    markers,
    spots,
  };
}

/**
 * Sets `bit` in regionBits wherever the mask is not 0, skipping the mask's 32-bit words that are 0: a region is a few
 * percent of the crop, so this reads a fraction of the bytes a per-pixel pass over each of the 14 masks did.
 */
function setRegionBit(regionBits: Uint16Array, mask: Uint8Array, bit: number): void {
  const n = mask.length;
  const words = wordsOf(mask);
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) if (mask[i]) regionBits[i]! |= bit;
  }
}

/** 1 where any of the regions' masks is set: the pixels whose region bits meet the marker's, read as mask words. */
function unionOf(regions: RegionMasks, names: readonly RegionName[]): Uint8Array {
  const union = new Uint8Array(regions.size * regions.size);
  for (const name of names) markMasked(union, regions.masks[name]);
  return union;
}

function evidenceOf(marker: MarkerName, maps: SkinMaps, features: SkinFeatures, regionBits: Uint16Array, inside: Uint8Array, size: number): Uint8Array {
  // channel(...) called directly, no per-call closure: a closure made here was inlined into the optimised code of
  // this function, which V8 then discarded once the closure died (`--trace-deopt`: "weak objects"), about once a scan.
  switch (marker) {
    case 'acne':
      return ramp(channel(maps, 'red_blobs', 'contrast', size), inside, M.acneContrast, 2 * M.acneContrast);
    case 'pigmentation':
      return ramp(channel(maps, 'dark_spots', 'contrast', size), inside, M.spotContrast, 2 * M.spotContrast);
    case 'hydration':
      return strongest(
        ramp(features.finestRelief.fineLines, inside, M.fineLine, 2 * M.fineLine),
        ramp(features.finestRelief.flakes, inside, M.flake, 2 * M.flake),
      );
    case 'redness': {
      // Haemoglobin above the face's own reference skin (features.details.redness.reference), as the score reads it.
      const reference = features.details.redness?.reference ?? 0;
      return ramp(channel(maps, 'chromophores', 'haemoglobin', size), inside, reference + M.rednessMargin, reference + M.rednessMargin + 4);
    }
    case 'wrinkles':
      return ramp(channel(maps, 'lines', 'strength', size), inside, M.lineStrength, 2 * M.lineStrength);
    case 'pores':
      return ramp(features.finestRelief.pores, inside, M.poreStrength, 2 * M.poreStrength);
    case 'oiliness':
      return ramp(channel(maps, 'specular', 'sheen', size), inside, M.sheen[0], M.sheen[1]);
    case 'dark_circles': {
      // Under-eye skin darker (optical density) than the cheek skin it is compared with; full at the darkest 2 %.
      const od = channel(maps, 'indices', 'od', size);
      const cheeks = regionBit('left_cheek') | regionBit('right_cheek');
      const eyes = regionBit('under_eye_left') | regionBit('under_eye_right');
      // Both sets lie inside the marker's regions (under-eyes and cheeks): read over inside's nonzero mask words.
      const cheekMedian = percentile(od, regionBits, inside, cheeks, 50);
      const top = percentile(od, regionBits, inside, eyes, 98);
      const underEyes = new Uint8Array(inside.length);
      markBits(underEyes, regionBits, inside, eyes);
      return Number.isFinite(cheekMedian) && top > cheekMedian ? ramp(od, underEyes, cheekMedian, top) : new Uint8Array(inside.length);
    }
    case 'texture': {
      // Roughness above the face's median (the texture value itself), full at twice it: the map the value is the
      // median of (skin/texture.ts, measured over the texture regions' skin less glare), as the reduction left it.
      const median = features.values.texture;
      return Number.isFinite(median) && median > 0 ? ramp(features.textureRoughness, inside, median, 2 * median) : new Uint8Array(inside.length);
    }
    default:
      // The markers added in skin-v1.3.0 (skin/markers/).
      return addedMarkerEvidence(marker, maps, inside, size);
  }
}

function strongest(a: Uint8Array, b: Uint8Array): Uint8Array {
  for (let i = 0; i < a.length; i++) if (b[i]! > a[i]!) a[i] = b[i]!;
  return a;
}

/** 1 where a pixel's region bits meet `bits`, for pixels of `inside` (a superset of them); zero words skipped. */
function markBits(out: Uint8Array, regionBits: Uint16Array, inside: Uint8Array, bits: number): void {
  const n = inside.length;
  const words = wordsOf(inside);
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) if (regionBits[i]! & bits) out[i] = 1;
  }
}

/** How many pixels of `inside` (a superset of those whose region bits meet `bits`) meet `bits`. */
function countBits(regionBits: Uint16Array, inside: Uint8Array, bits: number): number {
  const n = inside.length;
  const words = wordsOf(inside);
  let count = 0;
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) if (regionBits[i]! & bits) count++;
  }
  return count;
}

/** The map's values where the region bits meet `bits` into `values`, in pixel order; whether any is NaN. */
function gatherBits(values: Float32Array, map: Float32Array, regionBits: Uint16Array, inside: Uint8Array, bits: number): boolean {
  const n = inside.length;
  const words = wordsOf(inside);
  let k = 0;
  let nan = false;
  for (let w = 0; w < n; w += 4) {
    if (words && w + 4 <= n && words[w >> 2] === 0) continue;
    for (let i = w, end = Math.min(w + 4, n); i < end; i++) {
      if (!(regionBits[i]! & bits)) continue;
      values[k++] = map[i]!;
      if (Number.isNaN(map[i]!)) nan = true;
    }
  }
  return nan;
}

/** The p-th percentile of the map where the region bits meet `bits` (pixels all inside `inside`), NaN where none. */
function percentile(map: Float32Array, regionBits: Uint16Array, inside: Uint8Array, bits: number, p: number): number {
  const count = countBits(regionBits, inside, bits);
  if (count === 0) return Number.NaN;
  const values = new Float32Array(count);
  const nan = gatherBits(values, map, regionBits, inside, bits);
  const rank = Math.min(count - 1, Math.floor((p / 100) * count));
  // The value at `rank` of the typed array's numeric sort, found by selection (linear time). Only a −0 and a 0 may
  // trade places, which no ramp tells apart; with a NaN among them the sort itself (it puts NaN last).
  return nan ? values.sort()[rank]! : kthSmallest(values, rank);
}
