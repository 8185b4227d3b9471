import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR, type InspectingAnalyzer } from '../../../functions/analysis/create-analyzer';
import { createSkinModel, type SkinModel } from '../../../functions/analysis/skin/model';
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

/** The analyzer and the bare skin model one test file shares, and the figures its tests print afterwards. */
export interface AnalyzerAndSkinModel {
  analyzer: InspectingAnalyzer;
  skin: SkinModel;
  figures: string[];
}

/**
 * Opens the test analyzer and the skin model before the calling file's tests and closes both after them, printing
 * the figures the tests collected under `title`. The models are read from the returned object once the tests run.
 */
export function analyzerAndSkinModel(title: string): AnalyzerAndSkinModel {
  const models = { figures: [] as string[] } as AnalyzerAndSkinModel;
  beforeAll(async () => {
    models.analyzer = await testAnalyzer();
    models.skin = await createSkinModel({ modelDir: DEFAULT_MODEL_DIR });
  });
  afterAll(async () => {
    if (models.figures.length) console.info(`${title}\n${models.figures.join('\n\n')}`);
    await Promise.all([models.analyzer?.close(), models.skin?.close()]);
  });
  return models;
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
