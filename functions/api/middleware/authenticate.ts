import type { MiddlewareHandler } from 'hono';
import type { ApiDeps, ApiEnv } from '../deps';

/** Resolves the Bearer key into `principal` before any /v1 route but the public document. */
export function authenticate(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('principal', await deps.authenticator.authenticate(c.req.header('Authorization')));
    await next();
  };
}
