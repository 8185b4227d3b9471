import type { MarkerName, MarkerResult } from './skin/markers';
import type { FaceInfo, QualityCheck, ScanError, ScanSpot } from './contract';
import type { OverlaySource } from '../overlays/overlay-source';

export interface CompletedAnalysis {
  status: 'completed';
  skinScore: number;
  markers: Partial<Record<MarkerName, MarkerResult>>;
  face: FaceInfo | null;
  quality: Record<string, QualityCheck>;
  /** The lesions counted for acne and pigmentation, in the upright photo's pixels. */
  spots: ScanSpot[];
  /** What GET /v1/scans/{id}/overlay draws from (functions/overlays); absent when not asked for. */
  overlaySource?: OverlaySource;
}

/** The photo cannot be judged: a quality check failed (no face, too dark, …). Not retried. */
export interface RejectedAnalysis {
  status: 'failed';
  error: ScanError;
  face: FaceInfo | null;
  quality: Record<string, QualityCheck>;
}

export type AnalysisOutcome = CompletedAnalysis | RejectedAnalysis;

/** The analysis behind a scan: image bytes in, scores or a quality rejection out. Deterministic. */
export interface ScanAnalyzer {
  readonly model: { name: string; version: string };
  analyze(image: Uint8Array, markers: readonly MarkerName[]): Promise<AnalysisOutcome>;
}
