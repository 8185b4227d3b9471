export const MAX_WAIT_SECONDS = 25;

/** How long POST /v1/scans waits, and what it tells the client it applied (`Preference-Applied`). */
export interface WaitPreference {
  seconds: number;
  /** `respond-async` or `wait=N` (N as applied, after clamping); undefined when no preference was honoured. */
  applied: string | undefined;
}

/** RFC 7240 `wait`: delta-seconds, i.e. decimal digits only (no sign, no fraction, no `0x`). */
const DELTA_SECONDS = /^[0-9]{1,10}$/;

/**
 * RFC 7240 `Prefer`. Preferences are hints: an unknown one, or a `wait` that is not delta-seconds (`wait=0x10`,
 * `wait=-1`, `wait=2.5`), is ignored and the default applies; a `wait` above 25 s is clamped to 25 (API Gateway
 * answers 504 after 29 s). `respond-async` means do not wait and wins over `wait`. Never an error.
 */
export function waitFromPrefer(header: string | undefined, defaultSeconds: number): WaitPreference {
  const preferences = (header ?? '').split(',').map(preferenceOf).filter((p) => p !== undefined);
  if (preferences.some((p) => p.token === 'respond-async')) return { seconds: 0, applied: 'respond-async' };
  const wait = preferences.find((p) => p.token === 'wait' && p.value !== undefined && DELTA_SECONDS.test(p.value));
  if (!wait) return { seconds: defaultSeconds, applied: undefined };
  const seconds = Math.min(Number(wait.value), MAX_WAIT_SECONDS);
  return { seconds, applied: `wait=${seconds}` };
}

/** `token[=value][; parameters]`, the value possibly quoted; parameters are not used by any preference here. */
function preferenceOf(raw: string): { token: string; value: string | undefined } | undefined {
  const [head = ''] = raw.split(';');
  const equals = head.indexOf('=');
  const token = (equals < 0 ? head : head.slice(0, equals)).trim().toLowerCase();
  if (token === '') return undefined;
  const value = equals < 0 ? undefined : head.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1');
  return { token, value };
}
