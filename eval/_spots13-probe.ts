import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { clmtrackrMedia } from '../test/helpers/images';

const names = (process.env.PHOTOS ?? 'sean_guru2_crop').split(',');
const analyzer = await createInspectingAnalyzer({});
for (const name of names) {
  const original = readFileSync(clmtrackrMedia(`${name}.jpg`));
  const variants: [string, Buffer][] = [
    ['orig', original],
    ['q85', await sharp(original).jpeg({ quality: 85 }).toBuffer()],
    ['q70', await sharp(original).jpeg({ quality: 70 }).toBuffer()],
  ];
  const out: string[] = [];
  for (const [v, bytes] of variants) {
    const { outcome, features } = await analyzer.inspect(bytes, ['age_spots'], { overlays: false });
    if (outcome.status !== 'completed') { out.push(`${v} refused`); continue; }
    out.push(`${v} ${outcome.markers.age_spots!.score} (${features!.values.age_spots.toFixed(3)}, ${JSON.stringify(features!.details.age_spots)})`);
  }
  console.log(`${process.env.SPOTS13 ?? 'on'} f=${process.env.SPOTS13_F ?? 1} ${name}: ${out.join(' | ')}`);
}
await analyzer.close();
