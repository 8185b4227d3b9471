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
export { RESULT_REGION_NAMES, type ResultRegion } from './skin/result-regions';
export { LESION_TYPES, type LesionCounts, type LesionType } from './skin/lesions';
export type { RegionResults } from './skin/region-results';
export { SKIN_TONE_CATEGORY_NAMES, type SkinTone, type SkinToneCategory } from './skin/skin-tone';
export { SKIN_TYPE_NAMES, type SkinType } from './skin/skin-type';
import type { LesionType } from './skin/lesions';
import type { ResultRegion } from './skin/result-regions';

export interface FaceInfo {
  box: { x: number; y: number; width: number; height: number };
  confidence: number;
  landmarks: number;
  /** How old the face looks (completed scans only; functions/analysis/face/perceived-age.ts). */
  perceived_age?: { years: number; expected_error_years: number };
}

/**
 * A lesion the analysis counted (acne or pigmentation): its type (inflamed red spot or dark spot), its region, its
 * centre and radius in the upright photo's pixels.
 */
export interface ScanSpot {
  marker: 'acne' | 'pigmentation';
  type: LesionType;
  region: ResultRegion | null;
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
