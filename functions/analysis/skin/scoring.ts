import type { SkinFeatures } from './features.js';
import { severityFor, type Calibration, type SkinManifest } from './manifest.js';
import type { MarkerName, MarkerResult } from './markers.js';

export class InsufficientSkinError extends Error {
  override readonly name = 'InsufficientSkinError';
  constructor(
    readonly marker: MarkerName,
    readonly regions: string[],
  ) {
    super(`Not enough visible skin to measure ${marker} (regions: ${regions.join(', ')})`);
  }
}

/** Piecewise-linear map from a raw value to a (real) score; the end anchors hold outside their range. */
export function calibrate(value: number, calibration: Calibration): number {
  const a = calibration.anchors;
  if (value <= a[0]![0]) return a[0]![1];
  for (let i = 1; i < a.length; i++) {
    const [x1, y1] = a[i]!;
    if (value <= x1) {
      const [x0, y0] = a[i - 1]!;
      return y0 + ((y1 - y0) * (value - x0)) / (x1 - x0);
    }
  }
  return a[a.length - 1]![1];
}

/**
 * Calibrated scores for the requested markers: integer 0..100, higher is healthier, with the manifest's
 * severity bands (low 70–100, moderate 40–69, high 0–39).
 * Throws InsufficientSkinError when a marker's regions held no usable skin.
 *
 * @example
 *   scoreMarkers(features, ['acne', 'redness'], getManifest());
 *   // { acne: { score: 87, severity: 'low' }, redness: { score: 64, severity: 'moderate' } }
 */
export function scoreMarkers<M extends MarkerName>(
  features: SkinFeatures,
  markers: readonly M[],
  manifest: SkinManifest,
): Record<M, MarkerResult> {
  const out = {} as Record<M, MarkerResult>;
  for (const marker of markers) {
    const definition = manifest.markers[marker];
    const value = features.values[marker];
    if (!Number.isFinite(value)) throw new InsufficientSkinError(marker, definition.regions);
    const score = Math.min(100, Math.max(0, Math.round(calibrate(value, definition.calibration))));
    out[marker] = { score, severity: severityFor(score, manifest) };
  }
  return out;
}

/**
 * The skin score: the weighted mean of the returned markers' scores (weights in the manifest), an integer.
 *
 * @example
 *   skinScore({ acne: { score: 80, severity: 'low' }, redness: { score: 60, severity: 'moderate' } }, manifest);
 */
export function skinScore(results: Partial<Record<MarkerName, MarkerResult>>, manifest: SkinManifest): number {
  let sum = 0;
  let weight = 0;
  for (const [marker, result] of Object.entries(results) as [MarkerName, MarkerResult | undefined][]) {
    if (!result) continue;
    const w = manifest.score_weights[marker];
    sum += w * result.score;
    weight += w;
  }
  if (weight === 0) throw new Error('skinScore: no marker results to combine');
  return Math.round(sum / weight);
}
