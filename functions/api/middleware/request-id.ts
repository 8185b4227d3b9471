import type { MiddlewareHandler } from 'hono';
import { newId } from '../../kernel/ids';
import type { ApiEnv } from '../deps';

/** Every response carries `Request-Id`: API Gateway's request id on Lambda, a fresh `req_` id locally. */
export function requestId(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const lambdaEvent = (c.env as { event?: { requestContext?: { requestId?: string } } } | undefined)?.event;
    const id = lambdaEvent?.requestContext?.requestId ?? newId('req');
    c.set('requestId', id);
    await next();
    c.header('Request-Id', id);
  };
}
