/** GET /v1/users/{user_id}/score and DELETE /v1/users/{user_id} (erasure). */
import type { z } from 'zod';
import { notFound } from '../../kernel/errors';
import { toPublicScore } from '../../scores/contract';
import { eraseUser } from '../../users/contract';
import { actingUserId } from '../../client-tokens/contract';
import type { ApiDeps } from '../deps';
import { defineRoute, CURL_AUTH } from '../route';
import { tenantOf } from '../tenant-of';
import { userPathSchema } from '../schemas/path-params';
import { userScoreSchema } from '../schemas/user-score';


export const getUserScoreRoute = defineRoute(
  {
    method: 'get',
    path: '/v1/users/{user_id}/score',
    operationId: 'getUserScore',
    tag: 'Users',
    summary: "Get a user's score",
    description: "The user's current skin score and per-marker values (smoothed over recent scans), the trend and the history. Updated after each completed scan with that `user_id`.",
    auth: 'scores:read',
    params: userPathSchema,
    responses: [{ status: 200, description: "The user's score.", body: { contentType: 'application/json', schema: userScoreSchema } }],
    errors: ['invalid_request', 'not_found'],
    curl: `curl "$SKIN_API_URL/v1/users/user-42/score" ${CURL_AUTH}`,
  },
  (deps: ApiDeps) => async (c, { params: { user_id: userId } }) => {
    const principal = c.get('principal');
    actingUserId(principal, userId); // a client token reads its own user's score only
    const record = await deps.stores.scores.get(tenantOf(principal), userId);
    if (!record) throw notFound(`A score for user ${userId}`);
    const body: z.output<typeof userScoreSchema> = toPublicScore(record);
    return c.json(body);
  },
);

export const eraseUserRoute = defineRoute(
  {
    method: 'delete',
    path: '/v1/users/{user_id}',
    operationId: 'eraseUser',
    tag: 'Users',
    summary: "Erase a user's data",
    description: 'Erases every scan, image, overlay, routine and score of that user in this account and environment. Idempotent: erasing a user with no data is also a 204.',
    auth: 'users:delete',
    params: userPathSchema,
    responses: [{ status: 204, description: 'Erased.' }],
    errors: ['invalid_request'],
    curl: `curl -X DELETE "$SKIN_API_URL/v1/users/user-42" ${CURL_AUTH}`,
  },
  (deps: ApiDeps) => async (c, { params: { user_id: userId } }) => {
    await eraseUser(deps.stores, tenantOf(c.get('principal')), userId);
    return c.body(null, 204);
  },
);
