/**
 * Normalised Gaussian blur over a weighted support: blur(map · weight) / blur(weight), so pixels outside the skin
 * (eyes, brows, hair, background) neither leak into the skin's values nor pull them towards zero at its edges.
 * The Gaussian is three passes of a running-sum box filter per axis (linear time, whatever σ).
 */

/** Box width for three passes whose variance is σ²: 3(w² − 1)/12 = σ². */
function boxWidth(sigma: number): number {
  const w = Math.round(Math.sqrt(4 * sigma * sigma + 1));
  return w % 2 === 1 ? w : w + 1;
}

/** One box pass along rows (horizontal) or columns, in place; outside the image counts as 0. */
function boxPass(data: Float64Array, size: number, radius: number, horizontal: boolean, scratch: Float64Array): void {
  const step = horizontal ? 1 : size;
  const lineStep = horizontal ? size : 1;
  for (let line = 0; line < size; line++) {
    const base = line * lineStep;
    for (let i = 0; i < size; i++) scratch[i] = data[base + i * step]!;
    let sum = 0;
    for (let i = 0; i <= Math.min(radius, size - 1); i++) sum += scratch[i]!;
    for (let i = 0; i < size; i++) {
      data[base + i * step] = sum;
      const add = i + radius + 1;
      const drop = i - radius;
      if (add < size) sum += scratch[add]!;
      if (drop >= 0) sum -= scratch[drop]!;
    }
  }
}

function gaussianSums(values: Float64Array, size: number, sigma: number): void {
  const radius = (boxWidth(sigma) - 1) / 2;
  const scratch = new Float64Array(size);
  for (let pass = 0; pass < 3; pass++) {
    boxPass(values, size, radius, true, scratch);
    boxPass(values, size, radius, false, scratch);
  }
}

/**
 * Weighted Gaussian mean of `map` at every pixel (σ in pixels), over `weight` (0..1 per pixel); where the weight
 * within reach is below `minWeight` of the kernel's mass (far from any skin), the pixel keeps its own value.
 */
export function normalisedBlur(map: Float32Array, weight: Float32Array, size: number, sigma: number, minWeight = 0.05): Float32Array {
  const n = size * size;
  const num = new Float64Array(n);
  const den = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const w = weight[i]!;
    if (w <= 0) continue;
    num[i] = w * map[i]!;
    den[i] = w;
  }
  gaussianSums(num, size, sigma);
  gaussianSums(den, size, sigma);
  const mass = boxWidth(sigma) ** 6;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = den[i]! >= minWeight * mass ? num[i]! / den[i]! : map[i]!;
  return out;
}

/**
 * How much of the Gaussian neighbourhood (σ) of each pixel is skin: blur(weight), 0..1. Centre-surround measures
 * near the edge of the skin (hair, nostrils, brows, background) compare a pixel with one side of its
 * surroundings only; a low cover marks them.
 */
export function skinCover(weight: Float32Array, size: number, sigma: number): Float32Array {
  const sums = Float64Array.from(weight);
  gaussianSums(sums, size, sigma);
  const mass = boxWidth(sigma) ** 6;
  return Float32Array.from(sums, (v) => v / mass);
}
