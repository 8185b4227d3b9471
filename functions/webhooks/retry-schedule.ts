import { DEFAULT_RETRY_SCHEDULE } from '../kernel/config';
import { MAX_WAIT_SECONDS, parseWaitList } from '../kernel/wait-list';

/** Waits are spread by up to this fraction either way, so that receivers recovering from an outage are not hit in waves. */
export const JITTER_FRACTION = 0.1;

/** The schedule of WEBHOOK_RETRY_SCHEDULE (as functions/kernel/config.ts parses it) → seconds before each attempt. */
export function parseRetrySchedule(value: string): number[] {
  return parseWaitList(value, 'WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE);
}

/** A wait with ±JITTER_FRACTION of noise, never negative and never past the 12-hour visibility limit. */
export function withJitter(seconds: number, random: () => number = Math.random): number {
  if (seconds <= 0) return 0;
  const factor = 1 + JITTER_FRACTION * (2 * random() - 1);
  return Math.min(MAX_WAIT_SECONDS, Math.max(0, seconds * factor));
}
