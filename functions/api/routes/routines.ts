import { Hono } from 'hono';
import { notFound } from '../../kernel/errors';
import { ApiError } from '../api-error';
import { isId } from '../../kernel/ids';
import { requireScope } from '../../keys/authenticate';
import { validateRoutineRequest } from '../../routines/request-schema';
import { createRoutine } from '../../routines/create-routine';
import { runIdempotent } from '../../idempotency/run-idempotent';
import { canonicalJson } from '../../idempotency/canonical-json';
import { readJsonBody } from '../json-body';
import { jsonWithETag } from '../middleware/conditional-get';
import type { ApiDeps, ApiEnv } from '../deps';
import { tenantOf } from './scans';
import { basePath } from '../../http/base-path';

/** A routine request with 30 products of long INCI lists stays well under this. */
export const ROUTINES_BODY_LIMIT = 256 * 1024;

/** POST /v1/routines and GET /v1/routines/{routine_id}. */
export function routineRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { scans, routines } = deps.stores;

  app.post('/', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'routines:write');
    const body = await readJsonBody(c.req.raw, ROUTINES_BODY_LIMIT);
    const validation = validateRoutineRequest(body);
    if (!validation.success) {
      throw new ApiError('invalid_request', validation.errors[0]?.message ?? 'body: invalid request.', validation.errors);
    }
    const tenant = tenantOf(principal);
    const result = await runIdempotent(
      { store: deps.stores.idempotency, clock: deps.clock, ttlSeconds: deps.config.IDEMPOTENCY_TTL_SECONDS, waitSeconds: 30 },
      { tenant, operation: 'routines.create', key: c.req.header('Idempotency-Key'), userId: validation.data.user_id },
      [canonicalJson(body)],
      async () => {
        const routine = await createRoutine({ clock: deps.clock, scans, routines, events: deps.events }, tenant, validation.data);
        return {
          status: 201,
          headers: { 'Content-Type': 'application/json', Location: `${basePath(c)}/v1/routines/${routine.routine_id}` },
          body: JSON.stringify(routine),
          // The user may come from the scan: the idempotency record is filed under them for erasure.
          userId: routine.user_id,
        };
      },
    );
    return c.body(result.body, result.status as 201, {
      ...result.headers,
      ...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
  });

  app.get('/:routine_id', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'routines:read');
    const routineId = c.req.param('routine_id');
    const routine = isId('rtn', routineId) ? await routines.get(tenantOf(principal), routineId) : undefined;
    if (!routine) throw notFound(`Routine ${routineId.slice(0, 64)}`);
    return jsonWithETag(c, routine);
  });
  return app;
}
