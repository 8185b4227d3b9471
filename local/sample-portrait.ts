import { access, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/**
 * The quick start's photo: one frontal face cropped from `demo/sample6.jpg` of @vladmandic/face-api (MIT, a
 * dependency of this project), so that the first `curl` works right after `npm install` without a photo of one's
 * own. The repository ships no photo; this file is written into the data folder on start.
 */
export const SAMPLE_PORTRAIT = {
  package: '@vladmandic/face-api',
  file: 'demo/sample6.jpg',
  licence: 'MIT',
  /** Second from the left: frontal, evenly lit, the face about half the frame (the same crop the tests call "frontal"). */
  crop: { left: 470, top: 170, width: 560, height: 560 },
} as const;

export const SAMPLE_PORTRAIT_FILE = 'sample-face.jpg';

export function samplePortraitSource(): string {
  return join(dirname(require.resolve(`${SAMPLE_PORTRAIT.package}/package.json`)), SAMPLE_PORTRAIT.file);
}

/** Writes DATA_DIR/sample-face.jpg unless it is there; returns its path. */
export async function ensureSamplePortrait(dataDir: string): Promise<string> {
  const target = join(dataDir, SAMPLE_PORTRAIT_FILE);
  const exists = await access(target).then(() => true, () => false);
  if (!exists) {
    const jpeg = await sharp(samplePortraitSource()).extract(SAMPLE_PORTRAIT.crop).jpeg({ quality: 92 }).toBuffer();
    await writeFile(target, jpeg);
  }
  return target;
}
