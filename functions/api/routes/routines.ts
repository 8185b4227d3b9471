/** POST /v1/routines and GET /v1/routines/{routine_id}. */
import { notFound } from '../../kernel/errors';
import { routineRequestSchema, createRoutine } from '../../routines/contract';
import { runIdempotent, canonicalJson } from '../../idempotency/contract';
import { jsonWithETag } from '../middleware/conditional-get';
import type { ApiDeps } from '../deps';
import { jsonBody } from '../json-body';
import { basePath } from '../../http/base-path';
import { defineRoute, CURL_AUTH } from '../route';
import { tenantOf } from '../tenant-of';
import { routinePathSchema } from '../schemas/path-params';
import { routineSchema } from '../schemas/routine';


/** A routine request with 30 products of long INCI lists stays well under this. */
export const ROUTINES_BODY_LIMIT = 256 * 1024;

export const createRoutineRoute = defineRoute(
  {
    method: 'post',
    path: '/v1/routines',
    operationId: 'createRoutine',
    tag: 'Routines',
    summary: 'Generate a routine',
    description: [
      'Turns marker results (from a completed `scan_id`, or sent as `markers`) and a profile into AM, PM and weekly steps,',
      'with key ingredients per step and why, frequencies, ramp-ups for strong actives, warnings and notes; with',
      '`products` it picks a product per step. Emits `routine.generated`. Send `Idempotency-Key` to retry safely.',
      `The body is at most ${ROUTINES_BODY_LIMIT / 1024} KB.`,
    ].join('\n'),
    auth: 'routines:write',
    headers: ['Idempotency-Key'],
    body: {
      description: 'Exactly one of `scan_id` or `markers`; optional `user_id`, `profile` and `products`.',
      content: {
        'application/json': {
          schema: routineRequestSchema,
          read: jsonBody(ROUTINES_BODY_LIMIT),
          example: { markers: { acne: { score: 31 }, hydration: { score: 52 } }, profile: { skin_type: 'combination', preferences: { fragrance_free: true } } },
        },
      },
    },
    responses: [
      {
        status: 201,
        description: 'The routine.',
        body: { contentType: 'application/json', schema: routineSchema },
        headers: ['Location'],
        optionalHeaders: ['Idempotent-Replayed'],
      },
    ],
    errors: ['invalid_request', 'not_found', 'idempotency_conflict', 'idempotency_key_reused', 'scan_not_completed', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/routines" ${CURL_AUTH} \\\n  -H "Content-Type: application/json" -H "Idempotency-Key: $(uuidgen)" \\\n  -d '{"scan_id": "scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E", "profile": {"skin_type": "combination"}}'`,
  },
  (deps: ApiDeps) => async (c, { body: { value: request, sent } }) => {
    const tenant = tenantOf(c.get('principal'));
    const { scans, routines } = deps.stores;
    const result = await runIdempotent(
      { store: deps.stores.idempotency, clock: deps.clock, ttlSeconds: deps.config.IDEMPOTENCY_TTL_SECONDS, waitSeconds: 30 },
      { tenant, operation: 'routines.create', key: c.req.header('Idempotency-Key'), userId: request.user_id },
      // The body as sent, not as parsed: a retry must send the same request.
      [canonicalJson(sent)],
      async () => {
        const routine = await createRoutine({ clock: deps.clock, scans, routines, events: deps.events }, tenant, request);
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
  },
);

export const getRoutineRoute = defineRoute(
  {
    method: 'get',
    path: '/v1/routines/{routine_id}',
    operationId: 'getRoutine',
    tag: 'Routines',
    summary: 'Get a routine',
    description: 'A routine generated earlier.',
    auth: 'routines:read',
    params: routinePathSchema,
    malformedParamIsNotFound: 'Routine',
    headers: ['If-None-Match'],
    responses: [
      { status: 200, description: 'The routine.', body: { contentType: 'application/json', schema: routineSchema }, headers: ['ETag'] },
      { status: 304, description: 'Not modified: the routine still matches `If-None-Match`.', headers: ['ETag'] },
    ],
    errors: ['not_found'],
    curl: `curl "$SKIN_API_URL/v1/routines/rtn_01JD3Q8Z5X9V4N2M7K6H5G4F3E" ${CURL_AUTH}`,
  },
  (deps: ApiDeps) => async (c, { params }) => {
    const routine = await deps.stores.routines.get(tenantOf(c.get('principal')), params.routine_id);
    if (!routine) throw notFound(`Routine ${params.routine_id}`);
    return jsonWithETag(c, routine);
  },
);
