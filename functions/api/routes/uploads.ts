/** POST /v1/uploads: a presigned S3 POST for one photo; then POST /v1/scans with `{upload_id}`. */
import type { z } from 'zod';
import { isoTimestamp } from '../../kernel/clock';
import { actingUserId } from '../../client-tokens/contract';
import { createUpload, UPLOAD_LIMITS } from '../../uploads/contract';
import type { ApiDeps } from '../deps';
import { jsonBody } from '../json-body';
import { defineRoute } from '../route';
import { tenantOf } from '../tenant-of';
import { uploadRequestSchema, uploadSchema } from '../schemas/uploads';

export const createUploadRoute = defineRoute(
  {
    method: 'post',
    path: '/v1/uploads',
    operationId: 'createUpload',
    tag: 'Apps',
    summary: 'Start a direct photo upload',
    description: [
      'A presigned S3 POST for one photo: POST every returned `fields` entry and then the photo (a part named `file`,',
      `last) to \`url\` as multipart/form-data, within ${UPLOAD_LIMITS.postValiditySeconds / 60} minutes, with the declared \`content_type\`, up to ${UPLOAD_LIMITS.maxBytes} bytes;`,
      'S3 refuses anything else. Then `POST /v1/scans` with `{"upload_id": …}`. The key is this tenant\'s and the upload',
      'is bound to `user_id` (a client token\'s own user). Uploads never used are deleted after a day.',
    ].join('\n'),
    auth: 'scans:write',
    body: {
      description: '`content_type` of the photo and optional `user_id`.',
      content: { 'application/json': { schema: uploadRequestSchema, read: jsonBody(4096), example: { content_type: 'image/jpeg', user_id: 'user-42' } } },
    },
    responses: [{ status: 201, description: 'The upload id and the presigned POST.', body: { contentType: 'application/json', schema: uploadSchema }, headers: ['Cache-Control'] }],
    errors: ['invalid_request', 'payload_too_large', 'unsupported_media_type'],
    curl: `curl "$SKIN_API_URL/v1/uploads" -H "Authorization: Bearer $SKIN_API_KEY" \\\n  -H "Content-Type: application/json" -d '{"content_type": "image/jpeg"}'`,
  },
  (deps: ApiDeps) => async (c, { body: { value: request } }) => {
    const principal = c.get('principal');
    const userId = actingUserId(principal, request.user_id);
    const { record, post } = await createUpload(
      { uploads: deps.stores.uploads, objects: deps.stores.uploadObjects, clock: deps.clock },
      tenantOf(principal),
      { userId, contentType: request.content_type },
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
  },
);
