import type { Point } from '../types';

/**
 * Sets mask[y*size + x] = value for every pixel whose centre lies inside `polygon` (even-odd rule),
 * scanline by scanline; coordinates are in mask pixels.
 */
export function fillPolygon(mask: Uint8Array, size: number, polygon: Point[], value: number): void {
  if (polygon.length < 3) return;
  const ys = polygon.map((p) => p.y);
  const yStart = Math.max(0, Math.ceil(Math.min(...ys) - 0.5));
  const yEnd = Math.min(size - 1, Math.floor(Math.max(...ys) - 0.5));
  const crossings: number[] = [];
  for (let y = yStart; y <= yEnd; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < polygon.length; i++) {
      const a = polygon[i];
      const b = polygon[(i + 1) % polygon.length];
      if ((a.y <= cy && b.y > cy) || (b.y <= cy && a.y > cy)) {
        crossings.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
      }
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const xStart = Math.max(0, Math.ceil(crossings[k] - 0.5));
      const xEnd = Math.min(size - 1, Math.floor(crossings[k + 1] - 0.5));
      if (xEnd >= xStart) mask.fill(value, y * size + xStart, y * size + xEnd + 1);
    }
  }
}
