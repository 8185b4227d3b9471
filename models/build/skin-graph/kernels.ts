/** 1-D filter taps, computed once at build time and embedded in the graph as initializers. */

/** Radius that keeps a sampled Gaussian's truncation error below ~0.3 %. */
export function gaussianRadius(sigma: number): number {
  return Math.max(1, Math.ceil(3 * sigma));
}

function taps(radius: number, f: (x: number) => number): number[] {
  const out: number[] = [];
  for (let x = -radius; x <= radius; x++) out.push(f(x));
  return out;
}

/** Sampled Gaussian, normalised to sum 1 (a blur keeps the mean). */
export function gaussian(sigma: number, radius = gaussianRadius(sigma)): number[] {
  const g = taps(radius, (x) => Math.exp(-(x * x) / (2 * sigma * sigma)));
  const sum = g.reduce((a, b) => a + b, 0);
  return g.map((v) => v / sum);
}

/**
 * First derivative of the Gaussian, normalised so that it returns slope 1 on a unit ramp.
 * Convolution flips the kernel; ONNX Conv is a correlation, so the taps are written for correlation.
 */
export function gaussianD1(sigma: number, radius = gaussianRadius(sigma)): number[] {
  const g = gaussian(sigma, radius);
  const d = g.map((v, i) => (i - radius) * v);
  const ramp = d.reduce((acc, v, i) => acc + v * (i - radius), 0);
  return d.map((v) => v / ramp);
}

/** Second derivative of the Gaussian: zero response to constants and ramps, response 2 to x² (so d²/dx² = 2). */
export function gaussianD2(sigma: number, radius = gaussianRadius(sigma)): number[] {
  const g = gaussian(sigma, radius);
  const s2 = sigma * sigma;
  const raw = g.map((v, i) => {
    const x = i - radius;
    return ((x * x - s2) / (s2 * s2)) * v;
  });
  // Remove the DC leak of the truncated sampled kernel (g sums to 1), then fix the gain on a parabola.
  const dc = raw.reduce((a, b) => a + b, 0);
  const fixed = raw.map((v, i) => v - dc * g[i]!);
  const parabola = fixed.reduce((acc, v, i) => acc + v * (i - radius) ** 2, 0);
  return fixed.map((v) => (2 * v) / parabola);
}

/** Box filter of odd width `size`, normalised to sum 1. */
export function box(size: number): number[] {
  return new Array<number>(size).fill(1 / size);
}

/** Zero-pads a centred kernel to `radius` on each side so that kernels of one bank share a size. */
export function padTo(kernel: number[], radius: number): number[] {
  const own = (kernel.length - 1) / 2;
  if (own > radius) throw new Error(`kernel radius ${own} exceeds bank radius ${radius}`);
  const pad = new Array<number>(radius - own).fill(0);
  return [...pad, ...kernel, ...pad];
}
