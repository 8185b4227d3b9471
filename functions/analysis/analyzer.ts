import type { MarkerName, MarkerResult } from './skin/markers';
import type { FaceInfo, QualityCheck, ScanError } from '../scans/scan';

export interface CompletedAnalysis {
  status: 'completed';
  skinScore: number;
  markers: Partial<Record<MarkerName, MarkerResult>>;
  face: FaceInfo | null;
  quality: Record<string, QualityCheck>;
  /** PNG per requested marker, showing where its score comes from. */
  overlays?: Partial<Record<MarkerName, Uint8Array>>;
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
