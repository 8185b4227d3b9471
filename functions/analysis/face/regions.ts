import { REGION_NAMES, type Point, type RegionMasks, type RegionName } from '../types';
import type { Point3, SquareCrop } from './face-types';
import { MESH } from './mesh-indices';
import { fillPolygon } from './polygon-fill';
import { EXCLUSION_LANDMARKS, REGION_LANDMARKS, type ExclusionName, type RegionVertex } from './region-landmarks';
import { imageToCrop, lineAngle, squareAround } from './square-crop';

/** Region and exclusion polygons in image pixels. */
export interface FaceRegions {
  regions: Record<RegionName, Point[]>;
  exclusions: Record<ExclusionName, Point[]>;
}

export function faceRegions(points: Point3[]): FaceRegions {
  if (points.length < MESH.count) throw new Error(`expected ${MESH.count} landmarks, got ${points.length}`);
  const vertex = (v: RegionVertex): Point => {
    if (typeof v === 'number') return { x: points[v].x, y: points[v].y };
    const [a, b, t] = v;
    return { x: points[a].x + t * (points[b].x - points[a].x), y: points[a].y + t * (points[b].y - points[a].y) };
  };
  const polygon = (vertices: readonly RegionVertex[]) => vertices.map(vertex);
  return {
    regions: Object.fromEntries(REGION_NAMES.map((name) => [name, polygon(REGION_LANDMARKS[name])])) as Record<RegionName, Point[]>,
    exclusions: Object.fromEntries(
      Object.entries(EXCLUSION_LANDMARKS).map(([name, indices]) => [name, polygon(indices)]),
    ) as Record<ExclusionName, Point[]>,
  };
}

/**
 * An eye-levelled square around the face oval, `margin` times its size: the window skin measurements
 * (and the masks below) work in. Sample its pixels with extractSquareCrop(image, crop, size).
 */
export function alignedFaceCrop(points: Point3[], margin = 1.15): SquareCrop {
  const oval = MESH.faceOval.map((i) => points[i]);
  return squareAround(oval, lineAngle(points[MESH.rightEyeOuter], points[MESH.leftEyeOuter]), margin);
}

/** One mask per region over `crop` sampled at size×size, with eyes, brows and lips cleared from all. */
export function rasterizeRegions(regions: FaceRegions, crop: SquareCrop, size: number): RegionMasks {
  const excluded = new Uint8Array(size * size);
  for (const polygon of Object.values(regions.exclusions)) fillPolygon(excluded, size, inCrop(polygon, crop, size), 1);
  // The excluded pixels as a list, cleared from each region (a few thousand, not a pass over size² per region).
  let excludedCount = 0;
  for (let i = 0; i < excluded.length; i++) excludedCount += excluded[i]!;
  const excludedPixels = new Int32Array(excludedCount);
  for (let i = 0, k = 0; k < excludedCount; i++) if (excluded[i]) excludedPixels[k++] = i;
  const masks = {} as Record<RegionName, Uint8Array>;
  for (const name of REGION_NAMES) {
    const mask = new Uint8Array(size * size);
    fillPolygon(mask, size, inCrop(regions.regions[name], crop, size), 1);
    for (let k = 0; k < excludedPixels.length; k++) mask[excludedPixels[k]!] = 0;
    masks[name] = mask;
  }
  return { size, masks };
}

/**
 * A polygon's vertices in crop pixels. A module-level function, not a closure made per call: V8 discarded the
 * optimised rasterizeRegions whenever such a closure inlined into it died (`--trace-deopt`: "weak objects").
 */
function inCrop(polygon: Point[], crop: SquareCrop, size: number): Point[] {
  const out: Point[] = [];
  for (const p of polygon) out.push(imageToCrop(crop, size, p));
  return out;
}
