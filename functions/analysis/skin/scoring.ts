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
 * The skin score: the weighted mean of the returned markers' scores (weights in the manifest), an integer. Only
 * the version 1 markers carry a weight; the markers added in skin-v1.5.0 are left out so the skin score means what
 * it meant before they existed. A scan that asked for added markers only gets their plain mean.
 *
 * @example
 *   skinScore({ acne: { score: 80, severity: 'low' }, redness: { score: 60, severity: 'moderate' } }, manifest);
 */
export function skinScore(results: Partial<Record<MarkerName, MarkerResult>>, manifest: SkinManifest): number {
  const returned = (Object.entries(results) as [MarkerName, MarkerResult | undefined][]).filter((e): e is [MarkerName, MarkerResult] => e[1] !== undefined);
  if (returned.length === 0) throw new Error('skinScore: no marker results to combine');
  const weights: Partial<Record<MarkerName, number>> = manifest.score_weights;
  const weighted = returned.filter(([marker]) => weights[marker] !== undefined);
  const combined = weighted.length > 0 ? weighted : returned;
  let sum = 0;
  let weight = 0;
  for (const [marker, result] of combined) {
    const w = weighted.length > 0 ? weights[marker]! : 1;
    sum += w * result.score;
    weight += w;
  }
  return Math.round(sum / weight);
}
