import { Hono } from 'hono';
import { notFound } from '../../shared/errors';
import { requireScope } from '../../keys/authenticate';
import { parseUserId } from '../../scans/user-id';
import { toPublicScore } from '../../scores/user-score';
import { eraseUser } from '../../users/erase-user';
import type { ApiDeps, ApiEnv } from '../deps';
import { tenantOf } from './scans';

/** GET /v1/users/{user_id}/score and DELETE /v1/users/{user_id} (erasure). */
export function userRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get('/:user_id/score', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scores:read');
    const userId = parseUserId(c.req.param('user_id'))!;
    const record = await deps.stores.scores.get(tenantOf(principal), userId);
    if (!record) throw notFound(`A score for user ${userId}`);
    return c.json(toPublicScore(record));
  });

  app.delete('/:user_id', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'users:delete');
    const userId = parseUserId(c.req.param('user_id'))!;
    await eraseUser(deps.stores, tenantOf(principal), userId);
    return c.body(null, 204);
  });
  return app;
}
