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
 */
function withSmallHolesFilled(mask: Uint8Array, size: number, maxValue: number): Uint8Array {
  const n = size * size;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (mask[i]! >= 1 && mask[i]! <= maxValue) out[i] = 1;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const patch: number[] = [];
  for (let start = 0; start < n; start++) {
    if (out[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    patch.length = 0;
    while (top > 0) {
      const p = stack[--top]!;
      if (patch.length <= MAX_SKIN_HOLE_PIXELS) patch.push(p);
      const x = p % size;
      if (x > 0 && !out[p - 1] && !seen[p - 1]) ((seen[p - 1] = 1), (stack[top++] = p - 1));
      if (x + 1 < size && !out[p + 1] && !seen[p + 1]) ((seen[p + 1] = 1), (stack[top++] = p + 1));
      if (p >= size && !out[p - size] && !seen[p - size]) ((seen[p - size] = 1), (stack[top++] = p - size));
      if (p + size < n && !out[p + size] && !seen[p + size]) ((seen[p + size] = 1), (stack[top++] = p + size));
    }
    if (patch.length <= MAX_SKIN_HOLE_PIXELS) for (const p of patch) out[p] = 1;
  }
  return out;
}
