/**
 * Calibration and test tooling: paints lesions onto a face crop the way they form in skin, relative to the
 * face's own colour. Absorbers (haemoglobin, melanin, shadows) multiply each linear RGB channel by a
 * transmission 10^(−OD) (Beer–Lambert), so the same lesion darkens light and dark skin by the same factor;
 * sheen adds white light. Nothing here runs in production analysis.
 */
import type { RgbImage } from '../../functions/analysis/types.js';
import { geometricRegions, skinPixels } from '../../functions/analysis/skin/center-regions.js';
import { SRGB8_TO_LINEAR, linearToSrgb } from '../../functions/analysis/skin/colour.js';
import { seededRandom } from './seeded-random.js';

/** Optical density per channel [R, G, B] (log10 units) at full weight. */
export type Density = [number, number, number];

/**
 * Lesion spectra used for painting. Deliberately not identical to the model's CHROMOPHORE_VECTORS, so the tests
 * do not simply invert the model's own assumption.
 */
export const LESION_DENSITY = {
  /** Inflamed papule: blood (haemoglobin absorbs green most, blue some, red little). */
  papule: [0.02, 0.24, 0.15] as Density,
  /** Brown spot (lentigo, post-inflammatory hyperpigmentation): melanin, rising towards blue. */
  brownSpot: [0.16, 0.24, 0.4] as Density,
  /** Fine line: a shadow, neutral. */
  line: [0.15, 0.15, 0.15] as Density,
  /** Under-eye darkening: shadow plus a little melanin and venous blood. */
  darkCircle: [0.08, 0.1, 0.1] as Density,
  /**
   * Deeper skin tone (per unit of `amount`): the optical-density difference between photographed light and
   * deep skin is much flatter across camera channels than melanin's narrow-band spectrum (broad channel
   * sensitivities, scattering); about [1, 1.16, 1.29] relative to red.
   */
  tone: [0.55, 0.64, 0.71] as Density,
} as const;

/** A weight in 0..1 per pixel of an S×S crop. */
export type Weights = Float32Array;

/** Multiplies each pixel's linear RGB by 10^(−weight·density). */
export function applyDensity(image: RgbImage, weights: Weights, density: Density): RgbImage {
  return changeLinear(image, weights, (linear, w, c) => linear * 10 ** (-w * density[c]!));
}

/** Adds white light (specular sheen) of linear intensity `strength` at full weight. */
export function applySheen(image: RgbImage, weights: Weights, strength: number): RgbImage {
  return changeLinear(image, weights, (linear, w) => linear + w * strength);
}

/** `image` with each channel of every pixel of positive weight set, in linear light, to `change(linear, weight, channel)`. */
function changeLinear(image: RgbImage, weights: Weights, change: (linear: number, weight: number, channel: number) => number): RgbImage {
  const out = new Uint8Array(image.data);
  for (let i = 0; i < weights.length; i++) {
    const w = weights[i]!;
    if (w <= 0) continue;
    for (let c = 0; c < 3; c++) out[3 * i + c] = Math.round(255 * linearToSrgb(change(SRGB8_TO_LINEAR[image.data[3 * i + c]!]!, w, c)));
  }
  return { ...image, data: out };
}

/** Multiplies every pixel's linear RGB by `factor` (exposure change). */
export function applyExposure(image: RgbImage, factor: number): RgbImage {
  const out = new Uint8Array(image.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(255 * linearToSrgb(SRGB8_TO_LINEAR[image.data[i]!]! * factor));
  return { ...image, data: out };
}

function smoothEdge(d: number, radius: number, softness: number): number {
  // 1 inside radius − softness, raised-cosine fall-off to 0 at radius + softness.
  if (d <= radius - softness) return 1;
  if (d >= radius + softness) return 0;
  return 0.5 + 0.5 * Math.cos((Math.PI * (d - (radius - softness))) / (2 * softness));
}

/** Soft-edged discs. */
export function discs(size: number, spots: { x: number; y: number; radius: number }[], softness = 1): Weights {
  const w = new Float32Array(size * size);
  for (const s of spots) {
    const r = s.radius + softness + 1;
    for (let y = Math.max(0, Math.floor(s.y - r)); y <= Math.min(size - 1, Math.ceil(s.y + r)); y++) {
      for (let x = Math.max(0, Math.floor(s.x - r)); x <= Math.min(size - 1, Math.ceil(s.x + r)); x++) {
        const v = smoothEdge(Math.hypot(x - s.x, y - s.y), s.radius, softness);
        const i = y * size + x;
        if (v > w[i]!) w[i] = v;
      }
    }
  }
  return w;
}

/**
 * Speckled weights: `weights` modulated by smooth random noise (mean 1 − depth/2), as skin micro-relief breaks
 * up a real sheen into brighter and duller patches.
 */
export function speckled(weights: Weights, size: number, seed: number, depth = 0.5): Weights {
  const random = seededRandom(seed);
  const grid = 8;
  const cells = Math.ceil(size / grid) + 2;
  const noise = Float32Array.from({ length: cells * cells }, () => random());
  const out = new Float32Array(weights.length);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const gx = x / grid;
      const gy = y / grid;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      const fx = gx - x0;
      const fy = gy - y0;
      const n =
        (1 - fy) * ((1 - fx) * noise[y0 * cells + x0]! + fx * noise[y0 * cells + x0 + 1]!) +
        fy * ((1 - fx) * noise[(y0 + 1) * cells + x0]! + fx * noise[(y0 + 1) * cells + x0 + 1]!);
      out[y * size + x] = weights[y * size + x]! * (1 - depth * n);
    }
  }
  return out;
}

/** Thin lines along polylines with a Gaussian cross-profile of standard deviation `width`. */
export function polylines(size: number, lines: [number, number][][], width = 0.7): Weights {
  const w = new Float32Array(size * size);
  for (const line of lines) {
    for (let k = 0; k + 1 < line.length; k++) {
      const [x0, y0] = line[k]!;
      const [x1, y1] = line[k + 1]!;
      const pad = 3 * width + 1;
      for (let y = Math.max(0, Math.floor(Math.min(y0, y1) - pad)); y <= Math.min(size - 1, Math.ceil(Math.max(y0, y1) + pad)); y++) {
        for (let x = Math.max(0, Math.floor(Math.min(x0, x1) - pad)); x <= Math.min(size - 1, Math.ceil(Math.max(x0, x1) + pad)); x++) {
          const dx = x1 - x0;
          const dy = y1 - y0;
          const len2 = dx * dx + dy * dy || 1;
          const t = Math.min(1, Math.max(0, ((x - x0) * dx + (y - y0) * dy) / len2));
          const d = Math.hypot(x - (x0 + t * dx), y - (y0 + t * dy));
          const v = Math.exp(-(d * d) / (2 * width * width));
          const i = y * size + x;
          if (v > w[i]!) w[i] = v;
        }
      }
    }
  }
  return w;
}

/** A mask (0/1) feathered by a box blur of radius `feather`, optionally scaled. */
export function feathered(mask: Uint8Array, size: number, feather: number, scale = 1): Weights {
  return boxPass(boxPass(mask, size, feather, 'x', 1), size, feather, 'y', scale);
}

/** One pass of a box blur of `radius` along x or y: `scale` × the mean of the pixels of the window inside the image. */
function boxPass(src: ArrayLike<number>, size: number, radius: number, along: 'x' | 'y', scale: number): Float32Array {
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let s = 0;
      let c = 0;
      for (let d = -radius; d <= radius; d++) {
        const p = (along === 'x' ? x : y) + d;
        if (p < 0 || p >= size) continue;
        s += src[along === 'x' ? y * size + p : p * size + x]!;
        c++;
      }
      out[y * size + x] = (scale * s) / c;
    }
  }
  return out;
}

/**
 * `n` positions inside `mask`, at least `minDistance` apart and `margin` pixels inside the mask's edge,
 * chosen by a seeded PRNG. Returns fewer when the mask has no room.
 */
export function placeInside(mask: Uint8Array, size: number, n: number, seed: number, minDistance = 12, margin = 4): { x: number; y: number }[] {
  const random = seededRandom(seed);
  const inner: number[] = [];
  for (let y = margin; y < size - margin; y++) {
    for (let x = margin; x < size - margin; x++) {
      let ok = true;
      for (let dy = -margin; dy <= margin && ok; dy += margin) {
        for (let dx = -margin; dx <= margin && ok; dx += margin) if (!mask[(y + dy) * size + x + dx]) ok = false;
      }
      if (ok) inner.push(y * size + x);
    }
  }
  const out: { x: number; y: number }[] = [];
  for (let attempt = 0; attempt < 2000 && out.length < n && inner.length > 0; attempt++) {
    const p = inner[Math.floor(random() * inner.length)]!;
    const x = p % size;
    const y = (p - x) / size;
    if (out.every((q) => Math.hypot(q.x - x, q.y - y) >= minDistance)) out.push({ x, y });
  }
  return out;
}

/**
 * The same face with more eumelanin in its skin: skin-coloured pixels (chromaticity along the face's own skin
 * chromaticity, at any brightness) get
 * `amount` × LESION_DENSITY.tone of extra optical density, feathered at the skin's edge. Hair, eyes and
 * background keep their colour. Used to test that scores do not depend on skin tone.
 */
export function deepenSkinTone(crop: RgbImage, amount: number): RgbImage {
  const size = crop.width;
  const geo = geometricRegions(size).masks;
  const seed = new Uint8Array(size * size);
  for (const m of [geo.left_cheek, geo.right_cheek, geo.nose, geo.forehead]) for (let i = 0; i < m.length; i++) if (m[i]) seed[i] = 1;
  // Permissive: any pixel whose chromaticity lies along the skin's, at any brightness (shaded skin included).
  const { mask } = skinPixels(crop, seed, {
    perpendicularTolerance: 0.5,
    chromaRange: [0.35, 3],
    sheenChromaMin: 0.35,
    densityRange: [-300, 300],
  });
  const skin = new Uint8Array(size * size);
  for (let i = 0; i < skin.length; i++) skin[i] = mask[i] ? 1 : 0;
  const density = LESION_DENSITY.tone.map((d) => d * amount) as Density;
  return applyDensity(crop, feathered(skin, size, 3), density);
}
