/**
 * Per-region results (functions/analysis/skin/region-results.ts): papules painted on one cheek lower only that
 * cheek's acne, a flush on one cheek only that cheek's redness (a marker with reference regions), sheen on the
 * nose only the nose's oiliness; features painted in one region move only that region's result of the added markers
 * (measured on the full maps); the whole-face results are the ones the scoring gives; cutting the maps to a
 * region's square changes no value. Real faces (sample6), the whole pipeline on re-encoded JPEGs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cheekCompression } from '../../functions/analysis/face/cheek-foreshortening';
import { reduceFeatures } from '../../functions/analysis/skin/features';
import { getManifest, markerCatalogue } from '../../functions/analysis/skin/manifest';
import { MARKER_NAMES, type MarkerName } from '../../functions/analysis/skin/markers';
import { isolate, OWN_MEASURES, resultRegionsOf, type RegionResults, type ResultRegion } from '../../functions/analysis/skin/region-results';
import { isAddedMarker } from '../../functions/analysis/skin/markers/index';
import { atResolutionFloor } from '../../functions/analysis/skin/resolution-floor';
import { REFERENCE_REGIONS } from '../../functions/analysis/skin/result-regions';
import { scoreMarkers } from '../../functions/analysis/skin/scoring';
import * as synthetic from '../support/synthetic-skin';
import type { RgbImage } from '../../functions/analysis/types';
import { faceJpeg } from '../helpers/images';
import { analyzerAndSkinModel, scaledFace, table } from './support/analyzer';
import * as paint from './support/painting';
import * as added from './support/painting-added';

const S = 256;
const models = analyzerAndSkinModel('per-region results');
const { figures } = models;

async function regionsOf(photo: RgbImage, markers: readonly MarkerName[]): Promise<RegionResults> {
  const { outcome } = await models.analyzer.inspect(await paint.encodePhoto(photo), markers, { overlays: false });
  if (outcome.status !== 'completed') throw new Error(`${outcome.error.code}: ${outcome.error.message}`);
  return outcome.regionResults;
}

/** The bounding box of a mask's set pixels on the S × S crop (x1 < 0 when the mask is empty). */
function boundsOf(mask: Uint8Array): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = S, y0 = S, x1 = -1, y1 = -1; // prettier-ignore
  mask.forEach((v, i) => {
    if (!v) return;
    const x = i % S;
    const y = (i - x) / S;
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  });
  return { x0, y0, x1, y1 };
}

/** A face analysed whole, with its regions and the skin model's maps of its crop at the resolution floor. */
async function inspectWithMaps(face: Parameters<typeof scaledFace>[0], scale: number) {
  const inspection = await models.analyzer.inspect(await scaledFace(face, scale), MARKER_NAMES, { overlays: false });
  const { outcome } = inspection;
  if (outcome.status !== 'completed') throw new Error(outcome.error.code);
  const regions = inspection.regions!;
  const maps = await models.skin.maps(atResolutionFloor(inspection.crop!, inspection.window!.side));
  return { outcome, regions, maps, points: inspection.landmarks!.points };
}

function rowsOf(marker: MarkerName, before: RegionResults, after: RegionResults): (string | number)[][] {
  return resultRegionsOf(marker)
    .filter((r) => before[marker]?.[r])
    .map((r) => [r, before[marker]![r]!.score, after[marker]?.[r]?.score ?? '—']);
}

describe('which markers have regions', () => {
  it('when the catalogue is read, then every marker with two or more measured regions is broken down, references left out', () => {
    expect(resultRegionsOf('acne')).toEqual(['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin']);
    expect(resultRegionsOf('redness')).toEqual(['left_cheek', 'right_cheek', 'nose']);
    expect(resultRegionsOf('dark_circles')).toEqual(['under_eye_left', 'under_eye_right']);
    expect(resultRegionsOf('oiliness')).toEqual(['forehead', 'glabella', 'nose']);
    expect(resultRegionsOf('wrinkles')).toEqual(['forehead', 'crows_feet_left', 'crows_feet_right', 'under_eye_left', 'under_eye_right']);
    for (const marker of MARKER_NAMES) expect(resultRegionsOf(marker).length === 0 || resultRegionsOf(marker).length >= 2).toBe(true);
    // The added markers: their measured regions; radiance's reference skin and the cheek tops under the eye bags are not.
    expect(resultRegionsOf('eye_bags')).toEqual(['under_eye_left', 'under_eye_right']);
    expect(resultRegionsOf('uniformness')).toEqual(['forehead', 'left_cheek', 'right_cheek', 'chin']);
    expect(resultRegionsOf('radiance')).toEqual(['left_cheek', 'right_cheek']);
    expect(resultRegionsOf('age_spots')).toEqual(['forehead', 'left_cheek', 'right_cheek', 'chin']);
    expect(resultRegionsOf('blackheads')).toEqual(['nose', 'chin', 'forehead']);
  });

  it('when the marker catalogue (GET /v1/markers) is built, then each entry lists the regions its results are broken down into', () => {
    for (const entry of markerCatalogue()) expect(entry.result_regions, entry.name).toEqual(resultRegionsOf(entry.name));
  });
});

describe('the frontal face', () => {
  let face: paint.PaintableFace;
  let before: RegionResults;

  beforeAll(async () => {
    face = await paint.locateFace(models.analyzer, await faceJpeg('frontal'));
    before = await regionsOf(face.photo, MARKER_NAMES);
  });

  it('when the unpainted face is scanned, then every region of every marker with regions holds a result, except regions without enough skin', () => {
    for (const marker of MARKER_NAMES) {
      const regions = resultRegionsOf(marker);
      if (regions.length === 0) {
        expect(before[marker]).toBeUndefined();
        continue;
      }
      const measured = Object.keys(before[marker] ?? {});
      expect(measured.length, marker).toBeGreaterThanOrEqual(2);
      for (const region of measured) expect(regions).toContain(region);
      for (const result of Object.values(before[marker]!)) expect(result.severity).toBe(result.score >= 70 ? 'low' : result.score >= 40 ? 'moderate' : 'high');
    }
  });

  it('when 6 papules are painted on the left cheek only, then only the left cheek\'s acne falls', async () => {
    const places = paint.spread(face, ['left_cheek'], 6, 3, 10);
    const w = synthetic.discs(S, places.map((p) => ({ ...p, radius: 2.5 })), 1.2);
    const after = await regionsOf(synthetic.applyDensity(face.photo, paint.toPhotoWeights(face, w), synthetic.LESION_DENSITY.papule), ['acne']);
    figures.push(`frontal, 6 papules on the left cheek → acne\n${table(['region', 'before', 'after'], rowsOf('acne', before, after))}`);
    expect(after.acne!.left_cheek!.score).toBeLessThanOrEqual(before.acne!.left_cheek!.score - 15);
    for (const region of ['forehead', 'nose', 'right_cheek', 'chin'] as ResultRegion[]) {
      expect(Math.abs(after.acne![region]!.score - before.acne![region]!.score), region).toBeLessThanOrEqual(3);
    }
  });

  it('when the right cheek alone is flushed, then only the right cheek\'s redness falls (the chin and the under-eye bands stay the reference)', async () => {
    const w = synthetic.feathered(paint.union(face.regions, ['right_cheek']), S, 4);
    const after = await regionsOf(synthetic.applyDensity(face.photo, paint.toPhotoWeights(face, w), [0.01, 0.08, 0.05]), ['redness']);
    figures.push(`frontal, right cheek flushed → redness\n${table(['region', 'before', 'after'], rowsOf('redness', before, after))}`);
    expect(after.redness!.right_cheek!.score).toBeLessThanOrEqual(before.redness!.right_cheek!.score - 20);
    expect(Math.abs(after.redness!.left_cheek!.score - before.redness!.left_cheek!.score)).toBeLessThanOrEqual(3);
    expect(Math.abs(after.redness!.nose!.score - before.redness!.nose!.score)).toBeLessThanOrEqual(5);
  });

  it('when sheen is painted on the nose only, then the nose\'s oiliness falls and the forehead\'s stays', async () => {
    const places = paint.spread(face, ['nose'], 5, 5, 8);
    const w = synthetic.speckled(synthetic.discs(S, places.map((p) => ({ ...p, radius: 4 })), 3), S, 5, 0.3);
    const after = await regionsOf(synthetic.applySheen(face.photo, paint.toPhotoWeights(face, w), 0.25), ['oiliness']);
    figures.push(`frontal, sheen on the nose → oiliness\n${table(['region', 'before', 'after'], rowsOf('oiliness', before, after))}`);
    // 15 points before skin-v1.12.0; since then the ridge's share past 10 % counts less and less (root cause 29:
    // the length of the lamp's image along the nose follows the head's pitch), and these five patches lower it by 12.
    expect(after.oiliness!.nose!.score).toBeLessThanOrEqual(before.oiliness!.nose!.score - 10);
    expect(Math.abs(after.oiliness!.forehead!.score - before.oiliness!.forehead!.score)).toBeLessThanOrEqual(3);
  });
});

describe('the added markers, region by region on the full maps', () => {
  let face: paint.PaintableFace;
  let before: RegionResults;
  const ADDED: MarkerName[] = ['eye_bags', 'uniformness', 'radiance', 'age_spots', 'blackheads'];

  beforeAll(async () => {
    face = await paint.locateFace(models.analyzer, await faceJpeg('frontal'));
    before = await regionsOf(face.photo, ADDED);
  });

  /** Paints, then checks that `marker`'s result in `region` moves by at least `move` (signed) and every other region's by at most `others`. */
  async function onlyMoves(title: string, photo: RgbImage, marker: MarkerName, region: ResultRegion, move: number, others = 3) {
    const after = await regionsOf(photo, [marker]);
    figures.push(`frontal, ${title} → ${marker}\n${table(['region', 'before', 'after'], rowsOf(marker, before, after))}`);
    const change = after[marker]![region]!.score - before[marker]![region]!.score;
    if (move < 0) expect(change, `${region} ${before[marker]![region]!.score} → ${after[marker]![region]!.score}`).toBeLessThanOrEqual(move);
    else expect(change, `${region} ${before[marker]![region]!.score} → ${after[marker]![region]!.score}`).toBeGreaterThanOrEqual(move);
    const rest = resultRegionsOf(marker).filter((r) => r !== region);
    expect(rest.length).toBeGreaterThanOrEqual(1);
    for (const other of rest) expect(Math.abs(after[marker]![other]!.score - before[marker]![other]!.score), other).toBeLessThanOrEqual(others);
  }

  it('when the unpainted face is scanned, then each added marker has a result in each of its regions', () => {
    for (const marker of ADDED) expect(Object.keys(before[marker] ?? {}).sort(), marker).toEqual([...resultRegionsOf(marker)].sort());
  });

  it('when 8 blackheads are painted on the nose only, then only the nose\'s blackheads fall', async () => {
    const w = synthetic.discs(S, paint.spread(face, ['nose'], 8, 17, 6).map((p) => ({ ...p, radius: 1.1 })), 0.5);
    await onlyMoves('8 blackheads on the nose', synthetic.applyDensity(face.photo, paint.toPhotoWeights(face, w), added.BLACKHEAD_DENSITY), 'blackheads', 'nose', -15);
  });

  it('when 3 age spots are painted on the left cheek only, then only the left cheek\'s age spots fall', async () => {
    const w = synthetic.discs(S, paint.spread(face, ['left_cheek'], 3, 13, 20).map((p) => ({ ...p, radius: 5.5 })), 1.5);
    // A painted spot counts 0.3–0.5 (manifest notes) and one spot equivalent is 8 points: 3 spots ≈ −10.
    await onlyMoves('3 age spots on the left cheek', synthetic.applyDensity(face.photo, paint.toPhotoWeights(face, w), added.AGE_SPOT_DENSITY), 'age_spots', 'left_cheek', -8);
  });

  it('when a crease shadow is painted under the left eye only, then only the left under-eye\'s eye bags fall (the top of the cheek below is read with it)', async () => {
    await onlyMoves('crease under the left eye', added.eyeBagCreases(face, 1.5, ['under_eye_left']), 'eye_bags', 'under_eye_left', -15);
  });

  it('when 4 blotches are painted on the forehead only, then only the forehead\'s uniformness falls', async () => {
    let photo = face.photo;
    const places = paint.spread(face, ['forehead'], 4, 3, 14);
    for (const [k, density] of added.BLOTCH_DENSITIES.entries()) {
      const w = synthetic.discs(S, places.filter((_, i) => i % 2 === k).map((p) => ({ ...p, radius: 9 })), 6);
      photo = synthetic.applyDensity(photo, paint.toPhotoWeights(face, w), density);
    }
    await onlyMoves('4 blotches on the forehead', photo, 'uniformness', 'forehead', -10);
  });

  it('when glows are painted on the right cheekbone only, then only the right cheek\'s radiance rises (the face\'s median skin stays the reference)', async () => {
    const w = synthetic.discs(S, paint.spread(face, ['right_cheek'], 2, 9, 14).map((p) => ({ ...p, radius: 7 })), 4);
    await onlyMoves('2 glows on the right cheek', synthetic.applySheen(face.photo, paint.toPhotoWeights(face, w), 0.12), 'radiance', 'right_cheek', 5);
  });
});

describe('the whole face and the cut maps', () => {
  it('when region results are computed, then the whole-face markers are the scoring of the untouched features, and a region cut to its square (references packed below it) measures as on the whole crop', async () => {
    const { outcome, regions, maps, points } = await inspectWithMaps('light', 1);
    // The masks and maps were not changed by the per-region reductions (the analyzer reads the cheeks' texture as
    // seen face on, from the landmarks: the same option here).
    expect(outcome.markers).toEqual(scoreMarkers(reduceFeatures(maps, regions, { compression: cheekCompression(points) }), MARKER_NAMES, getManifest()));
    const whole = { x0: 0, y0: 0, x1: S - 1, y1: S - 1 };
    for (const part of ['left_cheek', 'forehead', 'under_eye_right'] as const) {
      const mask = regions.masks[part];
      const { x0, y0, x1, y1 } = boundsOf(mask);
      const [, cutRegions] = isolate(maps, regions, mask, { x0, y0, x1, y1 });
      expect(cutRegions.size).toBeLessThan(S);
      const uncut = reduceFeatures(...isolate(maps, regions, mask, whole)).values;
      const cut = reduceFeatures(...isolate(maps, regions, mask, { x0, y0, x1, y1 })).values;
      // The markers broken down by cut regions (the added markers blur round each pixel and are read on the full maps).
      for (const marker of MARKER_NAMES.filter((m) => resultRegionsOf(m).length > 0 && !isAddedMarker(m))) {
        if (Number.isNaN(uncut[marker])) expect(cut[marker], `${part} ${marker}`).toBeNaN();
        else expect(cut[marker], `${part} ${marker}`).toBeCloseTo(uncut[marker], 6);
      }
      // With reference regions packed below the square (redness: the chin and the under-eye bands; dark circles: the
      // cheeks), the markers that compare against them measure exactly as with the references in place.
      for (const [marker, references] of [['redness', ['chin', 'under_eye_left', 'under_eye_right']], ['dark_circles', ['left_cheek', 'right_cheek']]] as const) {
        const packed = isolate(maps, regions, mask, { x0, y0, x1, y1 }, references);
        expect(packed[1].size).toBeLessThan(S);
        const inPlace = reduceFeatures(...isolate(maps, regions, mask, whole, references)).values[marker];
        const value = reduceFeatures(...packed).values[marker];
        if (Number.isNaN(inPlace)) expect(value, `${part} ${marker}`).toBeNaN();
        else expect(value, `${part} ${marker}`).toBeCloseTo(inPlace, 6);
      }
    }
  });

  it('when a marker is measured on its own (only the outputs and regions it reads copied: redness, dark circles, oiliness, wrinkles), then each region reads exactly what the whole reduction of the same cut maps reads', async () => {
    for (const [face, scale] of [['light', 1], ['frontal', 0.5]] as const) {
      const { regions, maps } = await inspectWithMaps(face, scale);
      let compared = 0;
      for (const [marker, own] of Object.entries(OWN_MEASURES) as [MarkerName, NonNullable<(typeof OWN_MEASURES)[MarkerName]>][]) {
        const references = [...(REFERENCE_REGIONS[marker] ?? [])].sort();
        for (const part of resultRegionsOf(marker)) {
          const { t_zone, forehead, nose } = regions.masks;
          const mask = part === 'glabella' ? t_zone.map((v, i) => (v && !forehead[i] && !nose[i] ? 1 : 0)) : regions.masks[part];
          const { x0, y0, x1, y1 } = boundsOf(mask);
          if (x1 < 0) continue;
          const box = { x0, y0, x1, y1 };
          const whole = reduceFeatures(...isolate(maps, regions, mask, box, references)).values[marker];
          const alone = own.measure(...isolate(maps, regions, mask, box, references, own));
          expect(alone, `${face} ${marker} ${part}`).toBe(whole);
          if (Number.isFinite(whole)) compared++;
        }
      }
      expect(compared).toBeGreaterThanOrEqual(10);
    }
  });

  it('when a region\'s whole reduction leaves out the added markers and the baseline (as per-region results run it), then every original marker\'s value and details are exactly those of the full reduction', async () => {
    const { regions, maps } = await inspectWithMaps('frontal', 1);
    const original = MARKER_NAMES.filter((m) => !isAddedMarker(m));
    for (const part of ['forehead', 'nose', 'left_cheek', 'right_cheek', 'chin'] as const) {
      const mask = regions.masks[part];
      const { x0, y0, x1, y1 } = boundsOf(mask);
      const cut = isolate(maps, regions, mask, { x0, y0, x1, y1 });
      const full = reduceFeatures(...cut);
      const lean = reduceFeatures(...cut, { addedMarkers: false, baseline: false });
      expect(Object.keys(lean.values).sort(), part).toEqual([...original].sort());
      for (const marker of original) {
        expect(lean.values[marker], `${part} ${marker}`).toBe(full.values[marker]);
        expect(lean.details[marker], `${part} ${marker}`).toEqual(full.details[marker]);
      }
      expect(lean.baseline.L).toBeNaN();
      expect(full.values.uniformness).not.toBeUndefined();
    }
  });
});
