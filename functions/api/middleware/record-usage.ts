import type { MiddlewareHandler } from 'hono';
import type { UsageRecorder } from '../../usage/contract';
import type { ApiEnv } from '../deps';

/**
 * After each authenticated request (placed after `authenticate`, before the rate limit, so refused requests are
 * counted too): one request, a scan when POST /v1/scans was accepted, a rate-limit hit on 429.
 */
export function recordUsage(usage: UsageRecorder | undefined): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next();
    const principal = c.get('principal');
    if (!usage || !principal) return;
    const status = c.res.status;
    const scanAccepted = c.req.method === 'POST' && /^\/v1\/scans\/?$/.test(c.req.path) && (status === 201 || status === 202);
    await usage.record(
      { accountId: principal.accountId, environment: principal.environment, keyId: principal.keyId },
      { requests: 1, scans: scanAccepted ? 1 : 0, rate_limited: status === 429 ? 1 : 0 },
    );
  };
}
