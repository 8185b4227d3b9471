import type { MarkerName, MarkerResult } from '../analysis/contract';
import type { RoutinePlan } from './engine';

/** A generated routine as stored and answered (DESIGN.md section 7). */
export interface Routine extends RoutinePlan {
  routine_id: string;
  scan_id: string | null;
  user_id: string | null;
  created_at: string;
  /** The marker results the routine was built for (from the scan, or as sent). */
  markers: Partial<Record<MarkerName, MarkerResult>>;
  profile: Record<string, unknown>;
}
