import { Hono } from 'hono';
import { DomainError } from '../kernel/errors';
import { ApiError } from './api-error';
import { noopMetrics } from '../kernel/metrics';
import type { ApiDeps, ApiEnv } from './deps';
import { problemResponse } from './problem';
import { allowedMethodsOf, methodNotAllowed } from './allowed-methods';
import { requestId } from './middleware/request-id';
import { requestMetrics } from './middleware/request-metrics';
import { authenticate } from './middleware/authenticate';
import { rateLimit } from './middleware/rate-limit';
import { KEYED_ROUTES, PUBLIC_ROUTES } from './routes/all-routes';
import { mountRoutes } from './mount-routes';
import { openApiDocument } from './openapi/document';
import { docsRoutes } from './routes/docs';
import { cors } from './middleware/cors';
import { clientTokenGuard } from './middleware/client-token-guard';
import { recordUsage } from './middleware/record-usage';
import { dashboardRoutes } from '../dashboard/routes';

/** The one HTTP app: the Lambda handler, the local server and the tests all call this. */
export function createApp(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Some tests build the app from partial deps (documents, docs page): no sink means no metrics.
  app.use('*', requestMetrics(deps.metrics ?? noopMetrics));
  app.use('*', requestId());
  // Public, no key: registered before the /v1 routes, so their key and rate-limit middleware never run for these.
  mountRoutes(app, PUBLIC_ROUTES, { document: openApiDocument });
  app.route('/', docsRoutes());
  if (deps.dashboard) app.route('/dashboard', dashboardRoutes(deps.dashboard));

  const v1 = new Hono<ApiEnv>();
  // Before the key: preflights carry none (functions/api/middleware/cors.ts).
  v1.use('*', cors(deps.cors));
  v1.use('*', authenticate(deps));
  v1.use('*', recordUsage(deps.usage));
  v1.use('*', rateLimit(deps));
  v1.use('*', clientTokenGuard());
  mountRoutes(v1, KEYED_ROUTES, deps, '/v1');
  app.route('/v1', v1);

  const allowedMethods = allowedMethodsOf(app);
  app.notFound((c) => {
    const allowed = allowedMethods(c.req.path);
    if (allowed.length > 0) return problemResponse(c, methodNotAllowed(c.req.method, c.req.path, allowed), c.get('requestId'));
    return problemResponse(c, new ApiError('not_found', `No route ${c.req.method} ${c.req.path}.`), c.get('requestId'));
  });
  app.onError((error, c) => {
    if (!(error instanceof DomainError)) {
      deps.logger.error('unhandled error', { requestId: c.get('requestId'), error: errorSummary(error) });
    }
    return problemResponse(c, error, c.get('requestId'));
  });
  return app;
}

/** Name and message only: a raw error may hold request data. */
function errorSummary(error: unknown): { name: string; message: string } {
  return error instanceof Error ? { name: error.name, message: error.message.slice(0, 300) } : { name: 'unknown', message: '' };
}
