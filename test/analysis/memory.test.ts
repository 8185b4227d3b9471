/**
 * A 40-megapixel upload (the API's pixel limit) analysed within a 2 GB Lambda: a fresh Node process analyses the
 * photo and reports its peak resident memory (maxRSS). The analyzer never decodes the photo whole: the detector
 * gets a letterbox made with JPEG shrink-on-load and the face a shrunk view around it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModels } from '../../models/build/index';
import { faceJpeg } from '../helpers/images';

const CHILD = fileURLToPath(new URL('./support/analyze-child.ts', import.meta.url));
/** Lambda with 2 GB leaves room for the runtime; the analysis must stay well inside it. */
const LIMIT_MB = 1800;

let dir: string;

beforeAll(async () => {
  await buildModels();
  dir = await mkdtemp(join(tmpdir(), 'analysis-40mp-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function analyseInChild(photo: string): Promise<{ status: string; error?: string; maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, photo], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`analysis process exited ${code}: ${err}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!));
    });
  });
}

describe('memory', () => {
  it('when a 40-megapixel JPEG of a face is analysed in a fresh process, then it completes with a peak RSS under 1800 MB', async () => {
    // The frontal face scaled up to 5472 × 7296 (39.9 MP, 3:4), a little over 1 MB at quality 85 (under the 5 MB upload limit).
    const jpeg = await sharp(await faceJpeg('frontal')).resize(5472, 7296, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
    const meta = await sharp(jpeg).metadata();
    expect(meta.width! * meta.height!).toBeGreaterThan(39_000_000);
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(40_000_000);
    expect(jpeg.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const photo = join(dir, 'face-40mp.jpg');
    await writeFile(photo, jpeg);

    const result = await analyseInChild(photo);
    console.info(`40 MP analysis: ${result.status}, max RSS ${result.maxRssMb} MB (limit ${LIMIT_MB} MB)`);
    expect(result.status).toBe('completed');
    expect(result.maxRssMb).toBeLessThan(LIMIT_MB);
  });
});
