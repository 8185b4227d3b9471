import { invalidParam } from '../shared/errors';

export const MAX_WAIT_SECONDS = 25;

/**
 * RFC 7240 `Prefer`: `respond-async` means do not wait; `wait=N` (0 to 25) waits up to N seconds.
 * Returns the seconds to wait.
 */
export function waitSecondsFromPrefer(header: string | undefined, defaultSeconds: number): number {
  if (!header) return defaultSeconds;
  const preferences = header.split(',').map((p) => p.trim().toLowerCase());
  if (preferences.includes('respond-async')) return 0;
  const wait = preferences.find((p) => p.startsWith('wait='));
  if (!wait) return defaultSeconds;
  const seconds = Number(wait.slice('wait='.length));
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_WAIT_SECONDS) {
    throw invalidParam('Prefer', `wait must be a number of seconds from 0 to ${MAX_WAIT_SECONDS}, received ${JSON.stringify(wait.slice(5, 20))}`);
  }
  return seconds;
}
