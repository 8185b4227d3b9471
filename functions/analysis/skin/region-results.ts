/**
 * Per-region results: each marker measured again inside one of its regions at a time and calibrated like the
 * whole face. Generic over MARKER_REGIONS: the same reduction (reduceFeatures) runs on region masks where the
 * marker's other measured regions are emptied, so a marker added to features.ts gets its regions here without
 * code of its own. The whole-face result is not touched. docs/markers.md, "Per-region results".
 */
import type { RegionMasks, RegionName } from '../types';
import { reduceFeatures, type SkinMaps } from './features';
import { severityFor, type SkinManifest } from './manifest';
import type { MarkerName, MarkerResult } from './markers';
import { SKIN_OUTPUTS, type SkinOutputName } from './model-spec';
import { REFERENCE_REGIONS, RESULT_REGION_NAMES, resultRegionsOf, type ResultRegion } from './result-regions';
import { calibrate } from './scoring';

export { RESULT_REGION_NAMES, resultRegionsOf, type ResultRegion } from './result-regions';

export type RegionResults = Partial<Record<MarkerName, Partial<Record<ResultRegion, MarkerResult>>>>;

/** Crop margin (pixels) kept round the masks: the spot detectors' neighbourhoods stay whole. */
const CROP_MARGIN = 8;

/**
 * Score and severity per region for each of `markers` that has at least two regions; a region without enough
 * visible skin (features.ts MIN_REGION_PIXELS) is left out. Markers without regions are absent.
 *
 * One reduction per (region, set of reference regions): markers that compare against nothing share it. Each
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
  const groups = new Map<string, { references: readonly RegionName[]; markers: MarkerName[] }>();
  for (const marker of markers) {
    if (resultRegionsOf(marker).length === 0) continue;
    const references = [...(REFERENCE_REGIONS[marker] ?? [])].sort();
    const key = references.join(',');
    const group = groups.get(key) ?? { references, markers: [] };
    group.markers.push(marker);
    groups.set(key, group);
  }
  const boxes = boxesOf(regions, parts);
  for (const { references, markers: grouped } of groups.values()) {
    const wanted = new Set(grouped.flatMap(resultRegionsOf));
    for (const part of RESULT_REGION_NAMES) {
      if (!wanted.has(part) || !boxes[part]) continue;
      const values = reduceFeatures(...isolate(maps, regions, parts[part], references, [boxes[part], ...references.map((r) => boxes[r])])).values;
      for (const marker of grouped) {
        if (!resultRegionsOf(marker).includes(part)) continue;
        const value = values[marker];
        if (!Number.isFinite(value)) continue;
        const score = Math.min(100, Math.max(0, Math.round(calibrate(value, manifest.markers[marker].calibration))));
        (out[marker] ??= {})[part] = { score, severity: severityFor(score, manifest) };
      }
    }
  }
  return out;
}

/** Each result region's skin mask; the glabella is the T-zone's skin that is neither forehead nor nose. */
function partMasks(regions: RegionMasks): Record<ResultRegion, Uint8Array> {
  const { masks } = regions;
  const glabella = new Uint8Array(masks.t_zone.length);
  for (let i = 0; i < glabella.length; i++) glabella[i] = masks.t_zone[i]! && !masks.forehead[i] && !masks.nose[i] ? 1 : 0;
  return { ...(masks as Record<Exclude<ResultRegion, 'glabella'>, Uint8Array>), glabella };
}

interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The bounding box of each region's and part's pixels (undefined when empty). */
function boxesOf(regions: RegionMasks, parts: Record<ResultRegion, Uint8Array>): Partial<Record<RegionName | ResultRegion, PixelBox>> {
  const S = regions.size;
  const out: Partial<Record<RegionName | ResultRegion, PixelBox>> = {};
  for (const [name, mask] of [...Object.entries(regions.masks), ['glabella', parts.glabella]] as [RegionName | ResultRegion, Uint8Array][]) {
    let box: PixelBox | undefined;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const x = i % S;
      const y = (i - x) / S;
      if (!box) box = { x0: x, y0: y, x1: x, y1: y };
      else {
        if (x < box.x0) box.x0 = x;
        if (x > box.x1) box.x1 = x;
        if (y > box.y1) box.y1 = y;
      }
    }
    if (box) out[name] = box;
  }
  return out;
}

/**
 * The maps and masks cut to the smallest square (plus a margin) holding `boxes`, every region limited to `part`
 * except the reference regions, which stay whole. Cropping changes no value: the maps are per-pixel and every
 * measurement is confined to the masks.
 */
export function isolate(
  maps: SkinMaps,
  regions: RegionMasks,
  part: Uint8Array | null,
  references: readonly RegionName[],
  boxes: readonly (PixelBox | undefined)[],
): [SkinMaps, RegionMasks] {
  const S = regions.size;
  const present = boxes.filter((b): b is PixelBox => b !== undefined);
  const x0 = Math.min(...present.map((b) => b.x0));
  const y0 = Math.min(...present.map((b) => b.y0));
  const x1 = Math.max(...present.map((b) => b.x1));
  const y1 = Math.max(...present.map((b) => b.y1));
  const side = Math.min(S, Math.max(x1 - x0, y1 - y0) + 1 + 2 * CROP_MARGIN);
  const left = Math.max(0, Math.min(S - side, Math.round((x0 + x1 + 1 - side) / 2)));
  const top = Math.max(0, Math.min(S - side, Math.round((y0 + y1 + 1 - side) / 2)));
  const cut = (plane: ArrayLike<number>, offset: number, into: Float32Array | Uint8Array, limit?: Uint8Array) => {
    for (let y = 0; y < side; y++) {
      const row = (top + y) * S + left;
      for (let x = 0; x < side; x++) into[y * side + x] = limit && !limit[row + x] ? 0 : plane[offset + row + x]!;
    }
  };
  const croppedMaps = {} as SkinMaps;
  for (const output of Object.keys(SKIN_OUTPUTS) as SkinOutputName[]) {
    const channels = SKIN_OUTPUTS[output].length;
    const out = new Float32Array(channels * side * side);
    for (let c = 0; c < channels; c++) cut(maps[output], c * S * S, out.subarray(c * side * side));
    croppedMaps[output] = out;
  }
  const masks = {} as Record<RegionName, Uint8Array>;
  for (const [name, mask] of Object.entries(regions.masks) as [RegionName, Uint8Array][]) {
    const out = new Uint8Array(side * side);
    cut(mask, 0, out, part && !references.includes(name) ? part : undefined);
    masks[name] = out;
  }
  return [croppedMaps, { size: side, masks }];
}
