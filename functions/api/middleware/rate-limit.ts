import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../api-error';
import { rateLimitHeaders } from '../../limits/contract';
import type { ApiDeps, ApiEnv } from '../deps';

/** Counts every authenticated request against its account and environment; over the limit → 429. */
export function rateLimit(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    const decision = await deps.rateLimiter.take(
      { accountId: principal.accountId, environment: principal.environment },
      principal.rateLimit,
    );
    const headers = rateLimitHeaders(decision);
    if (!decision.admitted) {
      throw new ApiError(
        'rate_limited',
        `This account allows ${decision.limit} requests per minute in this environment; retry in ${decision.resetSeconds} s.`,
        [],
        headers,
      );
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  };
}
