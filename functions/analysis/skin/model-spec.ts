/**
 * The contract between the skin-model builder (models/build/skin-model.ts) and the code that runs it:
 * input size and name, output names and channel order, and the physical constants both sides use.
 * docs/markers.md explains each map.
 */

/** Side of the square, aligned face crop the model takes. */
export const SKIN_INPUT_SIZE = 256;
export const SKIN_INPUT_NAME = 'image';
export const SKIN_MODEL_FILE = 'skin.onnx';

/** Output name → channel names, in order. Every output is float32 [1, channels, S, S]. */
export const SKIN_OUTPUTS = {
  /** CIELAB (D65): L* 0..100, a*, b*. */
  lab: ['L', 'a', 'b'],
  /** Classic camera indices: MI = 100·log10(1/R), EI = 100·log10(R/G) (linear RGB), OD = 100·log10(1/Y). */
  indices: ['mi', 'ei', 'od'],
  /** Chromophore decomposition of the optical density (melanin, haemoglobin, neutral shading), in 100·OD units. */
  chromophores: ['melanin', 'haemoglobin', 'shading'],
  /** Centre-surround contrast of haemoglobin, best of 3 scales: red blobs (papules, pustules). */
  red_blobs: ['contrast'],
  /**
   * Centre-surround contrast of melanin, best of 3 scales (mottling); confirmed: per scale the smaller of that and the
   * luminance density contrast in melanin units, best of the scales (brown spots, since skin-v1.10.0).
   */
  dark_spots: ['contrast', 'confirmed'],
  /**
   * Hessian valley strength of the relief density (luminance optical density plus the chroma-resolution part of
   * shading, robust to 4:2:0 JPEG chroma): dark lines, best of 2 scales (wrinkles), and at the finest scale.
   */
  lines: ['strength', 'fine'],
  /** Hessian pit strength of the relief density at the finest scale: small round dark pits (pores), bright flecks (flakes). */
  pits: ['dark', 'bright'],
  /**
   * The same finest Hessian on luminance density (OD_Y) alone: dark pits (smaller of σ 1 and σ 1.6), bright flecks and
   * dark lines at σ 1. Caps `pits` and `lines.fine` per pixel (features.ts finestReliefOf), since skin-v1.14.0.
   */
  luma_relief: ['dark_pit', 'bright_fleck', 'fine_line'],
  /**
   * Specular highlights in L* units: strength = brighter and less chromatic than the surrounding skin (min of the
   * two, the glare weight); sheen = the brightening itself, gated softly by the chroma drop averaged over σ 3 px (oiliness; σ 2 before skin-v1.12.0).
   */
  specular: ['strength', 'sheen'],
  /**
   * 9×9 RMS of the finest band of shading (shading − σ 0.8 blur). Until skin-v1.13.0 also of band-pass shading
   * (σ 1.5 − σ 4.5), `band_rms`, and a 9×9 mean and standard deviation of L* (`local_stats`): texture.ts measures
   * texture's band over the regions' skin since skin-v1.12.0, and nothing read the L* statistics.
   */
  texture: ['fine_rms'],
} as const;

export type SkinOutputName = keyof typeof SKIN_OUTPUTS;
export const SKIN_OUTPUT_NAMES = Object.keys(SKIN_OUTPUTS) as SkinOutputName[];

/**
 * Absorbance (optical density) per linear sRGB channel [R, G, B] of one unit of each chromophore, in the
 * spirit of Tsumura et al. 2003 (skin colour as melanin + haemoglobin + shading in log-RGB space).
 * Melanin: eumelanin absorption ∝ λ^-3.46 at effective channel wavelengths 600/540/460 nm, scaled to R = 1.
 * Haemoglobin: oxy-haemoglobin extinction at 600/540/460 nm (3200 / 53236 / 33209 cm⁻¹/M), scaled to G = 1.
 * Shading (light falloff, shadows, exposure): neutral, the same in every channel.
 */
export const CHROMOPHORE_VECTORS = {
  melanin: [1, 1.44, 2.51],
  haemoglobin: [0.06, 1, 0.62],
  shading: [1, 1, 1],
} as const;

/** Smallest linear value taken into a logarithm (about sRGB 6/255): keeps black pixels finite. */
export const LINEAR_FLOOR = 0.002;

export const FILTER_SCALES = {
  /** Centre σ of the blob detectors; the surround is SURROUND_RATIO times wider. */
  blobCentres: [1.2, 2, 3.2],
  surroundRatio: 2.5,
  /** σ of the local skin colour at which red_blobs converts luminance density into haemoglobin units. */
  redBackground: 4,
  /** σ over which the red-spot gate averages the haemoglobin and luminance contrasts. */
  redGate: 2,
  /** Share of a spot's luminance darkening that haemoglobin explains: no red spot below [0], fully one from [1]. */
  redShare: [0.3, 0.6],
  /** Per blob scale, a red spot's haemoglobin term may read at most this many times its luminance term (chroma alone makes no spot). */
  redOverLuminance: [1.75, 2, 2],
  /** At the finest blob scale only, the luminance term may read at most this many times the haemoglobin term. */
  luminanceOverRed: 1.75,
  /**
   * A dark structure, not a lesion: per blob scale a spot fades from fully counted to not at all as the part of its
   * luminance darkening its own chromophore does not explain (ΔOD_Y − k·Δhaemoglobin for red spots, ΔOD_Y −
   * k·Δmelanin for brown ones, k the OD_Y one unit of it adds at the local skin colour; 100·OD units) goes from [0]
   * to [1]. A papule or a brown spot darkens luminance about as its chromophore says (painted papules read a fifth
   * less in luminance than in haemoglobin); a nostril or a fold's shade darkens it by 20–35 units, mostly neutral,
   * and the small share of it a re-save reads as
   * haemoglobin or melanin flipped it across the red gate and the brown threshold (docs/analysis.md, Consistency,
   * root cause 34).
   */
  unexplainedDarkening: [6, 12],
  lineSigmas: [1, 1.6],
  /** σ of the blur applied to shading − OD_Y (a chroma quantity) in the relief density: about JPEG chroma resolution. */
  reliefChroma: 1,
  specularBackground: 8,
  /**
   * Chroma drop per unit of brightening (−ΔC* over ΔL*) at which a brightening counts fully as sheen: 0.1 since
   * skin-v1.12.0 (0.2 before), a third of what white light gives on skin of C* 20, so a weak highlight whose chroma dip
   * a quality-70 save flattens still counts (docs/analysis.md, "Consistency", root cause 30).
   */
  sheenChromaDrop: 0.1,
  /**
   * σ over which the sheen gate averages the brightening and the chroma drop: 3 since skin-v1.12.0 (2 before), so the
   * drop is read over more of the chroma blocks a re-save quantises, whose local mean it keeps (root cause 30).
   */
  sheenGate: 3,
  textureBand: [1.5, 4.5],
  textureFine: 0.8,
  window: 9,
} as const;

/** Raw model outputs, each float32 [channels · S · S] in SKIN_OUTPUTS order. */
export type SkinMaps = Record<SkinOutputName, Float32Array>;

/** One channel of one output, as an S × S view (no copy). */
export function channel(maps: SkinMaps, output: SkinOutputName, name: string, size: number): Float32Array {
  const index = (SKIN_OUTPUTS[output] as readonly string[]).indexOf(name);
  if (index < 0) throw new Error(`Unknown channel ${name} of ${output}`);
  const n = size * size;
  return maps[output].subarray(index * n, (index + 1) * n);
}
