/**
 * The lesion list (functions/analysis/skin/lesions.ts): papules and brown spots painted at known places on a real
 * face (FACE_CROPS.light at twice its size, ≈ 500 px, an ordinary selfie) come back in the scan's `spots` at those
 * places in the original photo's pixels, inside the face box, in the region they were painted in, typed inflamed
 * and dark_spot, and counted per region.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectingAnalyzer } from '../../functions/analysis/create-analyzer';
import type { CompletedAnalysis } from '../../functions/analysis/analyzer';
import { cropToImage } from '../../functions/analysis/face/square-crop';
import * as synthetic from '../support/synthetic-skin';
import type { Point, RegionName } from '../../functions/analysis/types';
import { scaledFace, table, testAnalyzer } from './support/analyzer';
import * as paint from './support/painting';

const S = 256;
let analyzer: InspectingAnalyzer;
let face: paint.PaintableFace;
const figures: string[] = [];

beforeAll(async () => {
  analyzer = await testAnalyzer();
  face = await paint.locateFace(analyzer, await scaledFace('light', 2));
});

afterAll(async () => {
  if (figures.length) console.info(`lesions\n${figures.join('\n\n')}`);
  await analyzer?.close();
});

interface Painted {
  region: RegionName;
  kind: 'papule' | 'brownSpot';
  at: Point;
}

describe('painted papules and brown spots', () => {
  let painted: Painted[];
  let outcome: CompletedAnalysis;

  beforeAll(async () => {
    // Three papules on the left cheek, two on the forehead; two brown spots on the right cheek, one on the chin.
    const layout: [RegionName, 'papule' | 'brownSpot', number, number][] = [
      ['left_cheek', 'papule', 3, 21],
      ['forehead', 'papule', 2, 22],
      ['right_cheek', 'brownSpot', 2, 23],
      ['chin', 'brownSpot', 1, 24],
    ];
    painted = layout.flatMap(([region, kind, n, seed]) => paint.spread(face, [region], n, seed, 14).map((at) => ({ region, kind, at })));
    let photo = face.photo;
    for (const kind of ['papule', 'brownSpot'] as const) {
      const spots = painted.filter((p) => p.kind === kind).map((p) => ({ ...p.at, radius: kind === 'papule' ? 2.5 : 3 }));
      photo = synthetic.applyDensity(photo, paint.toPhotoWeights(face, synthetic.discs(S, spots, 1.2)), synthetic.LESION_DENSITY[kind]);
    }
    const inspection = await analyzer.inspect(await paint.encodePhoto(photo), ['acne', 'pigmentation'], { overlays: false });
    if (inspection.outcome.status !== 'completed') throw new Error(inspection.outcome.error.code);
    outcome = inspection.outcome;
  });

  it('when the scan lists its spots, then each painted lesion is found at its place in the photo, in its region, with its type', () => {
    const scale = face.window.side / S;
    const rows: (string | number)[][] = [];
    for (const p of painted) {
      const centre = cropToImage(face.window, S, { x: p.at.x, y: p.at.y });
      const nearest = outcome.spots
        .map((s) => ({ s, d: Math.hypot(s.x - centre.x, s.y - centre.y) }))
        .sort((a, b) => a.d - b.d)[0];
      rows.push([p.kind, p.region, `${centre.x.toFixed(1)}, ${centre.y.toFixed(1)}`, nearest ? `${nearest.s.x}, ${nearest.s.y}` : '—', nearest?.d.toFixed(1) ?? '—', nearest?.s.type ?? '—', nearest?.s.region ?? '—']);
      expect(nearest, `${p.kind} at ${JSON.stringify(centre)}`).toBeDefined();
      // Within 2 crop pixels (≈ 1.5 mm) of where it was painted, in photo pixels.
      expect(nearest!.d, `${p.kind} in ${p.region}`).toBeLessThanOrEqual(2 * scale);
      expect(nearest!.s.region).toBe(p.region);
      expect(nearest!.s.type).toBe(p.kind === 'papule' ? 'inflamed' : 'dark_spot');
      expect(nearest!.s.marker).toBe(p.kind === 'papule' ? 'acne' : 'pigmentation');
    }
    figures.push(`light face (≈ 500 px), painted lesions → spots\n${table(['painted', 'region', 'at (photo px)', 'found at', 'distance', 'type', 'region found'], rows)}`);
  });

  it('when the spots are read, then every one lies inside the face box, in the photo\'s own pixels, with a radius of at most a few millimetres', () => {
    const box = outcome.face!.box;
    expect(outcome.spots.length).toBeGreaterThanOrEqual(painted.length);
    for (const s of outcome.spots) {
      expect(s.x).toBeGreaterThanOrEqual(box.x);
      expect(s.x).toBeLessThanOrEqual(box.x + box.width);
      expect(s.y).toBeGreaterThanOrEqual(box.y);
      expect(s.y).toBeLessThanOrEqual(box.y + box.height);
      expect(s.radius).toBeLessThanOrEqual(box.width / 20);
    }
  });

  it('when the counts are read, then they tally the distinct spots by type and region', () => {
    const counts = outcome.lesionCounts;
    expect(counts.by_region.left_cheek?.inflamed).toBeGreaterThanOrEqual(3);
    expect(counts.by_region.forehead?.inflamed).toBeGreaterThanOrEqual(2);
    expect(counts.by_region.right_cheek?.dark_spot).toBeGreaterThanOrEqual(2);
    expect(counts.by_region.chin?.dark_spot).toBeGreaterThanOrEqual(1);
    const regions = Object.values(counts.by_region);
    expect(regions.reduce((a, t) => a + t!.total, 0)).toBeLessThanOrEqual(counts.total);
    expect(counts.inflamed + counts.dark_spot).toBe(counts.total);
    for (const tally of regions) expect(tally!.inflamed + tally!.dark_spot).toBe(tally!.total);
    // Distinct: never more than the list holds.
    expect(counts.total).toBeLessThanOrEqual(outcome.spots.length);
    figures.push(`counts\n${JSON.stringify(counts)}`);
  });
});
