import type { MiddlewareHandler } from 'hono';
import type { CorsPolicy } from '../../cors/contract';
import type { ApiEnv } from '../deps';
import { tenantOf } from '../tenant-of';

/** What a page may read of a response besides the safelisted headers. */
export const EXPOSED_HEADERS = [
  'Request-Id',
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
  'Location',
  'Idempotent-Replayed',
  'Preference-Applied',
  'ETag',
];
const ALLOWED_METHODS = 'GET, POST, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Prefer, If-None-Match';
/** A real browser origin is short; anything else is not looked up. */
const ORIGIN_SHAPE = /^https?:\/\/[A-Za-z0-9.:[\]-]{1,253}$/;

/**
 * CORS for /v1 (docs/apps.md). Runs before authentication: a preflight has no credential and is answered here (204,
 * with `Access-Control-Allow-*` only for an origin some account listed); a real request goes on, and its response
 * (an error too) gets `Access-Control-Allow-Origin` only when the credential's account and environment listed the
 * origin (or, when authentication failed, when anyone did, so the page can read the 401). CORS decides which pages
 * may read responses; it is not access control: the Bearer credential is.
 */
export function cors(policy: CorsPolicy): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const origin = c.req.header('Origin');
    const wellFormed = origin !== undefined && ORIGIN_SHAPE.test(origin);
    if (c.req.method === 'OPTIONS' && origin !== undefined && c.req.header('Access-Control-Request-Method')) {
      const headers: Record<string, string> = { Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers' };
      if (wellFormed && (await policy.allowsPreflight(origin))) {
        Object.assign(headers, {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': ALLOWED_METHODS,
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '600',
        });
      }
      return c.body(null, 204, headers);
    }
    await next();
    if (origin === undefined) return;
    c.res.headers.append('Vary', 'Origin');
    if (!wellFormed) return;
    const principal = c.get('principal') as ApiEnv['Variables']['principal'] | undefined;
    const allowed = principal ? await policy.allowsFor(origin, tenantOf(principal)) : await policy.allowsPreflight(origin);
    if (allowed) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    }
  };
}
