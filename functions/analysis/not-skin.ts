import type { Point, RgbImage } from './types';
import { fillPolygon } from './face/polygon-fill';
import { linearToLab, SRGB8_TO_LINEAR } from './skin/colour';
import { percentile } from './skin/stats';
import { reusedArray } from './skin/reused-array';

/**
 * Signs that a face which passed the colour checks is still not human skin: a mask, a skull, a helmet, a painting
 * or a drawing (docs/analysis.md, "Masks, drawings and paintings"). Each sign is physical and measured on the
 * aligned crop: the eye sign relative to the face's own skin, the colour signs from the skin's median colour. None
 * depends on exposure, photo size or skin tone (deep skin moves away from every limit); the colour signs move with a
 * colour cast, as the existing hue check does.
 */
export interface NotSkinSigns {
  /**
   * Open eyes show the white of the eye: the 90th-percentile L* inside the lid contour of the lighter eye, minus
   * the skin's median L*. Real open eyes measure −30 to +10 (≈ −30 only when the eyes sit in the shadow of the
   * brows), the holes of a skull mask −52: the eye openings are dark cavities with no sclera in them.
   */
  eyeWhites: number;
  /**
   * The hue angle of the skin's median CIELAB colour, degrees. Blood under the skin absorbs green, so real skin
   * keeps some red (a\* > 0) in ordinary light: 30–82° on every real face measured. Cream and bone-coloured plastic,
   * latex and plaster, with no blood in them, lie near 90° (a Guy Fawkes mask 93°). A strong colour cast moves it
   * too (docs/analysis.md).
   */
  hueAngle: number;
  /**
   * How much yellower than red the skin's median colour is: CIELAB b\* − a\*. Warm light and melanin raise both
   * (real faces −9 to 25, the highest a tanned face in a yellow cast); the yellowed varnish of an old painting
   * filters out blue without adding the red of blood: the Mona Lisa 38.
   */
  yellowness: number;
}

export interface NotSkinInput {
  crop: RgbImage;
  /** The two eyes' lid contours (Face Mesh eye loops) in crop pixels. */
  eyes: Point[][];
  /** Median L*, a*, b* of the face regions' skin (quality-measures.ts). */
  skin: { lightness: number; a: number; b: number };
}

/** An eye's contour must hold at least this many crop pixels to be measured (an open eye on a 256-px crop: ≈ 150–400). */
const MIN_EYE_PIXELS = 12;

export function notSkinSigns({ crop, eyes, skin }: NotSkinInput): NotSkinSigns {
  let lightestEye = Number.NEGATIVE_INFINITY;
  for (const contour of eyes) {
    const lightness = eyeLightness(crop, contour);
    if (lightness !== undefined && lightness > lightestEye) lightestEye = lightness;
  }
  return {
    // No measurable eye (it cannot happen after the eye-openness check): no sign either way.
    eyeWhites: Number.isFinite(lightestEye) ? lightestEye - skin.lightness : 0,
    hueAngle: (Math.atan2(skin.b, skin.a) * 180) / Math.PI,
    yellowness: skin.b - skin.a,
  };
}

/** 90th-percentile L* of the crop pixels inside `contour`: the sclera and any catchlight of an open eye. */
function eyeLightness(crop: RgbImage, contour: Point[]): number | undefined {
  const size = crop.width;
  const mask = eyeMask(size * crop.height);
  fillPolygon(mask, size, contour, 1);
  // fillPolygon fills rows within the contour's extent only (the same bounds as its own): every other row is 0.
  const ys = contour.map((p) => p.y);
  const start = contour.length < 3 ? 0 : Math.max(0, Math.ceil(Math.min(...ys) - 0.5)) * size;
  const end = contour.length < 3 ? 0 : Math.min(mask.length, (Math.min(size - 1, Math.floor(Math.max(...ys) - 0.5)) + 1) * size);
  const lightness = lightnessScratch(Math.max(0, end - start));
  const n = lightnessInside(crop.data, mask, start, end, lightness);
  if (end > start) mask.fill(0, start, end);
  if (n < MIN_EYE_PIXELS) return undefined;
  return percentile(lightness.subarray(0, n), 90);
}

/** L* of the pixels from `start` to `end` where `mask` is set, into `out` in raster order; returns how many. */
function lightnessInside(rgb: Uint8Array, mask: Uint8Array, start: number, end: number, out: Float32Array): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    if (!mask[i]) continue;
    out[n++] = linearToLab(SRGB8_TO_LINEAR[rgb[3 * i]!]!, SRGB8_TO_LINEAR[rgb[3 * i + 1]!]!, SRGB8_TO_LINEAR[rgb[3 * i + 2]!]!)[0];
  }
  return n;
}

/**
 * The eye mask and the lightness list, reused from eye to eye and scan to scan (grown to the largest crop; the mask
 * is cleared after each use; synchronous, no call runs inside another): a fresh 256² mask and a growing number[]
 * per eye were most of this check's cost.
 */
const eyeMask = reusedArray((n) => new Uint8Array(n));
const lightnessScratch = reusedArray((n) => new Float32Array(n));
