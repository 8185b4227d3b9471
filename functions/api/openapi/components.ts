/**
 * components of the OpenAPI document: the schemas, converted from the zod schemas with zod 4's `z.toJSONSchema`
 * (responses as the handlers answer them, request bodies as clients send them), plus the shared headers and
 * parameters.
 */
import { z } from 'zod';
import { ingredientAnalysisRequestSchema } from '../../ingredients/contract';
import { routineRequestSchema } from '../../routines/contract';
import { SCOPES } from '../../keys/contract';
import { markerNameSchema, markerResultSchema, severitySchema } from '../schemas/common';
import { lesionCountsSchema, lesionTypeSchema, resultRegionSchema, scanListSchema, scanSchema, skinToneSchema, skinTypeSchema } from '../schemas/scan';
import { idempotencyKeySchema, preferHeaderSchema, scanCreateFormSchema } from '../schemas/scan-requests';
import { markerCatalogueEntrySchema, markerCatalogueSchema } from '../schemas/markers';
import { userScoreSchema } from '../schemas/user-score';
import { analysedIngredientSchema, conflictSchema, ingredientAnalysisSchema, productAnalysisSchema } from '../schemas/ingredient-analysis';
import { routineSchema, routineStepSchema } from '../schemas/routine';
import { problemSchema } from '../schemas/problem';
import { clientTokenRequestSchema, clientTokenSchema } from '../schemas/client-tokens';
import { scanFromUploadSchema, uploadRequestSchema, uploadSchema } from '../schemas/uploads';
import {
  routineGeneratedEventSchema,
  scanCompletedEventSchema,
  scanFailedEventSchema,
  scoreUpdatedEventSchema,
  webhookTestEventSchema,
} from '../schemas/webhook-events';

export type JsonSchema = Record<string, unknown>;

/** Schemas of what the API answers (and sends to webhooks), converted as output. */
export const OUTPUT_SCHEMAS = {
  MarkerName: markerNameSchema,
  Severity: severitySchema,
  MarkerResult: markerResultSchema,
  Scan: scanSchema,
  SkinTone: skinToneSchema,
  SkinType: skinTypeSchema,
  ResultRegion: resultRegionSchema,
  LesionType: lesionTypeSchema,
  LesionCounts: lesionCountsSchema,
  ScanList: scanListSchema,
  MarkerCatalogueEntry: markerCatalogueEntrySchema,
  MarkerCatalogue: markerCatalogueSchema,
  UserScore: userScoreSchema,
  AnalysedIngredient: analysedIngredientSchema,
  IngredientConflict: conflictSchema,
  ProductAnalysis: productAnalysisSchema,
  IngredientAnalysis: ingredientAnalysisSchema,
  RoutineStep: routineStepSchema,
  Routine: routineSchema,
  Problem: problemSchema,
  ScanCompletedEvent: scanCompletedEventSchema,
  ScanFailedEvent: scanFailedEventSchema,
  RoutineGeneratedEvent: routineGeneratedEventSchema,
  ScoreUpdatedEvent: scoreUpdatedEventSchema,
  WebhookTestEvent: webhookTestEventSchema,
  ClientToken: clientTokenSchema,
  Upload: uploadSchema,
} satisfies Record<string, z.ZodType>;

/** Schemas of request bodies, converted as input (what a client sends, before the handler's transforms). */
export const INPUT_SCHEMAS = {
  ScanCreateForm: scanCreateFormSchema,
  IngredientAnalysisRequest: ingredientAnalysisRequestSchema,
  RoutineRequest: routineRequestSchema,
  ScanFromUpload: scanFromUploadSchema,
  ClientTokenRequest: clientTokenRequestSchema,
  UploadRequest: uploadRequestSchema,
} satisfies Record<string, z.ZodType>;

const COMPONENT_IDS = new Map<z.ZodType, string>(
  [...Object.entries(OUTPUT_SCHEMAS), ...Object.entries(INPUT_SCHEMAS)].map(([id, schema]) => [schema as z.ZodType, id]),
);

/** The component a route's request or response schema is shown as; a schema not registered above is a mistake of the declaration. */
export function componentIdOf(schema: z.ZodType): string {
  const id = COMPONENT_IDS.get(schema);
  if (!id) throw new Error('A route names a zod schema that is not a component: add it to OUTPUT_SCHEMAS or INPUT_SCHEMAS (components.ts).');
  return id;
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

const uri = (id: string) => `#/components/schemas/${id}`;

function convertRegistry(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const { schemas: converted } = z.toJSONSchema(registry, { uri, io, unrepresentable: 'any' }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(Object.entries(converted).map(([id, schema]) => [id, tidy(schema) as JsonSchema]));
}

/** One zod schema (a parameter, a header) as a standalone JSON Schema. */
export function toSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  return tidy(z.toJSONSchema(schema, { io, unrepresentable: 'any' })) as JsonSchema;
}

/**
 * Drops what belongs to standalone JSON Schema documents ($schema, $id) and zod's long date-time pattern
 * (`format: date-time` says it; the pattern only makes the reference unreadable), and the safe-integer bounds.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(source)) {
    if (key === '$schema' || key === '$id') continue;
    if (key === 'pattern' && source.format === 'date-time') continue;
    // zod writes the safe-integer range into every int(); it says nothing a reader needs.
    if (key === 'minimum' && inner === Number.MIN_SAFE_INTEGER) continue;
    if (key === 'maximum' && inner === Number.MAX_SAFE_INTEGER) continue;
    out[key] = tidy(inner);
  }
  return out;
}

/**
 * Where a request schema's conversion cannot show the shape (a field validated by a preprocess over `unknown`),
 * this says what the handler accepts. Applied only while the conversion gives nothing (`{}`), so a schema that
 * later converts by itself wins.
 */
const INPUT_FALLBACKS: Record<string, Record<string, z.ZodType>> = {
  RoutineRequest: {
    markers: z
      .partialRecord(markerNameSchema, z.object({ score: markerResultSchema.shape.score, severity: severitySchema.optional() }))
      .meta({ description: 'Marker results, e.g. `{"acne": {"score": 31}}`: at least one; a missing severity comes from the score band.' }),
  },
};

function withFallbacks(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  for (const [id, fields] of Object.entries(INPUT_FALLBACKS)) {
    const properties = schemas[id]?.properties as Record<string, JsonSchema> | undefined;
    if (!properties) continue;
    for (const [field, schema] of Object.entries(fields)) {
      if (properties[field] && Object.keys(properties[field]).length === 0) properties[field] = toSchema(schema);
    }
  }
  return schemas;
}

export function componentSchemas(): Record<string, JsonSchema> {
  return { ...convertRegistry(OUTPUT_SCHEMAS, 'output'), ...withFallbacks(convertRegistry(INPUT_SCHEMAS, 'input')) };
}

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** components.headers: response headers, by their HTTP name. */
const deprecatedHeader = (description: string) => ({
  ...integerHeader(`${description} Deprecated (an older draft of the RateLimit fields): read \`RateLimit\` and \`RateLimit-Policy\`; see the changelog for when it goes.`),
  deprecated: true,
});

export const RESPONSE_HEADERS: Record<string, { description: string; schema: JsonSchema; deprecated?: boolean }> = {
  'Request-Id': { description: 'The id of this request (API Gateway\'s on AWS); quote it when you contact support.', schema: { type: 'string' } },
  'RateLimit-Policy': {
    description:
      'The quota policy (draft-ietf-httpapi-ratelimit-headers): `"default";q=<requests>;w=60`, the requests allowed per 60-second window for this account and environment.',
    schema: { type: 'string', examples: ['"default";q=60;w=60'] },
  },
  RateLimit: {
    description:
      'The current state of the policy (draft-ietf-httpapi-ratelimit-headers): `"default";r=<remaining>;t=<seconds until the window resets>`.',
    schema: { type: 'string', examples: ['"default";r=41;t=18'] },
  },
  'RateLimit-Limit': deprecatedHeader('Requests allowed per 60-second window for this account and environment.'),
  'RateLimit-Remaining': deprecatedHeader('Requests left in the current window.'),
  'RateLimit-Reset': deprecatedHeader('Seconds until the current window ends.'),
  ETag: {
    description: 'A strong validator of the representation; send it in `If-None-Match` to get a 304 while it is unchanged.',
    schema: { type: 'string', examples: ['"3f1e0c9b2a7d4e5f"'] },
  },
  'Retry-After': integerHeader('Seconds to wait before retrying (the end of the current window).'),
  'WWW-Authenticate': { description: '`Bearer`, or `Bearer error="invalid_token"` for an unknown, revoked or expired key.', schema: { type: 'string' } },
  Location: { description: 'The path of the scan (or routine), with the deployment\'s base path: `/v1/scans/{scan_id}` locally, `/prod/v1/scans/{scan_id}` behind the API Gateway stage.', schema: { type: 'string' } },
  'Idempotent-Replayed': { description: '`true` when this is the stored response of an earlier request with the same `Idempotency-Key`.', schema: { type: 'string', enum: ['true'] } },
  'Preference-Applied': { description: '`respond-async` when the API did not wait for the result; `wait=N` with the seconds it waited at most (a `wait` above 25 is clamped to 25). Absent when no preference was applied.', schema: { type: 'string', pattern: '^(respond-async|wait=[0-9]+)$' } },
  'Cache-Control': { description: 'How long the response may be cached.', schema: { type: 'string' } },
};

/** The component key of a header (component keys may not contain every character a header name may). */
export const headerKey = (name: string) => name.replace(/[^A-Za-z0-9]/g, '');

/** components.parameters: the request headers. */
export function requestHeaderParameters(): Record<string, JsonSchema> {
  return {
    IdempotencyKey: { name: 'Idempotency-Key', in: 'header', required: false, schema: toSchema(idempotencyKeySchema), description: idempotencyKeySchema.meta()?.description },
    Prefer: { name: 'Prefer', in: 'header', required: false, schema: toSchema(preferHeaderSchema), description: preferHeaderSchema.meta()?.description },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: 'An `ETag` from an earlier response (or several, comma-separated, or `*`): while it still matches, the answer is a 304 with no body.',
    },
  };
}

export const SECURITY_SCHEME = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_test_… or sk_live_… (secret keys); ct_test_… or ct_live_… (client tokens)',
    description: [
      'An API key: `Authorization: Bearer sk_test_…` (sandbox) or `sk_live_…` (live). Keys carry scopes; each operation',
      `names the one it needs (listed in its security requirement). Scopes: ${SCOPES.map((s) => `\`${s}\``).join(', ')}; a key made`,
      'without `--scopes` has them all. A client token (`ct_test_…`, from `POST /v1/client_tokens`) acts for one user with',
      'at most `scans:write`, `scans:read` and `scores:read`, on the scan, upload, score and marker operations only.',
    ].join(' '),
  },
};
