import { z } from 'zod';

/** DESIGN section 4 (the Svix schedule): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE = '0,5s,5m,30m,2h,5h,10h,10h';

/** SQS ChangeMessageVisibility allows at most 12 hours. */
export const MAX_WAIT_SECONDS = 43_200;

/** Waits are spread by up to this fraction either way, so that receivers recovering from an outage are not hit in waves. */
export const JITTER_FRACTION = 0.1;

const UNIT_SECONDS = { s: 1, m: 60, h: 3_600 } as const;

/**
 * `0,5s,5m,2h` (or plain seconds, fractions allowed for tests) → seconds to wait before each attempt.
 * Usable as a zod transform: problems become configuration issues that name the variable.
 */
export function parseRetrySchedule(value: string, ctx?: z.RefinementCtx): number[] {
  const fail = (message: string): number[] => {
    if (!ctx) throw new Error(`WEBHOOK_RETRY_SCHEDULE: ${message}`);
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) {
    return fail(`expected a comma-separated list of waits such as ${DEFAULT_RETRY_SCHEDULE}, received ${JSON.stringify(value)}`);
  }
  const seconds: number[] = [];
  for (const part of parts) {
    const match = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(part);
    if (!match) return fail(`"${part}" is not a wait (use seconds or 5s, 5m, 2h)`);
    const wait = Number(match[1]) * UNIT_SECONDS[(match[2] ?? 's') as keyof typeof UNIT_SECONDS];
    if (wait > MAX_WAIT_SECONDS) return fail(`"${part}" is longer than 12 h, the longest SQS can hold a message back`);
    seconds.push(wait);
  }
  return seconds;
}

/** A wait with ±JITTER_FRACTION of noise, never negative and never past the 12-hour visibility limit. */
export function withJitter(seconds: number, random: () => number = Math.random): number {
  if (seconds <= 0) return 0;
  const factor = 1 + JITTER_FRACTION * (2 * random() - 1);
  return Math.min(MAX_WAIT_SECONDS, Math.max(0, seconds * factor));
}
