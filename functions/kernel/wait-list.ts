import { z } from 'zod';

/** SQS ChangeMessageVisibility allows at most 12 hours. */
export const MAX_WAIT_SECONDS = 43_200;

const UNIT_SECONDS = { s: 1, m: 60, h: 3_600 } as const;

/**
 * `0,5s,5m,2h` (or plain seconds, fractions allowed for tests) → seconds to wait before each attempt.
 * Usable as a zod transform: problems become configuration issues that name the variable (`name`).
 */
export function parseWaitList(value: string, name: string, example: string, ctx?: z.RefinementCtx): number[] {
  const fail = (message: string): number[] => {
    if (!ctx) throw new Error(`${name}: ${message}`);
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => p === '')) {
    return fail(`expected a comma-separated list of waits such as ${example}, received ${JSON.stringify(value)}`);
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
