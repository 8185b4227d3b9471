/**
 * Fallback region provider for when no face landmarks are available: approximate region masks for a roughly
 * centred, upright, frontal face crop, intersected with a skin-colour mask computed from the crop itself.
 *
 * Assumed crop geometry (fractions of the square's side, origin top left): eye centres at (0.35, 0.40) and
 * (0.65, 0.40), so the interocular distance is 0.30; mouth near y = 0.74, chin near y = 0.91. "left"/"right" are the subject's
 * (anatomical) sides: the subject's left eye is on the image's right.
 *
 * The skin mask is tone-independent: it is relative to the face's own median skin colour in log-chromaticity
 * (shading- and exposure-free), never an absolute colour range.
 */
import { REGION_NAMES, type RegionMasks, type RegionName, type RgbImage } from '../types.js';
import { SRGB8_TO_LINEAR } from './colour.js';
import { LINEAR_FLOOR } from './model-spec.js';
import { median } from './stats.js';

type Shape =
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number }
  | { kind: 'polygon'; points: [number, number][] };

interface RegionGeometry {
  include: Shape[];
  exclude?: Shape[];
  /** Sheen (bright, low-chroma) pixels count as skin here: oiliness is measured on them. */
  allowSheen: boolean;
}

const ellipse = (cx: number, cy: number, rx: number, ry: number): Shape => ({ kind: 'ellipse', cx, cy, rx, ry });
const polygon = (...points: [number, number][]): Shape => ({ kind: 'polygon', points });

/** Mirror a shape about the vertical centre line. */
function mirror(shape: Shape): Shape {
  return shape.kind === 'ellipse'
    ? { ...shape, cx: 1 - shape.cx }
    : { kind: 'polygon', points: shape.points.map(([x, y]) => [1 - x, y] as [number, number]) };
}

// Proportions from an interocular distance d = 0.30 (eyes at y = 0.40): brows ≈ 0.31, nose base ≈ eye + 0.7·d,
// mouth ≈ eye + 1.1·d, chin ≈ eye + 1.7·d.
const NOSE = polygon([0.46, 0.385], [0.54, 0.385], [0.57, 0.54], [0.58, 0.595], [0.42, 0.595], [0.43, 0.54]);
const FOREHEAD = polygon([0.31, 0.12], [0.69, 0.12], [0.71, 0.26], [0.58, 0.275], [0.42, 0.275], [0.29, 0.26]);
const GLABELLA = polygon([0.45, 0.27], [0.55, 0.27], [0.545, 0.39], [0.455, 0.39]);
// Subject's right side = image left.
const RIGHT_CHEEK = ellipse(0.3, 0.585, 0.075, 0.07);
const RIGHT_UNDER_EYE = ellipse(0.345, 0.485, 0.065, 0.026);
const RIGHT_CROWS_FEET = ellipse(0.235, 0.41, 0.028, 0.048);
const MOUTH = ellipse(0.5, 0.735, 0.14, 0.065);

export const CENTRE_GEOMETRY: Record<RegionName, RegionGeometry> = {
  forehead: { include: [FOREHEAD], allowSheen: true },
  nose: { include: [NOSE], allowSheen: true },
  right_cheek: { include: [RIGHT_CHEEK], exclude: [NOSE, MOUTH], allowSheen: true },
  left_cheek: { include: [mirror(RIGHT_CHEEK)], exclude: [NOSE, MOUTH], allowSheen: true },
  chin: { include: [ellipse(0.5, 0.86, 0.085, 0.038)], exclude: [MOUTH], allowSheen: true },
  under_eye_right: { include: [RIGHT_UNDER_EYE], allowSheen: false },
  under_eye_left: { include: [mirror(RIGHT_UNDER_EYE)], allowSheen: false },
  crows_feet_right: { include: [RIGHT_CROWS_FEET], allowSheen: false },
  crows_feet_left: { include: [mirror(RIGHT_CROWS_FEET)], allowSheen: false },
  t_zone: { include: [FOREHEAD, GLABELLA, NOSE], allowSheen: true },
};

function inside(shape: Shape, u: number, v: number): boolean {
  if (shape.kind === 'ellipse') {
    const dx = (u - shape.cx) / shape.rx;
    const dy = (v - shape.cy) / shape.ry;
    return dx * dx + dy * dy <= 1;
  }
  let inPoly = false;
  const pts = shape.points;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > v !== yj > v && u < ((xj - xi) * (v - yi)) / (yj - yi) + xi) inPoly = !inPoly;
  }
  return inPoly;
}

/**
 * Where the face sits in the crop, as fractions of the side: the eye line's height, the horizontal centre, and
 * the scale relative to the assumed geometry (1 = interocular distance 0.30).
 */
export interface FaceLayout {
  eyeY: number;
  centreX: number;
  scale: number;
}

export const DEFAULT_LAYOUT: FaceLayout = { eyeY: 0.4, centreX: 0.5, scale: 1 };

/** How far the centre of the non-skin eye band lies above the eye centres, as a fraction of the side. */
const EYE_BAND_BIAS = 0.012;

const geometryCache = new Map<string, RegionMasks>();

/** The geometric masks (no skin test), with the assumed geometry moved and scaled to `layout`. */
export function geometricRegions(size: number, layout: FaceLayout = DEFAULT_LAYOUT): RegionMasks {
  const key = `${size}:${layout.eyeY}:${layout.centreX}:${layout.scale}`;
  let cached = geometryCache.get(key);
  if (!cached) {
    cached = rasterize(size, layout);
    if (geometryCache.size > 64) geometryCache.clear();
    geometryCache.set(key, cached);
  }
  const masks = {} as Record<RegionName, Uint8Array>;
  for (const name of REGION_NAMES) masks[name] = cached.masks[name].slice();
  return { size, masks };
}

function rasterize(size: number, layout: FaceLayout): RegionMasks {
  const masks = {} as Record<RegionName, Uint8Array>;
  for (const name of REGION_NAMES) {
    const geo = CENTRE_GEOMETRY[name];
    const mask = new Uint8Array(size * size);
    for (let y = 0; y < size; y++) {
      const v = DEFAULT_LAYOUT.eyeY + ((y + 0.5) / size - layout.eyeY) / layout.scale;
      for (let x = 0; x < size; x++) {
        const u = 0.5 + ((x + 0.5) / size - layout.centreX) / layout.scale;
        if (geo.include.some((s) => inside(s, u, v)) && !(geo.exclude ?? []).some((s) => inside(s, u, v))) {
          mask[y * size + x] = 1;
        }
      }
    }
    masks[name] = mask;
  }
  return { size, masks };
}

/** Mean of `nonSkin` over rows [y − 2, y + 2] and the given column ranges (fractions). */
function bandScore(nonSkin: Uint8Array, size: number, y: number, columns: [number, number][]): number {
  let s = 0;
  let c = 0;
  for (let yy = Math.max(0, y - 2); yy <= Math.min(size - 1, y + 2); yy++) {
    for (const [from, to] of columns) {
      for (let x = Math.round(from * size); x < Math.round(to * size); x++) {
        s += nonSkin[yy * size + x]!;
        c++;
      }
    }
  }
  return c === 0 ? 0 : s / c;
}

/**
 * Finds the eye line in a roughly centred crop from its skin mask: the lowest band of non-skin (eyes lie below
 * the brows) across both eye columns between 0.30 and 0.50 of the height. Falls back to the assumed 0.40 when
 * there is no clear band. The band's centroid is used (sub-pixel, steady under JPEG and exposure changes). The
 * horizontal centre and the scale stay as assumed: in tests on real photos the mouth and the cheek span were not
 * reliable enough in a skin mask (open smiles, shadows, coloured light).
 */
export function locateFace(skin: Uint8Array, size: number): FaceLayout {
  const nonSkin = new Uint8Array(size * size);
  for (let i = 0; i < nonSkin.length; i++) nonSkin[i] = skin[i] ? 0 : 1;
  const eyeColumns: [number, number][] = [
    [0.24, 0.45],
    [0.55, 0.76],
  ];
  const rows: number[] = [];
  const scores: number[] = [];
  for (let y = Math.round(0.3 * size); y <= Math.round(0.5 * size); y++) {
    rows.push(y);
    scores.push(bandScore(nonSkin, size, y, eyeColumns));
  }
  let peakIndex = -1;
  for (let i = 1; i + 1 < rows.length; i++) {
    const peak = scores[i]! >= scores[i - 1]! && scores[i]! >= scores[i + 1]! && scores[i]! >= 0.35;
    if (peak) peakIndex = i; // keep the lowest qualifying peak
  }
  let found = DEFAULT_LAYOUT.eyeY;
  if (peakIndex >= 0) {
    // Centroid of the band around the peak (rows scoring at least half the peak): steadier than the peak row,
    // which can hop between the lash line and the lower lid.
    const half = scores[peakIndex]! / 2;
    let lo = peakIndex;
    let hi = peakIndex;
    while (lo > 0 && scores[lo - 1]! >= half) lo--;
    while (hi + 1 < rows.length && scores[hi + 1]! >= half) hi++;
    let sum = 0;
    let weight = 0;
    for (let i = lo; i <= hi; i++) ((sum += (rows[i]! + 0.5) * scores[i]!), (weight += scores[i]!));
    // The non-skin band's centroid sits above the eye centres (upper lids, lashes and eye make-up are non-skin
    // too): 0.012 of the side on average over the aligned demo faces.
    found = sum / weight / size + EYE_BAND_BIAS;
  }
  const eyeY = Math.min(0.48, Math.max(0.32, found));

  return { eyeY, centreX: DEFAULT_LAYOUT.centreX, scale: DEFAULT_LAYOUT.scale };
}

export interface SkinMaskOptions {
  /** Allowed distance from the skin chromaticity line, as a fraction of the skin chromaticity's length. */
  perpendicularTolerance?: number;
  /** Allowed range of t (position along the skin chromaticity line; 1 = the face's median skin). */
  chromaRange?: [number, number];
  /** Lowest t for sheen pixels (brighter than the skin median: white light mixed in). */
  sheenChromaMin?: number;
  /** Allowed optical-density range around the median skin (100·log10 units). */
  densityRange?: [number, number];
}

export interface SkinPixels {
  /** 1 = skin-coloured, 2 = sheen on skin (allowed where a region says so), 0 = not skin. */
  mask: Uint8Array;
  /** Median skin log-chromaticity [OD_G − OD_R, OD_B − OD_R] and luminance optical density. */
  reference: { chroma: [number, number]; density: number };
}

/**
 * Classifies each pixel of the crop as skin, sheen or not skin, relative to the median colour of the geometric
 * cheek/nose/forehead seed. Works in log-chromaticity (optical-density differences between channels), which does
 * not change with shading, exposure or the overall darkness of the skin.
 */
export function skinPixels(crop: RgbImage, seed: Uint8Array, options: SkinMaskOptions = {}): SkinPixels {
  const { width, height, data } = crop;
  const n = width * height;
  const perpTol = options.perpendicularTolerance ?? 0.28;
  const [tMin, tMax] = options.chromaRange ?? [0.55, 1.5];
  const sheenMin = options.sheenChromaMin ?? 0.1;
  const [dLo, dHi] = options.densityRange ?? [-45, 35];

  // Per-pixel log-chromaticity and density, smoothed over 3×3 (JPEG chroma is noisy at pixel scale). Each pixel
  // loop is a function of its own: in one function V8 compiled skinPixels again for each loop after the one before
  // it deoptimised (docs/performance.md, "Sixth round").
  const c1 = new Float32Array(n);
  const c2 = new Float32Array(n);
  const d = new Float32Array(n);
  chromaticityInto(data, c1, c2, d);
  const s1 = boxBlur3(c1, width, height);
  const s2 = boxBlur3(c2, width, height);
  const sd = boxBlur3(d, width, height);

  let ref = referenceOf(seed, s1, s2, sd);
  let mask = new Uint8Array(n);
  for (let pass = 0; pass < 2; pass++) {
    mask = new Uint8Array(n);
    classifyInto(mask, s1, s2, sd, ref, perpTol, tMin, tMax, sheenMin, dLo, dHi);
    const skinOnly = new Uint8Array(n);
    const count = seededSkin(seed, mask, skinOnly);
    if (count < 200) break;
    ref = referenceOf(skinOnly, s1, s2, sd);
  }
  return { mask, reference: ref };
}

/** Per pixel: the log-chromaticities (OD of green and of blue less that of red) and the density of luminance. */
function chromaticityInto(data: Uint8Array, c1: Float32Array, c2: Float32Array, d: Float32Array): void {
  const k = -100 / Math.LN10;
  for (let i = 0; i < c1.length; i++) {
    const r = data[3 * i]!;
    const g = data[3 * i + 1]!;
    const b = data[3 * i + 2]!;
    const odR = OD8[r]!;
    c1[i] = OD8[g]! - odR;
    c2[i] = OD8[b]! - odR;
    const y = 0.2126 * SRGB8_TO_LINEAR[r]! + 0.7152 * SRGB8_TO_LINEAR[g]! + 0.0722 * SRGB8_TO_LINEAR[b]!;
    d[i] = k * Math.log(Math.max(LINEAR_FLOOR, y));
  }
}

/** 1 where a pixel's smoothed chromaticity and density match the reference's skin, 2 where they match its sheen. */
function classifyInto(
  mask: Uint8Array,
  s1: Float32Array,
  s2: Float32Array,
  sd: Float32Array,
  ref: SkinPixels['reference'],
  perpTol: number,
  tMin: number,
  tMax: number,
  sheenMin: number,
  dLo: number,
  dHi: number,
): void {
  const [r1, r2] = ref.chroma;
  const len2 = r1 * r1 + r2 * r2;
  const len = Math.sqrt(len2);
  const density = ref.density;
  for (let i = 0; i < mask.length; i++) {
    const t = (s1[i]! * r1 + s2[i]! * r2) / len2;
    const p1 = s1[i]! - t * r1;
    const p2 = s2[i]! - t * r2;
    const perp = Math.sqrt(p1 * p1 + p2 * p2) / len;
    const dd = sd[i]! - density;
    if (dd < dLo || dd > dHi) continue;
    if (perp <= perpTol && t >= tMin && t <= tMax) mask[i] = 1;
    else if (dd < -2 && t >= sheenMin && t < tMin && perp <= perpTol * 1.5) mask[i] = 2;
  }
}

/** `skinOnly` = 1 where the seed and the mask's skin (1) meet; returns how many. */
function seededSkin(seed: Uint8Array, mask: Uint8Array, skinOnly: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < mask.length; i++) if (seed[i] && mask[i] === 1) ((skinOnly[i] = 1), count++);
  return count;
}

/** 8-bit sRGB code → optical density 100·log10(1/linear), floored like the model. */
const OD8: Float64Array = (() => {
  const t = new Float64Array(256);
  for (let i = 0; i < 256; i++) t[i] = (-100 / Math.LN10) * Math.log(Math.max(LINEAR_FLOOR, SRGB8_TO_LINEAR[i]!));
  return t;
})();

function referenceOf(sel: Uint8Array, c1: Float32Array, c2: Float32Array, d: Float32Array) {
  let count = 0;
  for (let i = 0; i < sel.length; i++) if (sel[i]) count++;
  const pick = (src: Float32Array) => {
    const out = new Float32Array(count);
    let k = 0;
    for (let i = 0; i < sel.length; i++) if (sel[i]) out[k++] = src[i]!;
    return out;
  };
  const chroma: [number, number] = [median(pick(c1)), median(pick(c2))];
  if (!Number.isFinite(chroma[0]) || Math.hypot(chroma[0], chroma[1]) < 1) {
    // Grey seed (no skin found): fall back to a typical skin chromaticity; the mask will be mostly empty.
    return { chroma: [20, 45] as [number, number], density: median(pick(d)) || 50 };
  }
  return { chroma, density: median(pick(d)) };
}

/** 3×3 mean with shrinking windows at the borders, separably. */
function boxBlur3(src: Float32Array, width: number, height: number): Float32Array {
  const rows = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    const o = y * width;
    for (let x = 0; x < width; x++) {
      let s = src[o + x]!;
      let c = 1;
      if (x > 0) ((s += src[o + x - 1]!), c++);
      if (x + 1 < width) ((s += src[o + x + 1]!), c++);
      rows[o + x] = s / c;
    }
  }
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let s = rows[i]!;
      let c = 1;
      if (y > 0) ((s += rows[i - width]!), c++);
      if (y + 1 < height) ((s += rows[i + width]!), c++);
      out[i] = s / c;
    }
  }
  return out;
}

/**
 * Approximate region masks for a centred frontal face crop (square, any size), limited to skin-coloured pixels.
 *
 * @example
 *   const regions = centerRegions(crop); // crop: 256×256 face crop
 *   const features = await model.measure(crop, regions);
 */
export function centerRegions(crop: RgbImage, options: SkinMaskOptions = {}): RegionMasks {
  if (crop.width !== crop.height) {
    throw new Error(`Expected a square crop for crop, but received ${crop.width}×${crop.height}`);
  }
  const size = crop.width;
  const assumed = geometricRegions(size);
  const seed = new Uint8Array(size * size);
  for (const name of ['left_cheek', 'right_cheek', 'nose', 'forehead'] as const) {
    const m = assumed.masks[name];
    for (let i = 0; i < m.length; i++) if (m[i]) seed[i] = 1;
  }
  const { mask: skin } = skinPixels(crop, seed, options);
  const geometric = geometricRegions(size, locateFace(skin, size));
  const masks = {} as Record<RegionName, Uint8Array>;
  for (const name of REGION_NAMES) {
    const geo = geometric.masks[name];
    const allowSheen = CENTRE_GEOMETRY[name].allowSheen;
    const out = new Uint8Array(size * size);
    for (let i = 0; i < out.length; i++) {
      if (geo[i] && (skin[i] === 1 || (allowSheen && skin[i] === 2))) out[i] = 1;
    }
    masks[name] = out;
  }
  return { size, masks };
}
