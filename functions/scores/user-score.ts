import type { MarkerName, MarkerResult } from '../analysis/contract';

export type Trend = 'improving' | 'stable' | 'worsening';

export interface ScoreHistoryEntry {
  scan_id: string;
  skin_score: number;
  markers: Partial<Record<MarkerName, number>>;
  at: string;
}

/** A user's score as answered by GET /v1/users/{user_id}/score. */
export interface UserScore {
  user_id: string;
  /** Smoothed over the latest scans (see SMOOTHING_WEIGHTS). */
  skin_score: number;
  markers: Partial<Record<MarkerName, MarkerResult>>;
  trend: { direction: Trend; delta_30d: number };
  scan_count: number;
  /** Oldest first; the latest HISTORY_LIMIT scans. */
  history: ScoreHistoryEntry[];
  updated_at: string;
}

/** What the store keeps beside the public fields. */
export interface UserScoreRecord extends UserScore {
  /** Optimistic-locking counter: every write expects the version it read. */
  version: number;
  /** The last change: which scan moved the score from what, so a redelivered job can re-publish its event. */
  last_change: { scan_id: string; previous_skin_score: number | null; skin_score: number; at: string } | null;
}

export function toPublicScore(record: UserScoreRecord): UserScore {
  const { version: _version, last_change: _change, ...score } = record;
  return score;
}
