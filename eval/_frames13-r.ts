/**
 * Radiance: the glow of skin that gives back light, against dull, flat skin. Measured on the cheeks (where the
 * cheekbones catch the light) as how much brighter their brightest tenth is than the face's own median skin:
 * the luminance optical density without haemoglobin's part (glowDensity) blurred σ 3 (over skin only, ≈ 2 mm:
 * grain and pores average out), the median over forehead, nose, cheeks and chin minus the cheeks' weighted 10th
 * percentile of it, per cheek, pooled by area. The reference fades glare out and holds the whole face (with the
 * T-zone alone as reference, T-zone shine made the cheeks read duller); the cheeks keep their glare.
 *
 * Without haemoglobin: blood absorbs green light, so flushed cheeks are darker in luminance and read as dull (a
 * painted flush took radiance from 79 to 10; redness scores it). The neutral shading channel alone was tried: added
 * white light also reads as less melanin and haemoglobin there, so a painted glow moved it a third as much. A
 * difference of densities within one face, so skin tone and exposure drop out. The light's direction is taken
 * out as far as a plane describes it: the density's least-squares slope over the forehead, nose and chin (a head
 * turned or tilted towards the light brightens the side it turns, and radiance read 74–95 over frames of one
 * sitting as it did; docs/analysis.md, Consistency, root cause 11) is subtracted before the cheeks are read. A light
 * from one side still leaves one cheek brighter where its curve catches it (docs/markers.md, limitations). Glare is not faded
 * out here (it is light the skin gives back). Higher is more radiant, so this is the one marker whose score
 * rises with its raw value.
 */
import type { RegionName } from '../functions/analysis/types.js';
import { channel, CHROMOPHORE_VECTORS } from '../functions/analysis/skin/model-spec.js';
import { type Weighted, unionPixels, weightedMedian, weightedPercentile } from '../functions/analysis/skin/weighted-stats.js';
import { pooledOver, type MarkerInputs } from '../functions/analysis/skin/markers/inputs.js';
import type { MarkerMeasurement } from '../functions/analysis/skin/markers/measurement.js';

export const VR = { lowerForehead: 0 as number, deroll: 0 as number, roll: 0 };
export const RADIANCE = {
  /** σ of the blur (px at S = 256). */
  sigma: 3,
  /** The cheeks' brightest share read: the p-th percentile of their density. */
  percentile: 10,
} as const;

export const RADIANCE_REGIONS: RegionName[] = ['left_cheek', 'right_cheek', 'forehead', 'nose', 'chin'];
/** The regions whose glow is measured (the others are the reference only). */
export const RADIANCE_MEASURED: RegionName[] = ['left_cheek', 'right_cheek'];
const REFERENCE: RegionName[] = ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'];

/**
 * Luminance optical density without the part haemoglobin adds: OD_Y − HAEMOGLOBIN_IN_Y · haemoglobin. One unit
 * of haemoglobin ([0.06, 1, 0.62] per linear R, G, B channel, model-spec.ts) darkens luminance
 * (0.2126 R + 0.7152 G + 0.0722 B) by ≈ 0.77 units.
 */
export function glowDensity(maps: MarkerInputs['maps'], size: number): Float32Array {
  // Once per scan's maps: the skin stage and the overlay evidence read the same map (neither writes into it).
  const known = glowDensities.get(maps);
  if (known?.length === size * size) return known;
  const od = channel(maps, 'indices', 'od', size);
  const haemoglobin = channel(maps, 'chromophores', 'haemoglobin', size);
  const out = new Float32Array(od.length);
  for (let i = 0; i < out.length; i++) out[i] = od[i]! - HAEMOGLOBIN_IN_Y * haemoglobin[i]!;
  glowDensities.set(maps, out);
  return out;
}

const glowDensities = new WeakMap<MarkerInputs['maps'], Float32Array>();

/**
 * The regions the light's slope is fitted over: the face's middle, from the forehead's full width to the chin. The
 * cheeks are left out, so a glow on one cheek stays that cheek's (fitted over them too, it would tilt the plane
 * towards itself and read on the other cheek as dullness).
 */
const LIGHT_FIT: RegionName[] = ['forehead', 'nose', 'chin'];

/**
 * The slope [∂/∂x, ∂/∂y] of the light's plane a + b·x + c·y through a map over some pixels (crop pixels), or undefined
 * when the pixels do not span a plane. Fitted robustly (iteratively reweighted least squares with Tukey's biweight,
 * LIGHT_PLANE): pixels far off the plane (hair at the forehead's edge, a nostril's shade, a blemish) weigh less and
 * from a cut-off nothing. With plain least squares a few such pixels set the slope, and a re-save that moved them
 * moved it: queen20 at twice its size, quality 70, −0.083 → −0.070 per px, each cheek's glow by the slope's change
 * times its distance from the fit's centre, radiance 49 → 45 (docs/analysis.md, Consistency, root cause 20).
 */
export function lightSlope(map: Float32Array, pixels: Weighted, size: number): [number, number] | undefined {
  let plane = weightedPlane(map, pixels, size);
  const weight = new Float32Array(pixels.weight.length);
  const residual = new Float32Array(pixels.weight.length);
  for (let round = 0; round < LIGHT_PLANE.rounds && plane; round++) {
    for (let k = 0; k < pixels.index.length; k++) {
      const i = pixels.index[k]!;
      const x = i % size;
      residual[k] = map[i]! - plane.a - plane.b * x - plane.c * ((i - x) / size);
    }
    // The residuals' spread as a standard deviation (1.4826 × their median absolute value; NaN pixels sort last).
    const spread = 1.4826 * medianAbsolute(residual);
    if (!(spread > 0)) break;
    const cutoff = LIGHT_PLANE.cutoff * spread;
    for (let k = 0; k < weight.length; k++) {
      const u = residual[k]! / cutoff;
      weight[k] = Math.abs(u) < 1 ? pixels.weight[k]! * (1 - u * u) ** 2 : 0;
    }
    plane = weightedPlane(map, { index: pixels.index, weight }, size);
  }
  return plane ? [plane.b, plane.c] : undefined;
}

/** Tukey's biweight: residuals beyond `cutoff` standard deviations weigh 0; 4.685 keeps 95 % efficiency on Gaussian noise. */
const LIGHT_PLANE = { cutoff: 4.685, rounds: 5 } as const;

function medianAbsolute(values: Float32Array): number {
  const sorted = Float32Array.from(values, Math.abs).sort();
  return sorted[sorted.length >> 1]!;
}

/** The weighted least-squares plane a + b·x + c·y through a map over some pixels, or undefined when they do not span one. */
function weightedPlane(map: Float32Array, pixels: Weighted, size: number): { a: number; b: number; c: number } | undefined {
  let sw = 0, sx = 0, sy = 0, sz = 0, sxx = 0, syy = 0, sxy = 0, sxz = 0, syz = 0;
  for (let k = 0; k < pixels.index.length; k++) {
    const i = pixels.index[k]!;
    const w = pixels.weight[k]!;
    const z = map[i]!;
    if (!Number.isFinite(z)) continue;
    const x = i % size;
    const y = (i - x) / size;
    sw += w;
    sx += w * x;
    sy += w * y;
    sz += w * z;
    sxx += w * x * x;
    syy += w * y * y;
    sxy += w * x * y;
    sxz += w * x * z;
    syz += w * y * z;
  }
  if (sw <= 0) return undefined;
  const [mx, my, mz] = [sx / sw, sy / sw, sz / sw];
  const [cxx, cyy, cxy] = [sxx / sw - mx * mx, syy / sw - my * my, sxy / sw - mx * my];
  const [cxz, cyz] = [sxz / sw - mx * mz, syz / sw - my * mz];
  const det = cxx * cyy - cxy * cxy;
  if (!(det > 1e-9)) return undefined;
  const b = (cxz * cyy - cyz * cxy) / det;
  const c = (cyz * cxx - cxz * cxy) / det;
  return { a: mz - b * mx - c * my, b, c };
}

const [hr, hg, hb] = CHROMOPHORE_VECTORS.haemoglobin;
const HAEMOGLOBIN_IN_Y = 0.2126 * hr + 0.7152 * hg + 0.0722 * hb;

/**
 * Radiance of some of the cheeks (per-region results: one at a time) against the whole face's reference skin,
 * blurs and reference prepared once.
 */
export function radianceOver(inputs: MarkerInputs): (glowing: readonly RegionName[]) => MarkerMeasurement {
  const { size } = inputs;
  const R = RADIANCE;
  const density = glowDensity(inputs.maps, size);
  const od = inputs.skin.plain.blur.mean(density, R.sigma);
  // The reference skin without its shine (glare-weighted, blurred over glare-weighted skin): T-zone sheen is
  // oiliness, and counted in the reference it made the cheeks read duller.
  const matte = inputs.skin.glare.blur.mean(density, R.sigma);
  // The light's slope across the face, fitted over the central regions and taken out of both maps: a head turned
  // or tilted towards the light brightens the whole side it turns, which is the light's geometry, not the skin's glow.
  // Only with the forehead measured: it is what spans the face's width, and a slope fitted over the narrow nose and
  // chin alone would be extrapolated threefold to the cheeks (a forehead under hair is measured as before).
  const slope = inputs.usable.has('forehead') ? lightSlope(matte, fitPixels(inputs, size), size) : undefined;
  (globalThis as any).__slope = slope;
  if (slope) {
    for (let i = 0; i < od.length; i++) {
      const x = i % size;
      const lit = slope[0] * x + slope[1] * ((i - x) / size);
      od[i] = od[i]! - lit;
      matte[i] = matte[i]! - lit;
    }
  }
  const reference = weightedMedian(matte, unionPixels(inputs, REFERENCE));
  // Each cheek's glow, once: the whole face pools them, the per-region results read them one at a time.
  const glows = new Map<Weighted, number>();
  const glow = (pixels: Weighted) => {
    let value = glows.get(pixels);
    if (value === undefined) glows.set(pixels, (value = reference - weightedPercentile(od, pixels, R.percentile)));
    return value;
  };
  return (glowing): MarkerMeasurement => {
    if (!Number.isFinite(reference)) return { value: Number.NaN, details: {} };
    const value = pooledOver(inputs, glowing, glow, true);
    return { value, details: { glow: value, reference_density: reference, gl: glow(inputs.pixels.left_cheek), gr: glow(inputs.pixels.right_cheek) } };
  };
}

/** Probe: the fit's pixels, the forehead cut to its lower part (rows below the given share of its weighted rows). */
function fitPixels(inputs: MarkerInputs, size: number): Weighted {
  if (!VR.lowerForehead) return unionPixels(inputs, LIGHT_FIT);
  const f = inputs.pixels.forehead;
  const ys = Array.from(f.index, (i) => Math.floor(i / size)).sort((a, b) => a - b);
  const cut = ys[Math.floor(ys.length * VR.lowerForehead)]!;
  const keep = Array.from(f.index.keys()).filter((k) => Math.floor(f.index[k]! / size) >= cut);
  const fh = { index: Uint32Array.from(keep, (k) => f.index[k]!), weight: Float32Array.from(keep, (k) => f.weight[k]!) };
  const parts = [fh, inputs.pixels.nose, inputs.pixels.chin];
  const n = parts.reduce((a, p) => a + p.index.length, 0);
  const index = new Uint32Array(n); const weight = new Float32Array(n); let o = 0;
  for (const p of parts) { index.set(p.index, o); weight.set(p.weight, o); o += p.index.length; }
  return { index, weight };
}
