import { CENTRE_GEOMETRY, skinPixels } from './skin/center-regions';
import { REGION_NAMES, type RegionMasks, type RegionName, type RgbImage } from './types';
import { markMasked, wordsOf } from './skin/mask-words';

/**
 * Non-skin patches up to this many pixels (at S = 256) inside skin stay in the regions: lesions, pores and
 * spots are what is measured, and a papule's or a brown spot's core can fall outside the skin colour range.
 * Larger non-skin areas (hair strands, brows, lashes and eyeliner, eyes, nostrils, background) are left out.
 */
export const MAX_SKIN_HOLE_PIXELS = 100;

/**
 * Permissive skin-colour limits: inside the landmark regions the question is not "is this skin or the
 * background" but "is this a dark structure lying on the skin" (hair, lashes, eyeliner, brows). Chromaticity is
 * allowed far from the face's median (pale eye-area skin, mixed light), darkness up to +45 units (2.8× less
 * light than the median skin: deep under-eye shading and dark circles stay, black or brown hair on any skin does
 * not).
 */
export const SKIN_COLOUR = {
  perpendicularTolerance: 1,
  chromaRange: [0.2, 5] as [number, number],
  sheenChromaMin: 0.1,
  densityRange: [-80, 45] as [number, number],
};

/** Regions whose geometry is the face's but whose colour must look like skin first. */
const SEED_REGIONS: RegionName[] = ['left_cheek', 'right_cheek', 'nose', 'forehead'];

/**
 * The landmark regions limited to skin-coloured pixels: the face's own median skin colour in log-chromaticity
 * (skin/center-regions.ts `skinPixels`, relative to the face, not an absolute colour range, so it treats every
 * tone alike) decides what is skin. Hair falling over the forehead or temples, eyeliner wings in the crow's
 * feet and lashes along the under-eye edge would otherwise read as wrinkles, spots or darker under-eyes.
 * Sheen (brighter, whiter skin) counts as skin where the centre-region fallback allows it (forehead, nose,
 * cheeks, chin, T-zone) so oiliness still sees it.
 */
export function skinRegions(crop: RgbImage, regions: RegionMasks): RegionMasks {
  const size = regions.size;
  const n = size * size;
  const seed = new Uint8Array(n);
  for (const name of SEED_REGIONS) markMasked(seed, regions.masks[name]);
  const { mask } = skinPixels(crop, seed, SKIN_COLOUR);
  const skin = withSmallHolesFilled(mask, size, 1);
  const skinOrSheen = withSmallHolesFilled(mask, size, 2);
  const masks = {} as Record<RegionName, Uint8Array>;
  for (const name of REGION_NAMES) {
    const allowed = CENTRE_GEOMETRY[name].allowSheen ? skinOrSheen : skin;
    const region = regions.masks[name];
    const out = new Uint8Array(n);
    const words = wordsOf(region);
    for (let w = 0; w < n; w += 4) {
      if (words && w + 4 <= n && words[w >> 2] === 0) continue;
      for (let i = w, end = Math.min(w + 4, n); i < end; i++) if (region[i] && allowed[i]) out[i] = 1;
    }
    masks[name] = out;
  }
  return { size, masks };
}

/**
 * 1 where `mask` is skin (value 1, or up to `maxValue`), or where a non-skin 4-connected patch of at most
 * MAX_SKIN_HOLE_PIXELS pixels lies.
 *
 * The patches are found as runs: each row's runs of non-skin pixels, joined (union-find) with the runs of the row
 * above that share a column with them, which is 4-connectivity. Most of the crop is one non-skin patch (background,
 * hair, clothes) that a pixel-by-pixel flood fill walked whole twice a scan; a row holds a few runs.
 */
export function withSmallHolesFilled(mask: Uint8Array, size: number, maxValue: number): Uint8Array {
  const n = size * size;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (mask[i]! >= 1 && mask[i]! <= maxValue) out[i] = 1;
  const runs = nonSkinRuns(out, size);
  for (let r = 0; r < runs.count; r++) {
    if (runs.pixels[root(runs.parent, r)]! > MAX_SKIN_HOLE_PIXELS) continue;
    out.fill(1, runs.start[r]!, runs.end[r]!);
  }
  return out;
}

/** Runs of 0 in a size×size mask, row by row, with each run's union-find parent and, at roots, the patch's pixel count. */
interface NonSkinRuns {
  count: number;
  /** Pixel index of the run's first pixel, and one past its last (same row). */
  start: Int32Array;
  end: Int32Array;
  parent: Int32Array;
  pixels: Int32Array;
}

function nonSkinRuns(out: Uint8Array, size: number): NonSkinRuns {
  // A row of `size` pixels holds at most ceil(size / 2) runs.
  const capacity = size * ((size + 1) >> 1);
  const runs: NonSkinRuns = { count: 0, start: new Int32Array(capacity), end: new Int32Array(capacity), parent: new Int32Array(capacity), pixels: new Int32Array(capacity) };
  let above = 0; // first run of the row above
  for (let y = 0; y < size; y++) {
    const rowStart = runs.count;
    addRowRuns(runs, out, y * size, size);
    joinRows(runs, above, rowStart, size);
    above = rowStart;
  }
  // Patch sizes at the roots (a run's pixels are its own length until then).
  for (let r = 0; r < runs.count; r++) {
    const top = root(runs.parent, r);
    if (top !== r) runs.pixels[top] = runs.pixels[top]! + runs.pixels[r]!;
  }
  return runs;
}

/** Appends the runs of 0 in out[offset, offset + size) as their own roots. */
function addRowRuns(runs: NonSkinRuns, out: Uint8Array, offset: number, size: number): void {
  let x = 0;
  while (x < size) {
    if (out[offset + x]) {
      x++;
      continue;
    }
    const from = x;
    while (x < size && !out[offset + x]) x++;
    const r = runs.count++;
    runs.start[r] = offset + from;
    runs.end[r] = offset + x;
    runs.parent[r] = r;
    runs.pixels[r] = x - from;
  }
}

/** Unions each run of the row starting at run `row` with the runs of the row above (from run `above`) sharing a column. */
function joinRows(runs: NonSkinRuns, above: number, row: number, size: number): void {
  let a = above;
  for (let r = row; r < runs.count; r++) {
    const from = runs.start[r]! - size;
    const to = runs.end[r]! - size;
    while (a < row && runs.end[a]! <= from) a++;
    for (let b = a; b < row && runs.start[b]! < to; b++) union(runs.parent, r, b);
  }
}

function root(parent: Int32Array, r: number): number {
  let top = r;
  while (parent[top] !== top) top = parent[top]!;
  // Path compression: later finds along this path take one step.
  while (parent[r] !== top) {
    const next = parent[r]!;
    parent[r] = top;
    r = next;
  }
  return top;
}

function union(parent: Int32Array, a: number, b: number): void {
  const ra = root(parent, a);
  const rb = root(parent, b);
  if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
}
