/**
 * The resolution floor (issue 13, docs/analysis.md "Consistency"): every face crop is measured at the same
 * effective resolution, that of a face of RESOLUTION_FLOOR.facePixels in the photo, whatever the photo's size.
 *
 * The 256-px crop is sampled from a window ≈ 1.25 face boxes wide. A photo pixel spans 256 / window crop pixels,
 * so the finest detail the crop holds (what the 1-px line, pit and texture filters respond to) depended on how large
 * the face was in the photo: the same portrait at 60 % or 50 % of its size read 9 to 14 points fewer wrinkles
 * before this blur. Modelling each photo pixel's blur as a Gaussian of σ = pixelBlur photo pixels, the crop of a
 * window W carries σ_W = pixelBlur · 256 / min(W, 256) crop pixels (a crop shrunk from a larger window is limited by
 * its own pixels); blurring it by √(σ_floor² − σ_W²) gives every crop larger than the floor window the blur of the
 * floor window (Gaussian blurs add in quadrature). Crops from smaller windows already carry more blur than the floor:
 * they are used as they are and flagged (`quality.resolution`), because their fine markers (wrinkles, pores,
 * texture, hydration) then read smoother than the skin is.
 */
import type { RgbImage } from '../types.js';

export const RESOLUTION_FLOOR = {
  /** Face box side (photo pixels) whose effective resolution every larger face is measured at. */
  facePixels: 160,
  /** The skin window (alignedFaceCrop) is about this many face boxes wide. */
  windowPerFace: 1.25,
  /** Blur of one photo pixel (camera optics, demosaicing, JPEG), as a Gaussian σ in photo pixels. */
  pixelBlur: 0.6,
} as const;

/** The markers measured from fine relief (1–2 px filters): flagged below the floor. */
export const FINE_MARKERS = ['wrinkles', 'pores', 'texture', 'hydration'] as const;

/** Side of the skin window of a face at the floor, in photo pixels. */
export function floorWindow(floor = RESOLUTION_FLOOR): number {
  return floor.facePixels * floor.windowPerFace;
}

/**
 * The face size (photo pixels of the detector's box) the crop's resolution corresponds to: the window side over
 * windowPerFace. Compared with RESOLUTION_FLOOR.facePixels in `quality.resolution`.
 */
export function effectiveFacePixels(windowSide: number, floor = RESOLUTION_FLOOR): number {
  return windowSide / floor.windowPerFace;
}

/** The Gaussian σ (crop pixels) that brings a crop of `size` px sampled from a window of `windowSide` photo px to the floor. */
export function floorBlurSigma(windowSide: number, size: number, floor = RESOLUTION_FLOOR): number {
  const target = (floor.pixelBlur * size) / floorWindow(floor);
  // A crop shrunk from a larger window is limited by its own pixels; one enlarged from a smaller window by the photo's.
  const own = (floor.pixelBlur * size) / Math.min(windowSide, size);
  return own >= target ? 0 : Math.sqrt(target * target - own * own);
}

/**
 * The crop blurred to the floor's effective resolution (a copy; the crop itself when no blur is needed).
 * Separable Gaussian with mirrored edges, rounded back to 8 bits like any decoded photo.
 */
export function atResolutionFloor(crop: RgbImage, windowSide: number, floor = RESOLUTION_FLOOR): RgbImage {
  const sigma = floorBlurSigma(windowSide, crop.width, floor);
  if (sigma < 0.05) return crop;
  return { ...crop, data: gaussianBlurRgb(crop.data, crop.width, crop.height, sigma) };
}

function kernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const k = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += k[i + radius] = Math.exp((-i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i]! /= sum;
  return k;
}

function mirror(i: number, n: number): number {
  if (i < 0) return -i - 1 < n ? -i - 1 : 0;
  if (i >= n) return 2 * n - i - 1 >= 0 ? 2 * n - i - 1 : n - 1;
  return i;
}

function gaussianBlurRgb(data: Uint8Array, width: number, height: number, sigma: number): Uint8Array {
  const k = kernel(sigma);
  const r = (k.length - 1) / 2;
  const rows = new Float32Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s0 = 0, s1 = 0, s2 = 0; // prettier-ignore
      for (let t = -r; t <= r; t++) {
        const j = 3 * (y * width + mirror(x + t, width));
        const w = k[t + r]!;
        s0 += w * data[j]!;
        s1 += w * data[j + 1]!;
        s2 += w * data[j + 2]!;
      }
      const i = 3 * (y * width + x);
      rows[i] = s0;
      rows[i + 1] = s1;
      rows[i + 2] = s2;
    }
  }
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s0 = 0, s1 = 0, s2 = 0; // prettier-ignore
      for (let t = -r; t <= r; t++) {
        const j = 3 * (mirror(y + t, height) * width + x);
        const w = k[t + r]!;
        s0 += w * rows[j]!;
        s1 += w * rows[j + 1]!;
        s2 += w * rows[j + 2]!;
      }
      const i = 3 * (y * width + x);
      out[i] = Math.round(s0);
      out[i + 1] = Math.round(s1);
      out[i + 2] = Math.round(s2);
    }
  }
  return out;
}
