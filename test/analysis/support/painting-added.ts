/**
 * Ground truth by construction for the markers added in skin-v1.5.0 (skin/markers/): features painted onto a real
 * face photo at places taken from the face's own landmarks, the same way as support/painting.ts (shapes laid out
 * in the aligned 256-px crop frame, mapped onto the photo, painted with the physical painters of
 * test/support/synthetic-skin.ts).
 */
import * as paint from '../../support/synthetic-skin';
import type { RegionName, RgbImage } from '../../../functions/analysis/types';
import { spread, toPhotoWeights, type PaintableFace } from './painting';

const S = 256;

/** A crease shadow under a puffy lower lid: neutral, with a little blood, like the lid–cheek groove. */
export const CREASE_DENSITY: paint.Density = [0.14, 0.16, 0.15];
/** An age spot (solar lentigo): melanin, paler than a small dark brown spot. */
export const AGE_SPOT_DENSITY: paint.Density = [0.1, 0.15, 0.25];
/** A blackhead: an oxidised plug, nearly black. */
export const BLACKHEAD_DENSITY: paint.Density = [0.5, 0.55, 0.6];
/** Uneven tone: faint brown and faint red blotches, alternately. */
export const BLOTCH_DENSITIES: paint.Density[] = [
  [0.05, 0.07, 0.12],
  [0.02, 0.13, 0.085],
];

/**
 * The shadowed crease under each lower-lid bag: a soft dark arc (Gaussian cross-profile σ 3.5 crop px, ≈ 5 mm: a soft shadow, not a line) along the
 * lower edge of each under-eye band (of `sides`: both by default), over its inner 80 %, `level` × CREASE_DENSITY.
 */
export function eyeBagCreases(face: PaintableFace, level: number, sides: readonly RegionName[] = ['under_eye_left', 'under_eye_right']): RgbImage {
  if (level === 0) return face.photo;
  const lines: [number, number][][] = [];
  for (const name of sides) {
    const mask = face.regions.masks[name];
    const bottoms: [number, number][] = [];
    for (let x = 0; x < S; x++) {
      let bottom = -1;
      for (let y = 0; y < S; y++) if (mask[y * S + x]) bottom = y;
      if (bottom >= 0) bottoms.push([x, bottom + 3]);
    }
    if (bottoms.length < 10) continue;
    const cut = Math.round(bottoms.length * 0.1);
    // Every fourth column: a smooth polyline along the band's lower edge.
    lines.push(bottoms.slice(cut, bottoms.length - cut).filter((_, k) => k % 4 === 0));
  }
  const w = paint.polylines(S, lines, 3.5);
  const density = CREASE_DENSITY.map((d) => d * level) as paint.Density;
  return paint.applyDensity(face.photo, toPhotoWeights(face, w), density);
}

const TONE_REGIONS: RegionName[] = ['forehead', 'left_cheek', 'right_cheek', 'chin'];

/** `n` diffuse blotches (radius 9 crop px, soft edge 6 px, ≈ 1 cm), alternately brown and red, spread over forehead, cheeks and chin. */
export function blotches(face: PaintableFace, n: number, seed = 3): RgbImage {
  if (n === 0) return face.photo;
  const places = spread(face, TONE_REGIONS, 12, seed, 20).slice(0, n);
  let photo = face.photo;
  for (const [k, density] of BLOTCH_DENSITIES.entries()) {
    const mine = places.filter((_, i) => i % BLOTCH_DENSITIES.length === k);
    if (mine.length === 0) continue;
    const w = paint.discs(S, mine.map((p) => ({ ...p, radius: 9 })), 6);
    photo = paint.applyDensity(photo, toPhotoWeights(face, w), density);
  }
  return photo;
}

/**
 * `n` soft glows on the cheekbones (radius 7 crop px, soft edge 4 px), white light of linear intensity 0.12 each,
 * alternately on the right and the left cheek (each cheek's brightest tenth is read).
 */
export function glow(face: PaintableFace, n: number, seed = 9): RgbImage {
  if (n === 0) return face.photo;
  const perCheek = Math.ceil(n / 2);
  const right = spread(face, ['right_cheek'], perCheek, seed, 16);
  const left = spread(face, ['left_cheek'], perCheek, seed + 1, 16);
  const places = Array.from({ length: n }, (_, k) => (k % 2 === 0 ? right : left)[k >> 1]!);
  const w = paint.discs(S, places.map((p) => ({ ...p, radius: 7 })), 4);
  return paint.applySheen(face.photo, toPhotoWeights(face, w), 0.12);
}

/** `n` age spots (radius 5.5 crop px ≈ 7 mm across), AGE_SPOT_DENSITY, spread over forehead, cheeks and chin. */
export function ageSpots(face: PaintableFace, n: number, seed = 13): RgbImage {
  if (n === 0) return face.photo;
  const places = spread(face, TONE_REGIONS, 12, seed, 20).slice(0, n);
  const w = paint.discs(S, places.map((p) => ({ ...p, radius: 5.5 })), 1.5);
  return paint.applyDensity(face.photo, toPhotoWeights(face, w), AGE_SPOT_DENSITY);
}

/** `n` blackheads (radius 1.1 crop px ≈ 1.5 mm across), BLACKHEAD_DENSITY, spread over the nose and chin. */
export function blackheads(face: PaintableFace, n: number, seed = 17): RgbImage {
  if (n === 0) return face.photo;
  const places = spread(face, ['nose', 'chin'], 24, seed, 6).slice(0, n);
  const w = paint.discs(S, places.map((p) => ({ ...p, radius: 1.1 })), 0.5);
  return paint.applyDensity(face.photo, toPhotoWeights(face, w), BLACKHEAD_DENSITY);
}
