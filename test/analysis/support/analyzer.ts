import sharp from 'sharp';
import { createInspectingAnalyzer, type InspectingAnalyzer } from '../../../functions/analysis/create-analyzer';
import { buildModels } from '../../../models/build/index';
import { FACE_CROPS, faceApiSample } from '../../helpers/images';

/**
 * The analyzer the tests run: `createAnalyzer({})`'s own implementation (models/generated, rebuilt first when
 * the builders or the manifest changed), with `inspect` for the geometry the painting needs.
 */
export async function testAnalyzer(): Promise<InspectingAnalyzer> {
  await buildModels();
  return createInspectingAnalyzer({});
}

/**
 * A FACE_CROPS face at `scale` times its size in the demo photo (Lanczos), as a JPEG at quality 95. The demo
 * faces are about 250 px across; scale 2 gives the 500-px face of an ordinary 1–2 megapixel selfie.
 */
export async function scaledFace(name: keyof typeof FACE_CROPS, scale: number): Promise<Buffer> {
  const { sample, ...region } = FACE_CROPS[name];
  return sharp(faceApiSample(sample))
    .extract(region)
    .resize(Math.round(region.width * scale), Math.round(region.height * scale), { kernel: 'lanczos3' })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** `| a | b |` rows for the figures printed after a test file (copied into docs/analysis.md). */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
