import { Hono } from 'hono';
import { notFound } from '../../kernel/errors';
import { requireScope } from '../../keys/authenticate';
import { toPublicScore } from '../../scores/user-score';
import { eraseUser } from '../../users/erase-user';
import type { ApiDeps, ApiEnv } from '../deps';
import { parseInput } from '../schemas/parse-input';
import { userPathSchema } from '../schemas/path-params';
import type { z } from 'zod';
import type { userScoreSchema } from '../schemas/user-score';
import { tenantOf } from './scans';
import { actingUserId } from '../../client-tokens/token-access';

/** GET /v1/users/{user_id}/score and DELETE /v1/users/{user_id} (erasure). */
export function userRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get('/:user_id/score', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scores:read');
    const { user_id: userId } = parseInput(userPathSchema, { user_id: c.req.param('user_id') });
    actingUserId(principal, userId); // a client token reads its own user's score only
    const record = await deps.stores.scores.get(tenantOf(principal), userId);
    if (!record) throw notFound(`A score for user ${userId}`);
    const body: z.output<typeof userScoreSchema> = toPublicScore(record);
    return c.json(body);
  });

  app.delete('/:user_id', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'users:delete');
    const { user_id: userId } = parseInput(userPathSchema, { user_id: c.req.param('user_id') });
    await eraseUser(deps.stores, tenantOf(principal), userId);
    return c.body(null, 204);
  });
  return app;
}
