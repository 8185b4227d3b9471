/** Time source, injectable so tests can move time (key grace periods, rate-limit windows, retries). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** ISO 8601 UTC with `Z`, the only timestamp format the API emits. */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}
