import type { LesionCounts } from './skin/lesions';
import type { MarkerName, MarkerResult } from './skin/markers';
import type { RegionResults } from './skin/region-results';
import type { SkinTone } from './skin/skin-tone';
import type { SkinType } from './skin/skin-type';
import type { FaceInfo, QualityCheck, ScanError, ScanSpot } from './contract';
import type { OverlaySource } from '../overlays/overlay-source';

export interface CompletedAnalysis {
  status: 'completed';
  skinScore: number;
  markers: Partial<Record<MarkerName, MarkerResult>>;
  face: FaceInfo | null;
  quality: Record<string, QualityCheck>;
  /** The lesions counted for acne and pigmentation, in the upright photo's pixels, typed and placed in regions. */
  spots: ScanSpot[];
  lesionCounts: LesionCounts;
  /** Described on every completed analysis, whatever markers were asked for. */
  skinTone: SkinTone;
  /** Null when the T- or U-zone holds too little skin to tell. */
  skinType: SkinType | null;
  /** Per region, for the requested markers that have regions. */
  regionResults: RegionResults;
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
