import type { MarkerName, MarkerResult } from '../analysis/contract';
import { severityFor, getManifest } from '../analysis/contract';
import type { ScoreHistoryEntry, Trend, UserScoreRecord } from './user-score';

/** Newest scan first: the current value is this weighted mean of the latest three (a single odd photo moves it less). */
export const SMOOTHING_WEIGHTS = [3, 2, 1] as const;
/** A change of at least this many points over 30 days is a trend. */
export const TREND_THRESHOLD = 3;
export const TREND_WINDOW_MS = 30 * 86_400_000;
export const HISTORY_LIMIT = 100;

export interface CompletedScanFacts {
  scan_id: string;
  user_id: string;
  skin_score: number;
  markers: Partial<Record<MarkerName, MarkerResult>>;
  completed_at: string;
}

/**
 * The user's score after one more completed scan, or `undefined` when that scan was already counted (a
 * redelivered job). History stays in scan order even when scans complete out of order.
 */
export function applyScan(current: UserScoreRecord | undefined, scan: CompletedScanFacts): UserScoreRecord | undefined {
  if (current?.history.some((entry) => entry.scan_id === scan.scan_id)) return undefined;
  const entry: ScoreHistoryEntry = {
    scan_id: scan.scan_id,
    skin_score: scan.skin_score,
    markers: Object.fromEntries(Object.entries(scan.markers).map(([name, result]) => [name, result!.score])),
    at: scan.completed_at,
  };
  const history = [...(current?.history ?? []), entry].sort((a, b) => a.scan_id.localeCompare(b.scan_id)).slice(-HISTORY_LIMIT);
  const skinScore = smoothed(history.map((h) => h.skin_score));
  const previous = current ? current.skin_score : null;
  return {
    user_id: scan.user_id,
    skin_score: skinScore,
    markers: smoothedMarkers(history),
    trend: trendOf(history, skinScore),
    scan_count: (current?.scan_count ?? 0) + 1,
    history,
    updated_at: scan.completed_at,
    version: (current?.version ?? 0) + 1,
    last_change:
      previous === skinScore
        ? (current?.last_change ?? null)
        : { scan_id: scan.scan_id, previous_skin_score: previous, skin_score: skinScore, at: scan.completed_at },
  };
}

/** Weighted mean of the latest values (oldest first in `values`), rounded to an integer. */
function smoothed(values: number[]): number {
  const latest = values.slice(-SMOOTHING_WEIGHTS.length).reverse();
  let sum = 0;
  let weight = 0;
  latest.forEach((value, i) => {
    sum += value * SMOOTHING_WEIGHTS[i];
    weight += SMOOTHING_WEIGHTS[i];
  });
  return Math.round(sum / weight);
}

function smoothedMarkers(history: ScoreHistoryEntry[]): Partial<Record<MarkerName, MarkerResult>> {
  const manifest = getManifest();
  const names = new Set(history.flatMap((h) => Object.keys(h.markers) as MarkerName[]));
  const out: Partial<Record<MarkerName, MarkerResult>> = {};
  for (const name of names) {
    const score = smoothed(history.flatMap((h) => (h.markers[name] === undefined ? [] : [h.markers[name]!])));
    out[name] = { score, severity: severityFor(score, manifest) };
  }
  return out;
}

/**
 * Current smoothed score minus the score of the oldest scan in the last 30 days (0 with one scan):
 * improving at +3 or more, worsening at -3 or less.
 */
function trendOf(history: ScoreHistoryEntry[], current: number): { direction: Trend; delta_30d: number } {
  const latest = Date.parse(history[history.length - 1].at);
  const window = history.filter((h) => latest - Date.parse(h.at) <= TREND_WINDOW_MS);
  const delta = window.length < 2 ? 0 : current - window[0].skin_score;
  const direction: Trend = delta >= TREND_THRESHOLD ? 'improving' : delta <= -TREND_THRESHOLD ? 'worsening' : 'stable';
  return { direction, delta_30d: delta };
}
