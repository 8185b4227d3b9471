/**
 * Calibration recheck on real, unpainted faces through the whole pipeline: every face the detector finds in the
 * six face-api demo photos, cut out as its own photo (a square 2.3 face boxes wide). Young people photographed
 * at parties and on sofas, several with make-up, coloured or dim light: healthy skin should land mostly in the
 * low-severity band. docs/markers.md ("Calibration") keeps the figures.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_DIR, type InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { decodeRgb } from '../../functions/analysis/decode-image';
import { createFaceModels } from '../../functions/analysis/face';
import { MARKER_NAMES, type MarkerName } from '../../functions/analysis/skin/markers';
import { faceApiSample, faceJpeg } from '../helpers/images';
import { table, testAnalyzer } from './support/analyzer';

interface FacePhoto {
  name: string;
  jpeg: Buffer;
}

/** Every detected face of sample1..6 as a square photo around it (the neighbours' faces mostly cut off). */
async function demoFaces(): Promise<FacePhoto[]> {
  const models = await createFaceModels({ modelDir: DEFAULT_MODEL_DIR });
  const out: FacePhoto[] = [];
  try {
    for (const n of [1, 2, 3, 4, 5, 6] as const) {
      const path = faceApiSample(n);
      const image = await decodeRgb(await sharp(path).toBuffer());
      for (const [k, face] of (await models.detect(image)).entries()) {
        const side = Math.min(Math.round(face.box.width * 2.3), image.width, image.height);
        const cx = face.box.x + face.box.width / 2;
        const cy = face.box.y + face.box.height / 2;
        const left = Math.round(Math.min(Math.max(0, cx - side / 2), image.width - side));
        const top = Math.round(Math.min(Math.max(0, cy - side / 2), image.height - side));
        out.push({ name: `sample${n} face ${k + 1}`, jpeg: await sharp(path).extract({ left, top, width: side, height: side }).jpeg({ quality: 92 }).toBuffer() });
      }
    }
  } finally {
    await models.close();
  }
  return out;
}

let analyzer: InspectingAnalyzer;
const scored: { name: string; ita: number; scores: Record<MarkerName, number> }[] = [];
const rejected: string[] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
  for (const { name, jpeg } of await demoFaces()) {
    const { outcome, features } = await analyzer.inspect(jpeg, MARKER_NAMES, { overlays: false });
    if (outcome.status === 'failed') {
      rejected.push(`${name}: ${outcome.error.code}`);
      continue;
    }
    scored.push({ name, ita: Math.round(features!.baseline.ita), scores: Object.fromEntries(MARKER_NAMES.map((m) => [m, outcome.markers[m]!.score])) as Record<MarkerName, number> });
  }
});

afterAll(async () => {
  const low = (m: MarkerName) => scored.filter((s) => s.scores[m] >= 70).length;
  const sorted = (m: MarkerName) => scored.map((s) => s.scores[m]).sort((a, b) => a - b);
  console.info(
    `calibration on ${scored.length} demo faces (rejected by the quality checks: ${rejected.join('; ') || 'none'})\n` +
      table(['face', 'ITA°', ...MARKER_NAMES], scored.map((s) => [s.name, s.ita, ...MARKER_NAMES.map((m) => s.scores[m])])) +
      '\n\n' +
      table(
        ['marker', 'min', 'median', 'max', 'low band (≥ 70)'],
        MARKER_NAMES.map((m) => [m, sorted(m)[0]!, sorted(m)[Math.floor(scored.length / 2)]!, sorted(m)[scored.length - 1]!, `${low(m)} / ${scored.length}`]),
      ),
  );
  await analyzer?.close();
});

describe('calibration on real faces', () => {
  it('when every face of the demo photos is analysed, then at least 8 pass the quality checks', () => {
    expect(scored.length).toBeGreaterThanOrEqual(8);
  });

  // Redness (coloured party light, blush) and texture (dim, noisy photos) are the least clean: a majority, not all.
  it('when the demo faces are scored, then every marker puts most of them in the low-severity band, with a median of 75 or more', () => {
    for (const marker of MARKER_NAMES) {
      const scores = scored.map((s) => s.scores[marker]).sort((a, b) => a - b);
      const low = scores.filter((s) => s >= 70).length;
      expect(low / scores.length, `${marker}: ${scores.join(', ')}`).toBeGreaterThan(0.5);
      expect(scores[Math.floor(scores.length / 2)], `${marker}: ${scores.join(', ')}`).toBeGreaterThanOrEqual(75);
    }
  });

  it('when the frontal face (a young woman with eyeliner and hair over her temples) is scored, then wrinkles and dark circles are low severity', async () => {
    const outcome = await analyzer.analyze(await faceJpeg('frontal'), ['wrinkles', 'dark_circles']);
    expect(outcome.status).toBe('completed');
    if (outcome.status !== 'completed') return;
    expect(outcome.markers.wrinkles!.severity).toBe('low');
    expect(outcome.markers.dark_circles!.severity).toBe('low');
  });
});
