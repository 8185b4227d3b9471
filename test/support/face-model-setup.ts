import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { RgbImage } from '../../functions/analysis/types';
import { buildFaceModels, humanModelsDir } from '../../models/build/face-models';

let built: Promise<string> | undefined;

/** Converts the face models once per test process into a fresh temp dir (about 0.2 s), so tests never see stale files. */
export function faceModelDir(): Promise<string> {
  built ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'face-models-'));
    await buildFaceModels(dir);
    return dir;
  })();
  return built;
}

/** Deletes the temp dir; call from afterAll (vitest ends its workers without an 'exit' event). */
export async function removeFaceModelDir(): Promise<void> {
  if (!built) return;
  const dir = await built;
  built = undefined;
  await rm(dir, { recursive: true, force: true });
}

export { humanModelsDir };

/** Group photos shipped with @vladmandic/face-api (demo/sample1..6.jpg), with the number of people in each. */
export const GROUP_PHOTOS = [
  { file: 'sample1.jpg', people: 3 },
  { file: 'sample2.jpg', people: 3 },
  { file: 'sample3.jpg', people: 3 },
  { file: 'sample4.jpg', people: 4 },
  { file: 'sample5.jpg', people: 5 },
  { file: 'sample6.jpg', people: 4 },
];

export function groupPhotoPath(file: string): string {
  return join(process.cwd(), 'node_modules/@vladmandic/face-api/demo', file);
}

export async function decodeRgb(input: string | Buffer, transform?: (s: Sharp) => Sharp): Promise<RgbImage> {
  let s = sharp(input).removeAlpha();
  if (transform) s = transform(s);
  const { data, info } = await s.raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
