/** sampleCrop (functions/analysis/face/crop-sampler.ts) against its definition written plainly, value for value. */
import { describe, expect, it } from 'vitest';
import { extractSquareCrop, sampleCrop } from '../functions/analysis/face/crop-sampler';
import type { SquareCrop } from '../functions/analysis/face/face-types';
import type { RgbImage } from '../functions/analysis/types';

/** k×k bilinear sub-samples per crop pixel at centre + R(angle)·(u, v)·step − 0.5, edge pixels repeated outside. */
function plainSampleCrop(image: RgbImage, crop: SquareCrop, size: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  const step = crop.side / size;
  const k = Math.min(8, Math.max(1, Math.ceil(step)));
  const c = Math.cos(crop.angle) * step;
  const s = Math.sin(crop.angle) * step;
  const at = (x: number, y: number, ch: number) => image.data[(y * image.width + x) * 3 + ch]!;
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      const sum = [0, 0, 0];
      for (let j = 0; j < k; j++) {
        for (let i = 0; i < k; i++) {
          const du = u + ((i + 0.5) / k - size / 2);
          const dv = v + ((j + 0.5) / k - size / 2);
          const x = Math.min(image.width - 1, Math.max(0, crop.center.x - 0.5 + c * du - s * dv));
          const y = Math.min(image.height - 1, Math.max(0, crop.center.y - 0.5 + s * du + c * dv));
          const xi = Math.floor(x);
          const yi = Math.floor(y);
          const fx = x - xi;
          const fy = y - yi;
          const x1 = Math.min(image.width - 1, xi + 1);
          const y1 = Math.min(image.height - 1, yi + 1);
          for (let ch = 0; ch < 3; ch++) {
            sum[ch] += at(xi, yi, ch) * ((1 - fx) * (1 - fy)) + at(x1, yi, ch) * (fx * (1 - fy)) + at(xi, y1, ch) * ((1 - fx) * fy) + at(x1, y1, ch) * (fx * fy);
          }
        }
      }
      for (let ch = 0; ch < 3; ch++) out[(v * size + u) * 3 + ch] = sum[ch]! / (k * k);
    }
  }
  return out;
}

describe('sampleCrop', () => {
  const width = 97;
  const height = 83;
  const image: RgbImage = { width, height, data: Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 2654435761) >>> 24) };

  it('when windows are rotated, shrunk, enlarged or hang over the edges, then every sample equals the plainly written definition', () => {
    const windows: [SquareCrop, number][] = [
      [{ center: { x: 48, y: 40 }, side: 70, angle: 0.3 }, 24], // shrinking: 3×3 sub-samples
      [{ center: { x: 10, y: 75 }, side: 60, angle: -2.2 }, 32], // over two edges
      [{ center: { x: 50.5, y: 41.25 }, side: 12, angle: 0 }, 30], // enlarging: one sample per pixel
      [{ center: { x: 47, y: 42 }, side: 56, angle: -0.4 }, 20], // inside the image, shrinking: the loop without clamps
      [{ center: { x: 47, y: 42 }, side: 81.9, angle: 0 }, 41], // inside, up to a fraction of a pixel from the last row and column
      [{ center: { x: 48, y: 41 }, side: 50, angle: 0.7 }, 30], // inside, rotated, 2×2 sub-samples: the k = 2 loop
      [{ center: { x: 30, y: 60 }, side: 70, angle: -0.9 }, 40], // 2×2 sub-samples hanging over two edges
    ];
    for (const [crop, size] of windows) expect(Array.from(sampleCrop(image, crop, size))).toEqual(Array.from(plainSampleCrop(image, crop, size)));
  });

  it('when a window is taken as bytes, then each byte is its sample rounded half up (Math.round)', () => {
    const windows: [SquareCrop, number][] = [
      [{ center: { x: 48, y: 41 }, side: 50, angle: 0.7 }, 30],
      [{ center: { x: 10, y: 75 }, side: 60, angle: -2.2 }, 32],
      [{ center: { x: 50.5, y: 41.25 }, side: 12, angle: 0 }, 30],
    ];
    for (const [crop, size] of windows) {
      const bytes = extractSquareCrop(image, crop, size);
      expect({ width: bytes.width, height: bytes.height }).toEqual({ width: size, height: size });
      expect(Array.from(bytes.data)).toEqual(Array.from(sampleCrop(image, crop, size), (v) => Math.round(v)));
    }
  });
});
