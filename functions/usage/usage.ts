import type { Environment } from '../kernel/tenant';

/** Usage is kept this long (the dashboard shows 30 days). */
export const USAGE_RETENTION_DAYS = 90;

/** One day's counters of one key (ISO day in UTC). */
export interface UsageDay {
  day: string;
  environment: Environment;
  key_id: string;
  /** Authenticated API requests, every answer included. */
  requests: number;
  /** Scans accepted (201 or 202 to POST /v1/scans). */
  scans: number;
  /** Requests refused with 429 by the rate limit. */
  rate_limited: number;
}

export type UsageIncrement = Pick<UsageDay, 'requests' | 'scans' | 'rate_limited'>;

export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The `days` ISO days ending today, oldest first. */
export function lastDays(nowMs: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => dayOf(nowMs - (days - 1 - i) * 86_400_000));
}
