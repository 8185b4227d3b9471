import { ZIGZAG } from './jpeg-dct';
import { scaledQuality, scaledTable } from './jpeg-tables';

/**
 * The first save's quantisation steps of a JPEG saved twice, estimated from the second save's DCT-coefficient
 * histograms, and the value each second-save level most plausibly held in the first file (double-compression
 * forensics: Lukáš & Fridrich 2003; Thai & Cogranne 2019). Plane-agnostic: jpeg-luma.ts reads the luma blocks and
 * restores them, jpeg-chroma.ts the chroma blocks (docs/analysis.md, "Consistency", root causes 38 and 39).
 */

/**
 * Per frequency, the value each second-save level 0…MAX_LEVEL most plausibly held in the first file, or undefined
 * where the first step was not finer.
 */
export function primaryRestorations(history: PrimaryEstimate, noise: number): (Float64Array | undefined)[] {
  if (!history.resaved) return [];
  return history.fits.map((fit, k) => {
    const q1 = history.q1[k]!;
    return fit && q1 < fit.q2 ? primaryMeans(q1, fit.q2, laplacianPrior(fit.hist, q1, fit.q2, noise), noise) : undefined;
  });
}

export interface PrimaryEstimate {
  /** Whether the photo shows a first save finer than its own table (MIN_RESAVED_LOWEST of the lowest frequencies). */
  resaved: boolean;
  /** The first table's step per row-major frequency as estimated (the file's own step where none finer shows). */
  q1: Float64Array;
  /** The first file's quality when the file's table is a scaled annex K table (as libjpeg writes), else undefined. */
  quality?: number;
  fits: (FrequencyFit | undefined)[];
}

/**
 * The first file's table as far as the histograms show it. Most of the finer frequencies hold too few non-zero
 * coefficients to show a pattern alone, so the table is fitted whole, every judged frequency's likelihood summed:
 * when the file's own table is libjpeg's scaling of `base` (annex K) at some quality, over the same scaling at every
 * finer quality (encoders scale one base table by the quality, so a web JPEG and its re-save share it); otherwise over
 * the file's table times a ratio from 0.5 to 1, with each frequency that shows a finer step by itself
 * (PRIMARY_EVIDENCE) keeping its own. With `only` (the lowest frequencies' coefficients alone), just the decision.
 */
export function estimatePrimarySteps(
  coefs: Float64Array,
  count: number,
  calibration: Float64Array,
  calibrationCount: number,
  steps: Float64Array,
  options: { noise?: number; knownResaved?: boolean; base?: readonly number[]; only?: readonly number[] } = {},
): PrimaryEstimate {
  const noise = options.noise ?? ROUNDING_NOISE;
  // The lowest frequencies first: a first save stops there (its cost is five histograms, not sixty-three).
  const fits = fitPrimarySteps(coefs, count, calibration, calibrationCount, steps, noise, LOWEST_FREQUENCIES);
  const q1 = Float64Array.from(steps);
  const shown = (k: number) => fits[k]?.best !== undefined && fits[k]!.evidence >= PRIMARY_EVIDENCE;
  const resaved = options.knownResaved === true || LOWEST_FREQUENCIES.filter(shown).length >= MIN_RESAVED_LOWEST;
  if (!resaved || options.only) return { resaved, q1, fits };
  const rest = fitPrimarySteps(coefs, count, calibration, calibrationCount, steps, noise, ALL_AC.filter((k) => !LOWEST_FREQUENCIES.includes(k)));
  rest.forEach((fit, k) => fit && (fits[k] = fit));
  const second = options.base ? scaledQuality(steps, options.base) : undefined;
  const candidates: { table: ArrayLike<number>; quality?: number }[] = [];
  if (second !== undefined) {
    for (let quality = second + 1; quality <= 100; quality++) candidates.push({ table: scaledTable(options.base!, quality), quality });
  } else {
    for (let r = 50; r < 100; r++) candidates.push({ table: steps.map((q2) => Math.max(1, Math.round((q2 * r) / 100))) });
  }
  let best = { total: -Infinity, table: steps as ArrayLike<number>, quality: undefined as number | undefined };
  for (const { table, quality } of candidates) {
    let total = 0;
    for (let k = 1; k < 64; k++) {
      const fit = fits[k];
      if (fit?.ll) total += fit.ll[Math.min(fit.ll.length - 1, Math.max(Math.floor(fit.q2 / 2) + 1, table[k]!))]!;
    }
    if (total > best.total) best = { total, table, quality };
  }
  for (let k = 1; k < 64; k++) {
    const fit = fits[k];
    if (fit) q1[k] = Math.min(fit.q2, second === undefined && shown(k) ? fit.best! : best.table[k]!);
  }
  return { resaved, q1, quality: best.quality, fits };
}

/**
 * Nats by which the best primary step below q₂ must out-fit every other candidate before a frequency is restored.
 */
export const PRIMARY_EVIDENCE = 10;
/**
 * A photo is taken as re-saved only when at least MIN_RESAVED_LOWEST of its five lowest AC frequencies (zig-zag 1–5,
 * the most populated) show a finer first step. A first save's histograms can show a stray pattern in a sparse
 * middle frequency (a crop of an older JPEG off its grid, whose blocks the calibration grid may meet), never in these.
 */
export const MIN_RESAVED_LOWEST = 3;
export const LOWEST_FREQUENCIES = [1, 2, 3, 4, 5].map((z) => ZIGZAG[z]!);
const ALL_AC = Array.from({ length: 63 }, (_, i) => i + 1);
/** Frequencies with fewer non-zero coefficients than this are not judged (too few to show a pattern). */
const MIN_NONZERO = 30;
/** Bins |m| = 0 … MAX_LEVEL are fitted one by one; larger ones as one tail bin. */
const MAX_LEVEL = 12;
/** Rounding noise of a decoded coefficient (8-bit pixels, integer transforms), in coefficient units. */
export const ROUNDING_NOISE = 0.5;

export interface FrequencyFit {
  /** The step of the file's table. */
  q2: number;
  nonzero: number;
  /** Counts of the second save's bins |m| = 0…MAX_LEVEL, and the tail. */
  hist: Float64Array;
  /** |calibration coefficients|, sorted. */
  magnitudes: Float64Array;
  /** Log-likelihood of the second save's bins per candidate q₁ (index q₁, from ⌊q₂/2⌋ + 1 to 1.5·q₂); undefined when too few. */
  ll?: Float64Array;
  /** The best candidate below q₂, and its log-likelihood over the best other candidate (q₂ itself among them). */
  best?: number;
  evidence: number;
}

/**
 * The fit of every AC luma frequency (row-major index 1…63). `calibration` holds the same frequencies on a grid
 * shifted by half a block: there the quantisation leaves no trace, so their histogram stands for the unquantised
 * coefficients (Lukáš & Fridrich's calibration), and each candidate q₁ predicts the second save's histogram by
 * quantising them at q₁ and again at q₂.
 */
export function fitPrimarySteps(coefs: Float64Array, count: number, calibration: Float64Array, calibrationCount: number, steps: Float64Array, noise: number, frequencies: readonly number[] = ALL_AC): (FrequencyFit | undefined)[] {
  const fits: (FrequencyFit | undefined)[] = new Array(64).fill(undefined);
  for (const k of frequencies) {
    const q2 = steps[k]!;
    if (q2 < 2) continue;
    const hist = new Float64Array(MAX_LEVEL + 2);
    for (let b = 0; b < count; b++) hist[Math.min(MAX_LEVEL + 1, Math.abs(Math.round(coefs[b * 64 + k]! / q2)))]! += 1;
    const nonzero = count - hist[0]!;
    if (nonzero === 0) continue;
    const magnitudes = new Float64Array(calibrationCount);
    for (let b = 0; b < calibrationCount; b++) magnitudes[b] = Math.abs(calibration[b * 64 + k]!);
    magnitudes.sort();
    const fit: FrequencyFit = { q2, nonzero, magnitudes, hist, evidence: -Infinity };
    fits[k] = fit;
    if (nonzero < MIN_NONZERO) continue;
    // Candidates from just over q₂ / 2 (a finer first step below that rounds every one-step coefficient to zero: it
    // adds nothing) to 1.5 q₂ (a re-save at a finer quality, as 80 → 85, is told from a single save there).
    const ll = new Float64Array(Math.floor(1.5 * q2) + 1).fill(-Infinity);
    let below = -Infinity;
    let other = -Infinity;
    for (let q1 = Math.floor(q2 / 2) + 1; q1 < ll.length; q1++) {
      ll[q1] = logLikelihood(hist, predictedBins(primaryLevels(magnitudes, q1, q2), q1, q2, noise));
      if (q1 >= q2) other = Math.max(other, ll[q1]!);
      else if (ll[q1]! > below) {
        below = ll[q1]!;
        fit.best = q1;
      }
    }
    fit.ll = ll;
    fit.evidence = below - other;
  }
  return fits;
}

/**
 * The mass of each primary level |k₁| of step q₁ under the Laplacian whose double quantisation (q₁ then q₂) fits the
 * second save's bins best: the prior for a coefficient's first value. (The calibration's histogram is not used here:
 * on the shifted grid the second save's block edges fall inside the blocks and add to the finer frequencies.)
 */
function laplacianPrior(hist: Float64Array, q1: number, q2: number, noise: number): Float64Array {
  const levels = Math.ceil(((MAX_LEVEL + 1) * q2 + 3) / q1) + 1;
  let best = { ll: -Infinity, mass: new Float64Array(levels + 1) };
  for (let i = 0; i < 25; i++) {
    const scale = q2 * 2 ** (i / 3 - 5);
    const mass = new Float64Array(levels + 1);
    mass[0] = 1 - Math.exp(-q1 / (2 * scale));
    const ratio = 1 - Math.exp(-q1 / scale);
    for (let k1 = 1; k1 < levels; k1++) mass[k1] = Math.exp(-((k1 - 0.5) * q1) / scale) * ratio;
    mass[levels] = Math.exp(-((levels - 0.5) * q1) / scale);
    const ll = logLikelihood(hist, predictedBins(mass, q1, q2, noise));
    if (ll > best.ll) best = { ll, mass };
  }
  return best.mass;
}

/** Counts of the calibration magnitudes at each level |k₁| = 0…levels of step q₁ (plus ½, so none is impossible). */
function primaryLevels(sorted: Float64Array, q1: number, q2: number): Float64Array {
  const levels = Math.ceil(((MAX_LEVEL + 1) * q2 + 3) / q1) + 1;
  const counts = new Float64Array(levels + 1);
  let below = 0;
  for (let k1 = 0; k1 <= levels; k1++) {
    const upTo = k1 === levels ? sorted.length : upperBound(sorted, (k1 + 0.5) * q1);
    counts[k1] = upTo - below + 0.5;
    below = upTo;
  }
  return counts;
}

/** The share of coefficients predicted in each bin |m| = 0…MAX_LEVEL (and the tail) from primary level counts. */
function predictedBins(levels: Float64Array, q1: number, q2: number, noise: number): Float64Array {
  const p = new Float64Array(MAX_LEVEL + 2);
  let total = 0;
  for (let k1 = 0; k1 < levels.length; k1++) {
    const w = levels[k1]!;
    total += w;
    let inBins = 0;
    // The rounding noise is a fraction of a step: only the nearest bin and its neighbours can receive a level.
    const nearest = Math.round((k1 * q1) / q2);
    for (let m = Math.max(0, nearest - 1); m <= Math.min(MAX_LEVEL, nearest + 1); m++) {
      const c = binChance(k1 * q1, m, q2, noise);
      p[m]! += w * c;
      inBins += c;
    }
    p[MAX_LEVEL + 1]! += w * Math.max(0, 1 - inBins);
  }
  for (let m = 0; m <= MAX_LEVEL + 1; m++) p[m] = p[m]! / total;
  return p;
}

function logLikelihood(hist: Float64Array, p: Float64Array): number {
  let ll = 0;
  for (let m = 0; m < hist.length; m++) if (hist[m]! > 0) ll += hist[m]! * Math.log(Math.max(p[m]!, 1e-9));
  return ll;
}

/** The number of sorted values ≤ x. */
function upperBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** E[k₁·q₁ | second-save level m] for m = 0…MAX_LEVEL, with `prior` the weight of each primary level |k₁|. */
export function primaryMeans(q1: number, q2: number, prior: Float64Array, noise: number): Float64Array {
  const sum = new Float64Array(MAX_LEVEL + 1);
  const mass = new Float64Array(MAX_LEVEL + 1);
  for (let k1 = 0; k1 < prior.length; k1++) {
    const v = k1 * q1;
    for (let m = 0; m <= MAX_LEVEL; m++) {
      const p = prior[k1]! * binChance(v, m, q2, noise);
      sum[m]! += p * v;
      mass[m]! += p;
    }
  }
  const means = new Float64Array(MAX_LEVEL + 1);
  for (let m = 0; m <= MAX_LEVEL; m++) means[m] = mass[m]! > 0 ? sum[m]! / mass[m]! : m * q2;
  return means;
}

/** The chance a coefficient of value v ≥ 0 (plus rounding noise) lands in folded bin |m| of step q₂. */
function binChance(v: number, m: number, q2: number, noise: number): number {
  // Far (4 σ) from a bin edge the noise cannot move a value: all of it in its nearest bin.
  const nearest = Math.round(v / q2);
  if (Math.abs(Math.abs(v - nearest * q2) - q2 / 2) > 4 * noise) return m === nearest ? 1 : 0;
  const upper = normalCdf(((m + 0.5) * q2 - v) / noise) - normalCdf(((m - 0.5) * q2 - v) / noise);
  if (m === 0) return upper;
  return upper + normalCdf((-(m - 0.5) * q2 - v) / noise) - normalCdf((-(m + 0.5) * q2 - v) / noise);
}

/** Abramowitz–Stegun 7.1.26 (error under 1.5e-7). */
function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
