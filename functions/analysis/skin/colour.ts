/** Colour conversions shared by the skin-model builder (as graph constants) and the JS side (skin mask, painting). */

/** Linear sRGB → CIE XYZ (D65), IEC 61966-2-1. */
export const SRGB_TO_XYZ = [
  [0.4124564, 0.3575761, 0.1804375],
  [0.2126729, 0.7151522, 0.072175],
  [0.0193339, 0.119192, 0.9503041],
] as const;

/** D65 reference white (Y = 1). */
export const D65_WHITE = [0.95047, 1, 1.08883] as const;

/** CIELAB f(t): cube root above (6/29)³, linear below. */
export const LAB_EPSILON = 216 / 24389;
export const LAB_KAPPA_SLOPE = 24389 / 27 / 116;

export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

export function linearToSrgb(v: number): number {
  const c = Math.min(1, Math.max(0, v));
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
}

/** 256-entry table: 8-bit sRGB code → linear value. */
export const SRGB8_TO_LINEAR: Float64Array = (() => {
  const t = new Float64Array(256);
  for (let i = 0; i < 256; i++) t[i] = srgbToLinear(i / 255);
  return t;
})();

function labF(t: number): number {
  return t > LAB_EPSILON ? Math.cbrt(t) : LAB_KAPPA_SLOPE * t + 16 / 116;
}

/** Linear sRGB (0..1) → [L*, a*, b*]. */
export function linearToLab(r: number, g: number, b: number): [number, number, number] {
  const m = SRGB_TO_XYZ;
  const fx = labF((m[0][0] * r + m[0][1] * g + m[0][2] * b) / D65_WHITE[0]);
  const fy = labF((m[1][0] * r + m[1][1] * g + m[1][2] * b) / D65_WHITE[1]);
  const fz = labF((m[2][0] * r + m[2][1] * g + m[2][2] * b) / D65_WHITE[2]);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** Inverse of a 3×3 matrix (throws when singular). */
export function invert3(m: readonly (readonly number[])[]): number[][] {
  const [a, b, c] = m[0]!;
  const [d, e, f] = m[1]!;
  const [g, h, i] = m[2]!;
  const A = e! * i! - f! * h!;
  const B = -(d! * i! - f! * g!);
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  if (Math.abs(det) < 1e-12) throw new Error('invert3: singular matrix');
  return [
    [A / det, -(b! * i! - c! * h!) / det, (b! * f! - c! * e!) / det],
    [B / det, (a! * i! - c! * g!) / det, -(a! * f! - c! * d!) / det],
    [C / det, -(a! * h! - b! * g!) / det, (a! * e! - b! * d!) / det],
  ];
}
