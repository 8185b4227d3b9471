/** POST /v1/uploads and the JSON form of POST /v1/scans that starts a scan from an upload. */
import { z } from 'zod';
import { UPLOAD_LIMITS } from '../../uploads/contract';
import { prefixedId, timestampSchema, userIdSchema, optionalUserIdSchema } from './common';
import { markersFieldSchema } from './scan-requests';

export const uploadIdSchema = prefixedId('upl', 'An upload id: `upl_` and 26 characters.');

export const uploadRequestSchema = z.strictObject({
  content_type: z.enum(UPLOAD_LIMITS.contentTypes).meta({ description: 'The photo\'s media type; the upload must send the same `Content-Type` field.' }),
  user_id: userIdSchema.optional().meta({ description: 'The user the photo is of (a client token\'s own user when omitted); the scan belongs to this user.' }),
});

export const uploadSchema = z.object({
  upload_id: uploadIdSchema,
  user_id: userIdSchema.nullable(),
  url: z.string().meta({ description: 'POST the form here: every `fields` entry, then the photo as the last part, named `file`.' }),
  fields: z.record(z.string(), z.string()).meta({ description: 'Form fields to send as they are (key, policy, signature, Content-Type, …).' }),
  max_bytes: z.number().int().meta({ description: 'The largest photo the policy admits.' }),
  post_expires_at: timestampSchema.meta({ description: 'The presigned POST works until then (a few minutes).' }),
  expires_at: timestampSchema.meta({ description: 'The upload id can start a scan until then; after that it is `upload_expired`.' }),
});

/** `markers` in JSON: an array of names or the multipart field's comma-separated string. */
const markersJsonSchema = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (Array.isArray(value) ? value.join(',') : value))
  .pipe(markersFieldSchema)
  .meta({ description: 'Marker names (an array, or a comma-separated string); omitted: every marker.', examples: [['acne', 'hydration']] });

export const scanFromUploadSchema = z.strictObject({
  upload_id: uploadIdSchema,
  markers: markersJsonSchema,
  user_id: optionalUserIdSchema.meta({ description: 'Must match the upload\'s user when it has one (omitted: the upload\'s user).' }),
});
