// Throwaway probe ([spots9]): acne of encodes read through the original's crop window (SPOTS9_WINDOW, a temporary hook).
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia } from '../test/helpers/images';
const file = process.argv[2] ?? 'sean_guru2_crop.jpg';
const b = readFileSync(clmtrackrMedia(file));
const V: Record<string, () => Promise<Buffer>> = {
  orig: async () => b,
  'q85 444': () => sharp(b).jpeg({ quality: 85, chromaSubsampling: '4:4:4' }).toBuffer(),
  'q85 420': () => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  'q95 420': () => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  'q70 420': () => sharp(b).jpeg({ quality: 70 }).toBuffer(),
};
const analyzer = await createInspectingAnalyzer({});
const base = await analyzer.inspect(b, MARKER_NAMES, { overlays: false });
for (const [k, f] of Object.entries(V)) {
  delete process.env.SPOTS9_WINDOW;
  const own = await analyzer.inspect(await f(), MARKER_NAMES, { overlays: false });
  process.env.SPOTS9_WINDOW = JSON.stringify(base.window);
  const fixed = await analyzer.inspect(await f(), MARKER_NAMES, { overlays: false });
  console.log(k.padEnd(10), 'own window', (own.outcome as any).markers?.acne.score, own.features?.values.acne.toFixed(2), '| original window', (fixed.outcome as any).markers?.acne.score, fixed.features?.values.acne.toFixed(2));
}
await analyzer.close();
