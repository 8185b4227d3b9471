import type { Point } from '../types';
import type { SquareCrop } from './face-types';

/** Crop coordinates (0..size, as sampled at `size` pixels) → image pixels. */
export function cropToImage(crop: SquareCrop, size: number, p: Point): Point {
  const scale = crop.side / size;
  const dx = (p.x - size / 2) * scale;
  const dy = (p.y - size / 2) * scale;
  const c = Math.cos(crop.angle);
  const s = Math.sin(crop.angle);
  return { x: crop.center.x + c * dx - s * dy, y: crop.center.y + s * dx + c * dy };
}

/** Image pixels → crop coordinates at `size` pixels. */
export function imageToCrop(crop: SquareCrop, size: number, p: Point): Point {
  const scale = size / crop.side;
  const dx = p.x - crop.center.x;
  const dy = p.y - crop.center.y;
  const c = Math.cos(crop.angle);
  const s = Math.sin(crop.angle);
  return { x: (c * dx + s * dy) * scale + size / 2, y: (-s * dx + c * dy) * scale + size / 2 };
}

/**
 * The square around `points` in a frame turned by `angle`, grown by `scale` (MediaPipe's ROI rule:
 * bounding rect in the rotated frame, long side, ×1.5 for the mesh model).
 */
export function squareAround(points: Point[], angle: number, scale: number): SquareCrop {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity; // prettier-ignore
  for (const p of points) {
    const u = c * p.x + s * p.y;
    const v = -s * p.x + c * p.y;
    minU = Math.min(minU, u);
    maxU = Math.max(maxU, u);
    minV = Math.min(minV, v);
    maxV = Math.max(maxV, v);
  }
  const cu = (minU + maxU) / 2;
  const cv = (minV + maxV) / 2;
  return {
    center: { x: c * cu - s * cv, y: s * cu + c * cv },
    side: Math.max(maxU - minU, maxV - minV) * scale,
    angle,
  };
}

/** Angle of the line from `from` to `to` in image coordinates; a crop at this angle shows the line level. */
export function lineAngle(from: Point, to: Point): number {
  return Math.atan2(to.y - from.y, to.x - from.x);
}
