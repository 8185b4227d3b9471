/**
 * Recolouring a face's skin in CIELAB (for the skin-tone tests): every skin pixel of the photo is moved so the
 * skin's median L* and b* land on chosen values, keeping each pixel's own variation (L* shifted, a* and b* scaled
 * together, so the hue angle is kept). Skin is paint.skinWeights (what paint.deepenPhoto deepens): skin-coloured pixels seeded by the
 * landmark cheeks, nose and forehead, feathered 3 px, so hair, eyes, lips and background keep their colour.
 */
import { fillPolygon } from '../../../functions/analysis/face/polygon-fill';
import { linearToLab, linearToSrgb, SRGB8_TO_LINEAR, SRGB_TO_XYZ, D65_WHITE, invert3 } from '../../../functions/analysis/skin/colour';
import type { RgbImage } from '../../../functions/analysis/types';
import type { PaintableFace } from './painting';

const XYZ_TO_SRGB = invert3(SRGB_TO_XYZ);

/** CIELAB (D65) → 8-bit sRGB, clipped. */
export function labToSrgb8(L: number, a: number, b: number): [number, number, number] {
  const fy = (L + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const inv = (f: number) => (f > 6 / 29 ? f ** 3 : 3 * (6 / 29) ** 2 * (f - 4 / 29));
  const xyz = [inv(fx) * D65_WHITE[0], inv(fy) * D65_WHITE[1], inv(fz) * D65_WHITE[2]];
  return XYZ_TO_SRGB.map((row) => {
    const linear = row[0]! * xyz[0]! + row[1]! * xyz[1]! + row[2]! * xyz[2]!;
    return Math.round(255 * linearToSrgb(linear));
  }) as [number, number, number];
}

export function srgb8ToLab(r: number, g: number, b: number): [number, number, number] {
  return linearToLab(SRGB8_TO_LINEAR[r]!, SRGB8_TO_LINEAR[g]!, SRGB8_TO_LINEAR[b]!);
}

/**
 * The photo with its skin's median L* and b* moved to `target`: medians over the skin of the face's own forehead,
 * nose, cheeks and chin polygons (the landmark regions, in photo pixels), the parts a skin tone is read from.
 */
export function recolourSkin(face: PaintableFace, weights: Float32Array, target: { L: number; b: number }): RgbImage {
  const { data, width, height } = face.photo;
  const inFace = new Uint8Array(width * height);
  for (const name of ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'] as const) fillPolygon(inFace, width, face.polygons[name], 1);
  const Ls: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < width * height; i++) {
    if (weights[i]! < 1 || !inFace[i]) continue;
    const [L, , b] = srgb8ToLab(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!);
    Ls.push(L);
    bs.push(b);
  }
  const median = (v: number[]) => v.sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
  const shift = target.L - median(Ls);
  const scale = target.b / median(bs);
  const out = Uint8Array.from(data);
  for (let i = 0; i < width * height; i++) {
    const w = weights[i]!;
    if (w <= 0) continue;
    const [L, a, b] = srgb8ToLab(data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!);
    const moved = labToSrgb8(L + shift, a * scale, b * scale);
    for (let c = 0; c < 3; c++) out[3 * i + c] = Math.round((1 - w) * data[3 * i + c]! + w * moved[c]!);
  }
  return { data: out, width, height };
}
