/**
 * A JPEG's chroma read with its own quantisation in mind (docs/analysis.md "Consistency", root cause 22): a web
 * JPEG (quality ≈ 80) saved again at quality 70 rounds every chroma coefficient of one old step up to one new step,
 * and the skin model read the added chroma detail as texture, pores and spots. The skin crop's pixels now have
 * each chroma coefficient moved a share of the photo's own step towards zero (face/jpeg-chroma.ts), read from the
 * file's DQT and SOF segments (face/jpeg-tables.ts).
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { CHROMA_SHRINK, MIN_CHROMA_DC_STEP, shrinkJpegChroma } from '../../functions/analysis/face/jpeg-chroma';
import { readJpegTables, type JpegTables } from '../../functions/analysis/face/jpeg-tables';
import type { RgbImage } from '../../functions/analysis/types';
import { clmtrackrMedia } from '../helpers/images';
import { testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

const grey = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#c08070' } });

describe('the quantisation tables of a JPEG, read from its headers', () => {
  it('when sharp saves a photo at quality 70 with 4:2:0 chroma, then the luma and chroma tables are libjpeg\'s at 70 and chroma is halved both ways', async () => {
    const tables = readJpegTables(await grey(64, 48).jpeg({ quality: 70, chromaSubsampling: '4:2:0' }).toBuffer());
    // libjpeg's tables (ITU-T T.81 annex K) scaled by 2 − 2 × 70 / 100 = 0.6, in zig-zag order.
    expect(tables?.luma.slice(0, 3)).toEqual([10, 7, 7]);
    expect(tables?.chroma?.slice(0, 3)).toEqual([10, 11, 11]);
    expect(tables?.chromaStep).toEqual({ x: 2, y: 2 });
  });

  it('when a JPEG keeps full chroma (4:4:4), then chroma is one sample per pixel; a PNG and a cut-off header give no tables', async () => {
    const full = readJpegTables(await grey(64, 48).jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer());
    expect(full?.chromaStep).toEqual({ x: 1, y: 1 });
    expect(full?.luma[0]).toBe(3);
    expect(readJpegTables(await grey(64, 48).png().toBuffer())).toBeUndefined();
    const jpeg = await grey(64, 48).jpeg().toBuffer();
    expect(readJpegTables(jpeg.subarray(0, 30))).toBeUndefined();
  });

  it('when a hostile frame header gives luma three samples per chroma sample, then no tables are read (no fractional block grid)', async () => {
    const jpeg = Buffer.from(await grey(64, 48).jpeg({ quality: 70, chromaSubsampling: '4:4:4' }).toBuffer());
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg[sof + 11] = 0x31; // the first component's sampling factors: h 3, v 1 (its chroma stays 1 × 1)
    expect(readJpegTables(jpeg)).toBeUndefined();
    jpeg[sof + 11] = 0x21; // h 2, v 1: the 4:2:2 an encoder writes
    expect(readJpegTables(jpeg)?.chromaStep).toEqual({ x: 2, y: 1 });
  });
});

/** A 4:4:4 file's tables with every step `step` (so the test can place a coefficient at an exact number of steps). */
function flatTables(step: number): JpegTables {
  return { luma: new Array(64).fill(step), chroma: new Array(64).fill(step), chromaStep: { x: 1, y: 1 } };
}

/**
 * Skin-coloured 8-bit pixels whose Cr carries one horizontal DCT coefficient (u = 1, v = 0) of `coefficient` in every
 * 8 × 8 block of a grid that starts at image column `gridX`; luma and Cb stay flat.
 */
function crWave(width: number, height: number, coefficient: number, gridX: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // JPEG's DCT coefficient c at (u = 1, v = 0) is c / (4√2) · cos((2x + 1)π / 16) in each pixel of the block.
      const cr = (coefficient / (4 * Math.SQRT2)) * Math.cos(((2 * ((((x - gridX) % 8) + 8) % 8) + 1) * Math.PI) / 16);
      const p = 3 * (y * width + x);
      data[p] = 190 + 1.402 * cr;
      data[p + 1] = 130 - 0.714136 * cr;
      data[p + 2] = 110;
    }
  }
  return { data, width, height };
}

function luma(image: RgbImage, i: number): number {
  return 0.299 * image.data[3 * i]! + 0.587 * image.data[3 * i + 1]! + 0.114 * image.data[3 * i + 2]!;
}

describe('chroma moved towards the lower edge of its quantisation bins', () => {
  it('when a chroma coefficient of one step lies in the area, then it loses the shrink\'s share of that step, the luma stays within rounding and pixels outside the area are untouched', () => {
    const step = 40;
    const image = crWave(32, 16, step, 5);
    // Origin (3, 5): the photo's block grid starts at image pixel (5, 3); the area holds the blocks from x = 5 to 21.
    const out = shrinkJpegChroma(image, { x: 3, y: 5 }, { x: 4, y: 0, width: 20, height: 16 }, flatTables(step));
    let redBefore = 0;
    let redAfter = 0;
    for (let y = 3; y < 11; y++) {
      for (let x = 5; x < 21; x++) {
        const i = y * 32 + x;
        redBefore += Math.abs(image.data[3 * i]! - 190);
        redAfter += Math.abs(out.data[3 * i]! - 190);
        expect(Math.abs(luma(out, i) - luma(image, i))).toBeLessThanOrEqual(1);
      }
    }
    expect(redAfter / redBefore).toBeGreaterThan(1 - CHROMA_SHRINK * 1.3);
    expect(redAfter / redBefore).toBeLessThan(1 - CHROMA_SHRINK * 0.7);
    const pixel = (img: RgbImage, x: number, y: number) => Array.from(img.data.subarray(3 * (y * 32 + x), 3 * (y * 32 + x) + 3));
    for (let x = 0; x < 5; x++) expect(pixel(out, x, 4)).toEqual(pixel(image, x, 4));
    for (let x = 21; x < 32; x++) expect(pixel(out, x, 4)).toEqual(pixel(image, x, 4));
    for (let x = 0; x < 32; x++) expect(pixel(out, x, 12)).toEqual(pixel(image, x, 12));
  });

  it('when a chroma coefficient is four steps (a painted blotch, not a rounded-up step), then it is left as it is', () => {
    const image = crWave(16, 8, 4 * 12, 0);
    const out = shrinkJpegChroma(image, { x: 0, y: 0 }, { x: 0, y: 0, width: 16, height: 8 }, flatTables(12));
    expect(Array.from(out.data)).toEqual(Array.from(image.data));
  });

  it('when the file\'s chroma steps are those of quality 90 or above (a phone\'s first save, the painted ground truth), then the pixels are left exactly as they are', async () => {
    const tables = readJpegTables(await grey(64, 48).jpeg({ quality: 92 }).toBuffer())!;
    expect(tables.chroma![0]).toBeLessThan(MIN_CHROMA_DC_STEP);
    const image = crWave(16, 8, tables.chroma![1]!, 0);
    expect(shrinkJpegChroma(image, { x: 0, y: 0 }, { x: 0, y: 0, width: 16, height: 8 }, tables)).toBe(image);
  });

  it('when a coefficient is smaller than the shrink, then it goes to zero and not past it', () => {
    const step = 200;
    const image = crWave(16, 8, CHROMA_SHRINK * step * 0.9, 0);
    expect(Math.max(...Array.from({ length: 16 }, (_, x) => Math.abs(image.data[3 * x]! - 190)))).toBeGreaterThanOrEqual(5);
    const out = shrinkJpegChroma(image, { x: 0, y: 0 }, { x: 0, y: 0, width: 16, height: 8 }, flatTables(step));
    for (let i = 0; i < 16 * 8; i++) expect(Math.abs(out.data[3 * i]! - 190)).toBeLessThanOrEqual(1);
  });
});

describe('real web portraits saved again at quality 70', () => {
  let analyzer: InspectingAnalyzer;
  beforeAll(async () => {
    analyzer = await testAnalyzer();
  });
  afterAll(async () => {
    await analyzer?.close();
  });

  // Moves before this change (skin-v1.10.0, eval/results/before-deblock.txt): obama4 texture 10, Clooney texture 6,
  // ri_1 wrinkles 7, walter2 pores 5 and redness 5.
  const cases = [
    { file: 'obama4_crop.jpg', marker: 'texture', bound: 6 },
    { file: 'fragrance-George-Clooney-main_crop.jpg', marker: 'texture', bound: 4 },
    { file: 'ri_1_crop.jpg', marker: 'wrinkles', bound: 3 },
    { file: 'walter2_crop.jpg', marker: 'pores', bound: 3 },
    { file: 'walter2_crop.jpg', marker: 'redness', bound: 3 },
  ] as const;
  for (const { file, marker, bound } of cases) {
    it(`when ${file} is saved again at quality 70, then ${marker} moves by at most ${bound} points`, async () => {
      const original = readFileSync(clmtrackrMedia(file));
      const before = await paint.scoresOf(analyzer, original);
      const after = await paint.scoresOf(analyzer, await sharp(original).jpeg({ quality: 70 }).toBuffer());
      expect(Math.abs(after[marker] - before[marker]), `${marker} ${before[marker]} → ${after[marker]}`).toBeLessThanOrEqual(bound);
    });
  }
});
