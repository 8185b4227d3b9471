import type { Context, Env, MiddlewareHandler } from 'hono';
import { sameToken } from '../sessions/contract';
import { csrfRefused, unreadableForm } from './errors';
import { requestOrigin } from './http-context';

export const CSRF_FIELD = '_csrf';

/**
 * Every state change is a POST: it must come from this origin (Origin, or Sec-Fetch-Site when a browser sends
 * no Origin) and carry the form's token, compared in constant time with `expected(c)` (the session's
 * synchronizer token, or the double-submit cookie before sign-in).
 */
export function requireCsrf<E extends Env>(expected: (c: Context<E>) => string | undefined): MiddlewareHandler<E> {
  return async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const origin = c.req.header('Origin');
    if (origin !== undefined ? origin !== requestOrigin(c) : c.req.header('Sec-Fetch-Site') === 'cross-site') throw csrfRefused();
    // A body that is not a form (a multipart without its boundary, cut-off parts) is the sender's mistake: 400, not 500.
    const form = await c.req.parseBody().catch(() => {
      throw unreadableForm();
    });
    const sent = form[CSRF_FIELD];
    const wanted = expected(c);
    if (typeof sent !== 'string' || !wanted || !sameToken(sent, wanted)) throw csrfRefused();
    await next();
  };
}
