/**
 * Building blocks shared by the request and response schemas. The zod schemas in this folder are the one source
 * of truth for what the API accepts and answers: the handlers parse with them and the OpenAPI document
 * (functions/api/openapi) is generated from them.
 */
import { z } from 'zod';
import { MARKER_NAMES } from '../../analysis/contract';

export const SEVERITY_NAMES = ['low', 'moderate', 'high'] as const;

export const markerNameSchema = z.enum(MARKER_NAMES).meta({ description: 'A skin marker (the nine version 1 markers, then those added in skin-v1.5.0).' });
export const severitySchema = z
  .enum(SEVERITY_NAMES)
  .meta({ description: 'Severity band of a marker score: low 70-100, moderate 40-69, high 0-39.' });

export const scoreSchema = z.number().int().min(0).max(100);

export const markerResultSchema = z.object({
  score: scoreSchema.meta({ description: 'Integer 0 to 100; higher is healthier skin.' }),
  severity: severitySchema,
});

/** One entry per analysed marker (only the requested ones). */
export const markerResultsSchema = z.partialRecord(markerNameSchema, markerResultSchema).meta({
  examples: [{ acne: { score: 81, severity: 'low' }, hydration: { score: 66, severity: 'moderate' } }],
});

/** ISO 8601 UTC with `Z`, e.g. 2026-11-21T17:40:00.123Z. */
export const timestampSchema = z.iso.datetime().meta({ examples: ['2026-11-21T17:40:00.123Z'] });

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';

/** A prefixed, time-sortable id (the pattern `isId` in functions/kernel/ids.ts checks). */
export function prefixedId(prefix: string, description: string) {
  return z
    .string()
    .regex(new RegExp(`^${prefix}_${ULID}$`))
    .meta({ description, examples: [`${prefix}_01JD3Q8Z5X9V4N2M7K6H5G4F3E`] });
}

export const scanIdSchema = prefixedId('scan', 'A scan id: `scan_` and 26 characters, time-sortable.');
export const routineIdSchema = prefixedId('rtn', 'A routine id: `rtn_` and 26 characters, time-sortable.');

export const USER_ID_PATTERN = /^[A-Za-z0-9_.:@-]{1,128}$/;

function userIdMessage(input: unknown): string {
  return `expected 1 to 128 characters of letters, digits and _ . : @ -, received ${JSON.stringify(String(input).slice(0, 40))}`;
}

/** Your own identifier for the person scanned. */
export const userIdSchema = z
  .string({ error: (issue) => userIdMessage(issue.input) })
  .regex(USER_ID_PATTERN, { error: (issue) => userIdMessage(issue.input) })
  .meta({
    description: 'Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`.',
    examples: ['user-42'],
  });

/** The document's pattern for an optional user id: empty is allowed (and means none). */
export const OPTIONAL_USER_ID_PATTERN = '^([A-Za-z0-9_.:@-]{1,128})?$';

/** A form field or query parameter holding a user id: absent or empty means none. */
export const optionalUserIdSchema = z
  .preprocess((value) => (value === '' ? undefined : value), userIdSchema.optional())
  .meta({
    description: 'Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`; empty means none.',
    pattern: OPTIONAL_USER_ID_PATTERN,
    examples: ['user-42'],
  });
