import { Hono } from 'hono';
import type { z } from 'zod';
import { isoTimestamp } from '../../kernel/clock';
import { requireScope } from '../../keys/authenticate';
import { actingUserId } from '../../client-tokens/token-access';
import { createUpload } from '../../uploads/create-upload';
import { UPLOAD_LIMITS } from '../../uploads/upload-limits';
import type { ApiDeps, ApiEnv } from '../deps';
import { readJsonBody } from '../json-body';
import { parseInput } from '../schemas/parse-input';
import { uploadRequestSchema, type uploadSchema } from '../schemas/uploads';
import { tenantOf } from './scans';

/** POST /v1/uploads: a presigned S3 POST for one photo; then POST /v1/scans with `{upload_id}`. */
export function uploadRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post('/', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:write');
    const body = parseInput(uploadRequestSchema, await readJsonBody(c.req.raw, 4096));
    const userId = actingUserId(principal, body.user_id);
    const { record, post } = await createUpload(
      { uploads: deps.stores.uploads, objects: deps.stores.uploadObjects, clock: deps.clock },
      tenantOf(principal),
      { userId, contentType: body.content_type },
    );
    const answer: z.output<typeof uploadSchema> = {
      upload_id: record.upload_id,
      user_id: record.user_id,
      url: post.url,
      fields: post.fields,
      max_bytes: UPLOAD_LIMITS.maxBytes,
      post_expires_at: isoTimestamp(Date.parse(record.created_at) + UPLOAD_LIMITS.postValiditySeconds * 1000),
      expires_at: record.expires_at,
    };
    return c.json(answer, 201, { 'Cache-Control': 'no-store' });
  });
  return app;
}
