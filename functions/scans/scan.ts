import type {
  FaceInfo,
  LesionCounts,
  MarkerName,
  MarkerResult,
  QualityCheck,
  RegionResults,
  ScanError,
  ScanSpot,
  SkinTone,
  SkinType,
} from '../analysis/contract';
import type { Environment } from '../kernel/tenant';

export type ScanStatus = 'processing' | 'completed' | 'failed';

export interface ImageInfo {
  width: number;
  height: number;
  format: string;
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
  /** Distinct lesions per type and region; null until completed. */
  lesion_counts: LesionCounts | null;
  /** ITA° skin tone of the face (a description, never a score); null until completed. */
  skin_tone: SkinTone | null;
  /** Oily / dry / combination / normal and sensitive-prone, from T-zone against U-zone; null until completed. */
  skin_type: SkinType | null;
  /** Score and severity per region, per requested marker that has regions; `{}` until completed. */
  region_results: RegionResults;
}

/** Fields a scan record holds only once completed (and not on records stored before they existed). */
type CompletedOnly = 'spots' | 'lesion_counts' | 'skin_tone' | 'skin_type' | 'region_results';

/** What the store keeps beside the public fields. */
export interface ScanRecord extends Omit<Scan, CompletedOnly>, Partial<Pick<Scan, CompletedOnly>> {
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
    // Spots stored before lesions were typed: an acne spot is a red (haemoglobin) blob by definition, a
    // pigmentation spot a melanin one; their region was not recorded.
    spots: (record.spots ?? []).map((spot) => ({ ...spot, type: spot.type ?? (spot.marker === 'acne' ? 'inflamed' : 'dark_spot'), region: spot.region ?? null })),
    lesion_counts: record.lesion_counts ?? null,
    skin_tone: record.skin_tone ?? null,
    skin_type: record.skin_type ?? null,
    region_results: record.region_results ?? {},
  };
}
