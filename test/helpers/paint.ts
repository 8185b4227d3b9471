import sharp from 'sharp';
import { faceJpeg } from './images';

/** Cheek areas of FACE_CROPS.frontal (560 x 560), found by eye: where painted lesions land on skin. */
const FRONTAL_CHEEKS = [
  { left: 203, top: 322, width: 48, height: 48 },
  { left: 322, top: 318, width: 42, height: 48 },
];

/**
 * The frontal face with `count` red papules painted on the cheeks at fixed, spread-out places: soft discs that
 * push the skin towards red the way inflamed spots do (more red, less green and blue), relative to the skin's own
 * colour, so the same paint works on any tone.
 */
export async function frontalWithPapules(count: number, radius = 4): Promise<Buffer> {
  const jpeg = await faceJpeg('frontal');
  if (count === 0) return jpeg;
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const spots = spreadPoints(count);
  for (const spot of spots) {
    for (let dy = -radius * 2; dy <= radius * 2; dy++) {
      for (let dx = -radius * 2; dx <= radius * 2; dx++) {
        const x = Math.round(spot.x + dx);
        const y = Math.round(spot.y + dy);
        const weight = Math.exp(-(dx * dx + dy * dy) / (2 * (radius / 1.5) ** 2));
        if (weight < 0.02) continue;
        const i = (y * info.width + x) * info.channels;
        data[i] = Math.min(255, data[i] * (1 + 0.25 * weight));
        data[i + 1] = data[i + 1] * (1 - 0.35 * weight);
        data[i + 2] = data[i + 2] * (1 - 0.3 * weight);
      }
    }
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 95 }).toBuffer();
}

/** Points on a regular grid over both cheeks, taken in an order that spreads them out. */
function spreadPoints(count: number): { x: number; y: number }[] {
  const grid: { x: number; y: number }[] = [];
  for (const cheek of FRONTAL_CHEEKS) {
    for (let y = cheek.top + 6; y < cheek.top + cheek.height; y += 12) {
      for (let x = cheek.left + 6; x < cheek.left + cheek.width; x += 12) grid.push({ x, y });
    }
  }
  const order: { x: number; y: number }[] = [];
  for (let stride = 0; order.length < grid.length; stride++) {
    for (let i = stride % 3; i < grid.length; i += 3) if (!order.includes(grid[i])) order.push(grid[i]);
  }
  return order.slice(0, Math.min(count, order.length));
}
