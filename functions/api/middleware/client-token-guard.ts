import type { MiddlewareHandler } from 'hono';
import { assertTokenMayCall } from '../../client-tokens/contract';
import type { ApiEnv } from '../deps';

/** After the rate limiter (a refused call still counts): client tokens reach only the operations meant for apps. */
export function clientTokenGuard(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    assertTokenMayCall(c.get('principal'), c.req.method, c.req.path);
    await next();
  };
}
