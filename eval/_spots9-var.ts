// Throwaway probe ([spots9]): sean_guru2's acne under encodes that separate luma requantisation from a second chroma subsampling.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia } from '../test/helpers/images';
const file = process.argv[2] ?? 'sean_guru2_crop.jpg';
const b = readFileSync(clmtrackrMedia(file));
const V: Record<string, () => Promise<Buffer>> = {
  orig: async () => b,
  png: () => sharp(b).png().toBuffer(),
  'q85 444': () => sharp(b).jpeg({ quality: 85, chromaSubsampling: '4:4:4' }).toBuffer(),
  'q85 420': () => sharp(b).jpeg({ quality: 85 }).toBuffer(),
  'q100 420': () => sharp(b).jpeg({ quality: 100, chromaSubsampling: '4:2:0' }).toBuffer(),
  'q95 420': () => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:2:0' }).toBuffer(),
  'q95 444': () => sharp(b).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer(),
  'q70 444': () => sharp(b).jpeg({ quality: 70, chromaSubsampling: '4:4:4' }).toBuffer(),
  'q70 420': () => sharp(b).jpeg({ quality: 70 }).toBuffer(),
};
const analyzer = await createInspectingAnalyzer({});
for (const [k, f] of Object.entries(V)) {
  const ins = await analyzer.inspect(await f(), MARKER_NAMES, { overlays: false });
  console.log(k.padEnd(10), (ins.outcome as any).markers?.acne.score, ins.features?.values.acne.toFixed(2));
}
await analyzer.close();
