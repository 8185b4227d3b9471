import { WINDOW_SECONDS, type RateLimitDecision } from './rate-limiter';

/** The one quota policy every key is counted against (per account and environment, per window). */
export const RATE_LIMIT_POLICY_ID = 'default';

/**
 * The headers of every authenticated response; a refused request adds `Retry-After`.
 *
 * - `RateLimit-Policy` and `RateLimit` follow draft-ietf-httpapi-ratelimit-headers (-10/-11): Structured Field
 *   Lists whose items are a policy id with parameters, `q` (quota) and `w` (window, seconds) for the policy, `r`
 *   (remaining) and `t` (seconds until the window resets) for the current state.
 * - `RateLimit-Limit`, `-Remaining` and `-Reset` are the older drafts' fields, which clients of /v1 already read:
 *   deprecated, still sent for the period CHANGELOG.md states.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const id = `"${RATE_LIMIT_POLICY_ID}"`;
  return {
    'RateLimit-Policy': `${id};q=${decision.limit};w=${WINDOW_SECONDS}`,
    RateLimit: `${id};r=${decision.remaining};t=${decision.resetSeconds}`,
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    ...(decision.admitted ? {} : { 'Retry-After': String(decision.resetSeconds) }),
  };
}
