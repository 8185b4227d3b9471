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
  const layer = new Uint8Array(size * size * 4);
  const [r, g, b] = SEVERITY_COLOUR[result.severity];
  for (const region of MARKER_REGIONS[marker]) {
    const mask = regions.masks[region];
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      layer.set([r, g, b, 90], i * 4);
    }
  }
  for (const spot of spots) ring(layer, size, spot.x, spot.y, Math.sqrt(spot.area / Math.PI) + 3);

  // Blended here rather than by sharp's composite, and lightly compressed: nine of these are made per scan.
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i++) {
    const alpha = layer[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) pixels[i * 3 + c] = Math.round(crop.data[i * 3 + c]! * (1 - alpha) + layer[i * 4 + c]! * alpha);
  }
  const png = await sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
  return new Uint8Array(png.buffer, png.byteOffset, png.length);
}

function ring(layer: Uint8Array, size: number, cx: number, cy: number, radius: number): void {
  const steps = Math.max(16, Math.ceil(2 * Math.PI * radius));
  for (let s = 0; s < steps; s++) {
    const angle = (2 * Math.PI * s) / steps;
    const x = Math.round(cx + radius * Math.cos(angle));
    const y = Math.round(cy + radius * Math.sin(angle));
    if (x < 0 || y < 0 || x >= size || y >= size) continue;
    layer.set([...SPOT_COLOUR, 255], (y * size + x) * 4);
  }
}
