import sharp from 'sharp';
import { MARKER_REGIONS } from './skin/features';
import type { MarkerName, MarkerResult } from './skin/markers';
import type { Blob } from './skin/stats';
import type { RegionMasks, RgbImage } from './types';

const SEVERITY_COLOUR = { low: [46, 204, 113], moderate: [243, 156, 18], high: [231, 76, 60] } as const;
const SPOT_COLOUR = [255, 255, 255] as const;

/**
 * A PNG of the aligned face crop showing where a marker's score comes from: its regions tinted by the
 * marker's severity, and for acne and pigmentation a ring around every spot that was counted.
 */
export async function drawOverlay(
  crop: RgbImage,
  regions: RegionMasks,
  marker: MarkerName,
  result: MarkerResult,
  spots: Blob[],
): Promise<Uint8Array> {
  const size = regions.size;
  const n = size * size;
  // Tint: region pixels blended with the severity colour at alpha 90/255; then white rings on top.
  const tinted = new Uint8Array(n);
  for (const region of MARKER_REGIONS[marker]) {
    const mask = regions.masks[region];
    for (let i = 0; i < n; i++) if (mask[i]) tinted[i] = 1;
  }
  const [r, g, b] = SEVERITY_COLOUR[result.severity];
  const alpha = 90 / 255;
  const pixels = Buffer.alloc(n * 3);
  const data = crop.data;
  for (let i = 0; i < n; i++) {
    const o = i * 3;
    if (tinted[i]) {
      pixels[o] = Math.round(data[o]! * (1 - alpha) + r * alpha);
      pixels[o + 1] = Math.round(data[o + 1]! * (1 - alpha) + g * alpha);
      pixels[o + 2] = Math.round(data[o + 2]! * (1 - alpha) + b * alpha);
    } else {
      pixels[o] = data[o]!;
      pixels[o + 1] = data[o + 1]!;
      pixels[o + 2] = data[o + 2]!;
    }
  }
  for (const spot of spots) ring(pixels, size, spot.x, spot.y, Math.sqrt(spot.area / Math.PI) + 3);

  // Blended here rather than by sharp's composite, and lightly compressed: nine of these are made per scan.
  const png = await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.length);
}

function ring(pixels: Uint8Array, size: number, cx: number, cy: number, radius: number): void {
  const steps = Math.max(16, Math.ceil(2 * Math.PI * radius));
  for (let s = 0; s < steps; s++) {
    const angle = (2 * Math.PI * s) / steps;
    const x = Math.round(cx + radius * Math.cos(angle));
    const y = Math.round(cy + radius * Math.sin(angle));
    if (x < 0 || y < 0 || x >= size || y >= size) continue;
    pixels.set(SPOT_COLOUR, (y * size + x) * 3);
  }
}
