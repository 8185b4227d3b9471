import type { RgbImage } from '../types';
import type { SquareCrop } from './face-types';

/**
 * Samples a (possibly rotated) square window of `image` at size×size pixels, RGB 0..255 as floats, NHWC.
 * Bilinear, with k×k supersampling when shrinking so large photos do not alias; outside the image the edge
 * pixels repeat (MediaPipe's image-to-tensor default).
 */
export function sampleCrop(image: RgbImage, crop: SquareCrop, size: number): Float32Array {
  const out = new Float32Array(size * size * 3);
  const step = crop.side / size; // image pixels per crop pixel
  const k = Math.min(8, Math.max(1, Math.ceil(step)));
  const c = Math.cos(crop.angle) * step;
  const s = Math.sin(crop.angle) * step;
  const { data, width, height } = image;
  const px = new Float32Array(3);
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      let r = 0, g = 0, b = 0; // prettier-ignore
      for (let j = 0; j < k; j++) {
        for (let i = 0; i < k; i++) {
          // Crop point (continuous) → image point; -0.5 turns it into pixel-centre sampling coordinates.
          const du = u + (i + 0.5) / k - size / 2;
          const dv = v + (j + 0.5) / k - size / 2;
          bilinear(data, width, height, crop.center.x + c * du - s * dv - 0.5, crop.center.y + s * du + c * dv - 0.5, px);
          r += px[0];
          g += px[1];
          b += px[2];
        }
      }
      const o = (v * size + u) * 3;
      const n = k * k;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

/** The window as an 8-bit image, e.g. an eye-levelled face crop for skin measurements. */
export function extractSquareCrop(image: RgbImage, crop: SquareCrop, size: number): RgbImage {
  const floats = sampleCrop(image, crop, size);
  const data = new Uint8Array(floats.length);
  for (let i = 0; i < floats.length; i++) data[i] = Math.round(floats[i]);
  return { data, width: size, height: size };
}

function bilinear(data: Uint8Array, width: number, height: number, x: number, y: number, out: Float32Array): void {
  const cx = Math.min(Math.max(x, 0), width - 1);
  const cy = Math.min(Math.max(y, 0), height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const a = (y0 * width + x0) * 3;
  const b = (y0 * width + x1) * 3;
  const c = (y1 * width + x0) * 3;
  const d = (y1 * width + x1) * 3;
  for (let ch = 0; ch < 3; ch++) {
    const top = data[a + ch] + (data[b + ch] - data[a + ch]) * fx;
    const bottom = data[c + ch] + (data[d + ch] - data[c + ch]) * fx;
    out[ch] = top + (bottom - top) * fy;
  }
}
