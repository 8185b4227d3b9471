/**
 * What other capabilities may use of the analysis: the marker vocabulary, the manifest's catalogue and severity
 * rules, the region names, and the shape of an analysis outcome (face, quality checks, spots, error) that a scan
 * stores. Everything else in this folder is internal to it. Only small pure modules: importing this pulls in no
 * model runtime and no image library (the API function's bundle stays small). The analyzer's port
 * (`ScanAnalyzer`, `AnalysisOutcome`) is in analyzer.ts, and create-analyzer.ts builds it (composition roots only).
 */
export { MARKER_NAMES, isMarkerName, type MarkerName, type MarkerResult, type Severity } from './skin/markers';
export { getManifest, severityFor, markerCatalogue } from './skin/manifest';
export { REGION_NAMES, type RegionName } from './types';

export interface FaceInfo {
  box: { x: number; y: number; width: number; height: number };
  confidence: number;
  landmarks: number;
  /** How old the face looks (completed scans only; functions/analysis/face/perceived-age.ts). */
  perceived_age?: { years: number; expected_error_years: number };
}

/** A lesion the analysis counted (acne or pigmentation): its centre and radius in the upright photo's pixels. */
export interface ScanSpot {
  marker: 'acne' | 'pigmentation';
  x: number;
  y: number;
  radius: number;
}

/** One quality check: its measured value, its threshold and whether it passed. */
export interface QualityCheck {
  value: number;
  threshold: number;
  passed: boolean;
}

/** Why a photo could not be judged or analysed: a code of the error catalogue and a sentence for people. */
export interface ScanError {
  code: string;
  message: string;
}
