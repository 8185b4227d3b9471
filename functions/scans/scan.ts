import type { MarkerName, MarkerResult } from '../analysis/skin/markers';
import type { Environment } from '../shared/tenant';

export type ScanStatus = 'processing' | 'completed' | 'failed';

export interface ImageInfo {
  width: number;
  height: number;
  format: string;
}

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

export interface ScanError {
  code: string;
  message: string;
}

/** The scan as stored and as answered (the seed's fields first, DESIGN.md section 3 for the rest). */
export interface Scan {
  scan_id: string;
  status: ScanStatus;
  user_id: string | null;
  skin_score: number | null;
  markers: Partial<Record<MarkerName, MarkerResult>>;
  created_at: string;
  completed_at: string | null;
  model: { name: string; version: string } | null;
  image: ImageInfo;
  face: FaceInfo | null;
  quality: Record<string, QualityCheck> | null;
  error: ScanError | null;
  /** Counted acne and pigmentation spots; empty until completed (and on scans stored before spots were kept). */
  spots: ScanSpot[];
}

/** What the store keeps beside the public fields. */
export interface ScanRecord extends Omit<Scan, 'spots'> {
  /** Absent until the scan completes (and on records stored before spots were kept). */
  spots?: ScanSpot[];
  account_id: string;
  environment: Environment;
  requested_markers: MarkerName[];
  image_key: string;
  /** Times the recovery sweep re-queued the scan's job (functions/recovery); absent when never. */
  recoveries?: number;
}

/** The message the API function enqueues for the inference function. */
export interface ScanJob {
  scan_id: string;
  account_id: string;
  environment: Environment;
}

export function toPublicScan(record: ScanRecord): Scan {
  return {
    scan_id: record.scan_id,
    status: record.status,
    user_id: record.user_id,
    skin_score: record.skin_score,
    markers: record.markers,
    created_at: record.created_at,
    completed_at: record.completed_at,
    model: record.model,
    image: record.image,
    face: record.face,
    quality: record.quality,
    error: record.error,
    spots: record.spots ?? [],
  };
}
