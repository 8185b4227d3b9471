import type { RateLimitDecision } from './rate-limiter';

/** `RateLimit-*` on every authenticated response; a refused request adds `Retry-After`. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
    ...(decision.admitted ? {} : { 'Retry-After': String(decision.resetSeconds) }),
  };
}
