/**
 * Fairness across skin tones, through the whole pipeline. The demo photos hold no truly dark skin, so the tones
 * are: the lightest real face (FACE_CROPS.light, ITA ≈ 53°), the deepest real one (FACE_CROPS.tan, ITA ≈ 32°),
 * and the tan face with its skin deepened synthetically (paint.deepenPhoto, the skin-model author's
 * deepenSkinTone applied to the whole photo: ITA ≈ −30°). docs/analysis.md says which is real and which is not.
 *
 * Faces are used at twice their size in the demo photos (≈ 500 px across, an ordinary selfie): at the demo
 * photos' ≈ 250 px a painted papule is ≈ 5 px wide and JPEG's chroma quantisation erodes it more on darker skin
 * (docs/analysis.md, "Limits", gives those figures).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { scaledFace, table, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

const PAPULES = [3, 8, 15];

let analyzer: InspectingAnalyzer;
const faces: Record<string, paint.PaintableFace> = {};
const figures: string[] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
  faces.light = await paint.locateFace(analyzer, await scaledFace('light', 2));
  faces.tan = await paint.locateFace(analyzer, await scaledFace('tan', 2));
  faces.deep = await paint.locateFace(analyzer, await paint.encodePhoto(paint.deepenPhoto(faces.tan, 1)));
  faces.light_deepened = await paint.locateFace(analyzer, await paint.encodePhoto(paint.deepenPhoto(faces.light, 1)));
});

afterAll(async () => {
  if (figures.length) console.info(`fairness through the pipeline\n${figures.join('\n\n')}`);
  await analyzer?.close();
});

describe('skin tone', () => {
  it('when the same papules are painted on light, tan and deepened skin, then acne falls by amounts within 5 points of each other', async () => {
    const tones = ['light', 'tan', 'deep'] as const;
    const ita: Record<string, number> = {};
    const deltas: Record<string, number[]> = {};
    for (const tone of tones) {
      const base = await paint.measure(analyzer, await paint.encodePhoto(faces[tone]!.photo));
      ita[tone] = Math.round(base.ita);
      deltas[tone] = [];
      for (const n of PAPULES) {
        const after = await paint.scoresOf(analyzer, await paint.encodePhoto(paint.papules(faces[tone]!, n)));
        deltas[tone]!.push(base.scores.acne - after.acne);
      }
    }
    figures.push(
      'acne drop for the same papules\n' +
        table(['face', 'ITA°', ...PAPULES.map((n) => `${n} papules`)], tones.map((t) => [t, ita[t]!, ...deltas[t]!])),
    );
    // Clearly different tones (Chardon's ITA° classes: light > 41, intermediate 28–41, dark < −30 … brown 10–28).
    expect(ita.light).toBeGreaterThan(41);
    expect(ita.tan).toBeGreaterThan(20);
    expect(ita.tan).toBeLessThanOrEqual(41);
    expect(ita.deep).toBeLessThan(-20);
    for (const [k, n] of PAPULES.entries()) {
      const column = tones.map((t) => deltas[t]![k]!);
      expect(Math.max(...column) - Math.min(...column), `${n} papules: ${column.join(' / ')}`).toBeLessThanOrEqual(5);
      expect(Math.min(...column)).toBeGreaterThan(0);
    }
  });

  it('when only the skin tone of a face changes, then acne, redness and pigmentation move by at most 5 points', async () => {
    const rows: (string | number)[][] = [];
    for (const [original, deepened] of [['tan', 'deep'], ['light', 'light_deepened']] as const) {
      const a = await paint.measure(analyzer, await paint.encodePhoto(faces[original]!.photo));
      const b = await paint.measure(analyzer, await paint.encodePhoto(faces[deepened]!.photo));
      rows.push([original, Math.round(a.ita), a.scores.acne, a.scores.redness, a.scores.pigmentation]);
      rows.push([`${original}, deepened`, Math.round(b.ita), b.scores.acne, b.scores.redness, b.scores.pigmentation]);
      for (const marker of ['acne', 'redness', 'pigmentation'] as const) {
        expect(Math.abs(a.scores[marker] - b.scores[marker]), `${original} ${marker}: ${a.scores[marker]} → ${b.scores[marker]}`).toBeLessThanOrEqual(5);
      }
    }
    figures.push('unpainted faces, tone changed alone\n' + table(['face', 'ITA°', 'acne', 'redness', 'pigmentation'], rows));
  });
});
