import type { MarkerName, Severity } from '../analysis/contract';
import type { RgbaImage } from './render-overlay';
import { SEVERITY_COLOUR } from './severity-colour';

/** What the legend says: the marker, its score and its severity (the colour of the `regions` tint). */
export interface LegendText {
  marker: MarkerName;
  score: number;
  severity: Severity;
}

const BOX = [20, 20, 20, 200] as const;
const TEXT = [255, 255, 255, 255] as const;

/** "dark_circles", 72, "moderate" → "Dark circles 72 moderate". */
export function legendLine({ marker, score, severity }: LegendText): string {
  const name = marker.replace(/_/g, ' ');
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${Math.round(score)} ${severity}`;
}

/**
 * Draws a label box in the image's top-left corner: a swatch of the severity's colour and one line of text. The
 * text is a 7-pixel bitmap font (js-pixel-fonts' Seven Plus) scaled by whole pixels to the image's width (a 256-px
 * crop gets 2× letters, a 3000-px photo 18×), so the PNG is the same bytes on every machine: no system fonts,
 * no antialiasing. The box is clipped at the image's edges.
 *
 * The font is imported on the first legend, not with this module: the inference function bundles the overlays
 * folder for the source format it stores (contract.ts), and loading js-pixel-fonts with its PNG decoder (pngjs)
 * cost ≈ 10 ms of its cold start for a legend only the API function draws.
 */
export async function drawLegend(image: RgbaImage, text: LegendText): Promise<void> {
  const { fonts, renderPixels } = await import('js-pixel-fonts');
  const glyphs = renderPixels(legendLine(text), fonts.sevenPlus);
  const textHeight = glyphs.length;
  const textWidth = Math.max(...glyphs.map((row) => row.length));
  const scale = Math.max(1, Math.round(image.width / 160));
  const pad = 2 * scale;
  const swatch = textHeight * scale;
  const boxWidth = pad + swatch + pad + textWidth * scale + pad;
  const boxHeight = pad + textHeight * scale + pad;
  fill(image, 0, 0, boxWidth, boxHeight, BOX);
  fill(image, pad, pad, swatch, swatch, [...SEVERITY_COLOUR[text.severity], 255]);
  const left = pad + swatch + pad;
  for (let y = 0; y < textHeight; y++) {
    const row = glyphs[y]!;
    for (let x = 0; x < row.length; x++) if (row[x]) fill(image, left + x * scale, pad + y * scale, scale, scale, TEXT);
  }
}

/** Sets the rectangle's pixels to `colour` (RGBA), clipped to the image. */
function fill(image: RgbaImage, x0: number, y0: number, width: number, height: number, colour: readonly number[]): void {
  const x1 = Math.min(image.width, x0 + width);
  const y1 = Math.min(image.height, y0 + height);
  for (let y = Math.max(0, y0); y < y1; y++) {
    for (let x = Math.max(0, x0); x < x1; x++) {
      const o = (y * image.width + x) * 4;
      for (let c = 0; c < 4; c++) image.data[o + c] = colour[c]!;
    }
  }
}
