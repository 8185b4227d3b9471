/** Throwaway probe [oily13]: obama4's raw oiliness and unrounded calibrated score, original vs quality 70, per sheen-gate σ. */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { calibrate } from '../functions/analysis/skin/scoring';
import { clmtrackrMedia } from '../test/helpers/images';

const manifest = JSON.parse(readFileSync('models/manifest.json', 'utf8'));
const cal = manifest.markers?.oiliness?.calibration ?? manifest.skin?.markers?.oiliness?.calibration;
const original = readFileSync(clmtrackrMedia(process.env.PHOTO ?? 'obama4_crop.jpg'));
const q70 = await sharp(original).jpeg({ quality: 70 }).toBuffer();
for (const g of ['3', '3.5', '4', '5']) {
  const analyzer = await createInspectingAnalyzer({ modelDir: `/tmp/oily13/models-g${g}` });
  const cells: string[] = [];
  let first = 0;
  for (const bytes of [original, q70]) {
    const { outcome, features } = await analyzer.inspect(bytes, MARKER_NAMES, { overlays: false });
    if (outcome.status !== 'completed') throw new Error(outcome.error.code);
    const raw = features!.values.oiliness;
    const c = cal ? calibrate(raw, cal) : Number.NaN;
    if (!cells.length) first = c;
    cells.push(`raw ${raw.toFixed(3)} cal ${c.toFixed(2)} score ${outcome.markers.oiliness!.score}`);
  }
  const c2 = Number(cells[1]!.split(' cal ')[1]!.split(' ')[0]);
  console.log(`σ ${g}: ${cells.join('  →  ')}  move ${(c2 - first).toFixed(2)}`);
  await analyzer.close();
}
