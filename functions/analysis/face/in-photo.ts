import type { RegionMasks } from '../types';
import type { SquareCrop } from './face-types';
import { fillPolygon } from './polygon-fill';
import { cropToImage, imageToCrop } from './square-crop';

/** Whether every pixel of the crop comes from inside the photo (its four corners do): the usual case, no masks needed. */
export function cropInPhoto(crop: SquareCrop, size: number, width: number, height: number): boolean {
  return [
    { x: 0, y: 0 },
    { x: size, y: 0 },
    { x: size, y: size },
    { x: 0, y: size },
  ].every((corner) => {
    const p = cropToImage(crop, size, corner);
    return p.x >= 0.5 && p.x <= width - 0.5 && p.y >= 0.5 && p.y <= height - 0.5;
  });
}

/**
 * Which pixels of a crop sampled from `crop` at size×size come from inside a width×height photo (1) and which
 * lie past its edges (0), where the sampler repeats the edge row or column: made-up skin with no texture, pores
 * or lines in it. The photo's rectangle, shrunk by half a photo pixel, mapped into the crop and filled.
 */
export function photoCoverage(crop: SquareCrop, size: number, width: number, height: number): Uint8Array {
  const inside = new Uint8Array(size * size);
  const m = 0.5;
  const corners = [
    { x: m, y: m },
    { x: width - m, y: m },
    { x: width - m, y: height - m },
    { x: m, y: height - m },
  ].map((p) => imageToCrop(crop, size, p));
  fillPolygon(inside, size, corners, 1);
  return inside;
}

/** The share of the regions' union (the face's measured skin) whose pixels come from inside the photo, 0..1. */
export function shareInPhoto(regions: RegionMasks, inside: Uint8Array): number {
  const masks = Object.values(regions.masks);
  let face = 0;
  let kept = 0;
  for (let i = 0; i < inside.length; i++) {
    let any = 0;
    for (const mask of masks) any |= mask[i]!;
    face += any;
    kept += any & inside[i]!;
  }
  return face === 0 ? 0 : kept / face;
}

/** The regions with every pixel from past the photo's edges cleared (the masks are changed in place). */
export function keepInPhoto(regions: RegionMasks, inside: Uint8Array): RegionMasks {
  for (const mask of Object.values(regions.masks)) for (let i = 0; i < mask.length; i++) mask[i] = mask[i]! & inside[i]!;
  return regions;
}
