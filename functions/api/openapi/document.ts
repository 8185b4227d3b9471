/**
 * The OpenAPI 3.1 document of the API, built from the route declarations (functions/api/routes, one per operation,
 * each next to its handler) and the zod schemas the handlers parse with (components.ts). Served at GET /v1/openapi.json, rendered at GET /docs, and written to
 * docs/openapi.json by `npm run build:openapi`.
 */
import type { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '../../kernel/errors';
import { PROBLEM_CONTENT_TYPE, PROBLEM_TYPE_PATH } from '../problem';
import type { ResponseHeader, RouteSpec } from '../route';
import { ALL_ROUTES } from '../routes/all-routes';
import {
  componentIdOf,
  componentSchemas,
  isZodSchema,
  headerKey,
  requestHeaderParameters,
  RESPONSE_HEADERS,
  SECURITY_SCHEME,
  toSchema,
  type JsonSchema,
} from './components';
import { WEBHOOKS } from './webhooks';
import { responseExamples } from './examples';

export const API_VERSION = '1.0.0';

export interface ServerEntry {
  url: string;
  description: string;
}

/** The servers written into docs/openapi.json; the served document names the server it was fetched from. */
export const DEFAULT_SERVERS: ServerEntry[] = [
  { url: 'http://127.0.0.1:3000', description: 'The local stack (`npm start`)' },
  {
    url: 'https://{api_id}.execute-api.{region}.amazonaws.com/prod',
    description: 'A deployed stack (`npx cdk deploy`; the API URL is a stack output)',
  },
];

const SERVER_VARIABLES: Record<string, Record<string, { default: string; description: string }>> = {
  'https://{api_id}.execute-api.{region}.amazonaws.com/prod': {
    api_id: { default: 'abc123defg', description: "The REST API's id" },
    region: { default: 'us-east-1', description: 'The AWS region of the stack' },
  },
};

const TAGS = [
  { name: 'Scans', description: 'Face photos in, skin scores out: submit, read, list, delete, overlay images.' },
  { name: 'Markers', description: 'The marker catalogue: what each score measures.' },
  { name: 'Ingredients', description: 'Ingredient-list (INCI) analysis against the knowledge base.' },
  { name: 'Routines', description: 'Skincare routines from marker results and a profile.' },
  { name: 'Users', description: "A user's score over time, and erasure of a user's data." },
  { name: 'Apps', description: 'Calling the API from an app: client tokens and direct photo uploads (docs/apps.md).' },
  { name: 'Reference', description: 'This document.' },
  { name: 'Webhooks', description: 'Events the service POSTs to your endpoints, signed with the Standard Webhooks scheme.' },
];

/**
 * The error catalogue as the last section of the description: `# Errors` and one `## code` heading per code, so
 * that Redoc gives each code an anchor (`section/Errors/<code>`), which is what problem `type` URIs point at.
 */
function errorSection(): string {
  const entries = (Object.entries(ERROR_CATALOGUE) as [ErrorCode, { status: number; title: string }][]).map(
    ([code, { status, title }]) => `## ${code}\n\nHTTP ${status}: ${title}. Problem \`type\`: \`<base URL>${PROBLEM_TYPE_PATH}${code}\`.`,
  );
  return [
    '# Errors',
    '',
    `Every error is RFC 9457 \`${PROBLEM_CONTENT_TYPE}\`: \`type\` (this deployment's base URL + \`${PROBLEM_TYPE_PATH}\` + the code,`,
    'i.e. the entry below), `title`, `status`, `detail`, `code`, `request_id` and `errors` (`[{param, message}]`).',
    'A method a path does not take is a 405 `method_not_allowed` with `Allow`; a `cursor` not handed out for the',
    'same query, account and environment is a 400 `invalid_cursor`.',
    '',
    ...entries.flatMap((entry) => [entry, '']),
  ].join('\n');
}

/** The old drafts' rate-limit fields: deprecated, still sent (see the changelog for how long). */
export const DEPRECATED_RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;
/** Every rate-limit field of an authenticated response: the current draft's two, then the deprecated three. */
export const RATE_LIMIT_HEADERS = ['RateLimit-Policy', 'RateLimit', ...DEPRECATED_RATE_LIMIT_HEADERS];

function infoDescription(): string {
  return [
    'Skin analysis from a face photo (an overall skin score and per-marker results), ingredient-list analysis,',
    'skincare routines and per-user score history, with signed webhooks.',
    '',
    'The reference page is served at `GET /docs`; this document at `GET /v1/openapi.json`. A typed TypeScript client',
    'lives in `clients/typescript` (`@skin-analysis/client`).',
    '',
    '## Conventions',
    '',
    '- JSON bodies (except the multipart upload); ids are prefixed and time-sortable (`scan_`, `rtn_`, `evt_`);',
    '  timestamps are ISO 8601 UTC with `Z`.',
    '- Every response carries `Request-Id`. Every authenticated response carries `RateLimit-Policy` and `RateLimit`',
    '  (draft-ietf-httpapi-ratelimit-headers, e.g. `RateLimit-Policy: "default";q=60;w=60` and',
    '  `RateLimit: "default";r=41;t=18`: 41 requests left, the window resets in 18 s), and, deprecated, the older',
    '  `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds), sent until the date in the changelog.',
    '- `GET /v1/scans/{scan_id}` and `GET /v1/routines/{routine_id}` answer with an `ETag`; send it back in',
    '  `If-None-Match` and an unchanged resource is a `304 Not Modified` with no body.',
    '',
    '## Authentication and scopes',
    '',
    '`Authorization: Bearer sk_test_…` (sandbox data) or `sk_live_…` (live data); the two never mix (a test key',
    'gets a 404 for live data). Each operation needs one scope, named in its security requirement; a missing or',
    'malformed header is a 401 `unauthenticated`, an unknown, revoked or expired key a 401 `invalid_api_key`, a key',
    'without the scope a 403 `insufficient_scope`.',
    '',
    '## Apps and browsers',
    '',
    'Never ship a secret key in an app: mint a client token (`POST /v1/client_tokens`) on your back end and hand that',
    'to the app. Photos can go straight to storage (`POST /v1/uploads`, then `POST /v1/scans` with `upload_id`). Browser',
    'pages need their origin listed for the account and environment (`skin cors add https://app.example.com`).',
    '',
    '## Rate limits',
    '',
    'Per account and environment, in fixed 60-second windows: Sandbox 30, Business 60, Enterprise per account.',
    'Over the limit: 429 `rate_limited` with `Retry-After` (seconds).',
    '',
    '## Idempotency',
    '',
    '`POST /v1/scans` and `POST /v1/routines` accept `Idempotency-Key`: the same key with the same request within',
    '24 h returns the first response (`Idempotent-Replayed: true`) and does no new work. As',
    'draft-ietf-httpapi-idempotency-key-header says, the same key with a different request is a 422',
    '`idempotency_key_reused`, and a retry while the first request is still running (after waiting up to 30 s for',
    'it) is a 409 `idempotency_conflict`.',
    '',
    '## Webhook signatures',
    '',
    'Events are POSTed as JSON, signed with the Standard Webhooks scheme: headers `webhook-id` (the event id, the',
    'same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` + base64',
    'HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the base64 part of your `whsec_` secret; during a secret',
    'rotation two signatures, space-separated). Verify with the `standardwebhooks` library or the client\'s',
    '`verifyWebhook`; refuse timestamps more than 5 minutes off; de-duplicate on `webhook-id`.',
    '',
    errorSection(),
  ].join('\n');
}

const ref = (kind: string, id: string) => ({ $ref: `#/components/${kind}/${id}` });

function parametersOf(object: z.ZodObject | undefined, location: 'path' | 'query'): JsonSchema[] {
  if (!object) return [];
  const converted = toSchema(object);
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, schema]) => {
    const { description, examples, ...rest } = schema as JsonSchema & { examples?: unknown[] };
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(examples?.length ? { example: examples[0] } : {}),
    };
  });
}

function headerRefs(required: ResponseHeader[] | string[], optional: ResponseHeader[] | string[] = []): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const name of required) headers[name] = ref('headers', headerKey(name));
  for (const name of optional) headers[name] = ref('headers', `${headerKey(name)}Optional`);
  return headers;
}

function keyed(spec: RouteSpec): boolean {
  return spec.auth !== null;
}

/** The error codes of an operation, automatic ones included, grouped by status. */
export function errorCodesOf(spec: RouteSpec): Map<number, ErrorCode[]> {
  const codes: ErrorCode[] = [...spec.errors];
  if (keyed(spec)) codes.push('unauthenticated', 'invalid_api_key', 'rate_limited');
  if (keyed(spec) && spec.auth !== 'any') codes.push('insufficient_scope');
  codes.push('internal_error');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const { status } = ERROR_CATALOGUE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus.entries()].sort(([a], [b]) => a - b));
}

function errorResponse(spec: RouteSpec, status: number, codes: ErrorCode[]): JsonSchema {
  const rateLimited = keyed(spec) && status !== 401;
  const required: string[] = ['Request-Id'];
  const optional: string[] = [...(spec.errorHeaders?.[status]?.optional ?? [])];
  // A 500 can come from the rate limiter itself, before it could count the request.
  if (rateLimited && status !== 500) required.push(...RATE_LIMIT_HEADERS);
  if (rateLimited && status === 500) optional.push(...RATE_LIMIT_HEADERS);
  if (status === 429) required.push('Retry-After');
  if (status === 401) required.push('WWW-Authenticate');
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].title}`).join('; '),
    headers: headerRefs(required, optional),
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: {
          allOf: [ref('schemas', 'Problem'), { type: 'object', properties: { status: { const: status }, code: { enum: codes } } }],
        },
        ...optionalExamples(responseExamples(spec.operationId, status, codes)),
      },
    },
  };
}

/** `examples` of a media type, when the capture has some for it. */
function optionalExamples(examples: Record<string, unknown> | undefined): { examples?: Record<string, unknown> } {
  return examples ? { examples } : {};
}

function operationObject(spec: RouteSpec): JsonSchema {
  const parameters = [
    ...parametersOf(spec.params, 'path'),
    ...parametersOf(spec.query, 'query'),
    ...(spec.headers ?? []).map((name) => ref('parameters', headerKey(name))),
  ];
  const responses: Record<string, unknown> = {};
  const baseHeaders = keyed(spec) ? ['Request-Id', ...RATE_LIMIT_HEADERS] : ['Request-Id'];
  for (const response of spec.responses) {
    responses[String(response.status)] = {
      description: response.description,
      headers: headerRefs([...baseHeaders, ...(response.headers ?? [])], response.optionalHeaders ?? []),
      ...(response.body
        ? {
            content: {
              [response.body.contentType]: {
                schema: isZodSchema(response.body.schema) ? ref('schemas', componentIdOf(response.body.schema)) : response.body.schema,
                ...optionalExamples(response.body.contentType === 'application/json' ? responseExamples(spec.operationId, response.status) : undefined),
              },
            },
          }
        : {}),
    };
  }
  for (const [status, codes] of errorCodesOf(spec)) responses[String(status)] = errorResponse(spec, status, codes);

  const scopeLine =
    spec.auth === null ? 'No key needed.' : spec.auth === 'any' ? 'Any valid key (no particular scope).' : `Scope: \`${spec.auth}\`.`;
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: `${spec.description}\n\n${scopeLine}\n\n\`\`\`sh\n${spec.curl}\n\`\`\``,
    ...(spec.auth === null ? { security: [] } : { security: [{ bearerAuth: spec.auth === 'any' ? [] : [spec.auth] }] }),
    ...(spec.auth !== null && spec.auth !== 'any' ? { 'x-required-scope': spec.auth } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            description: spec.body.description,
            content: Object.fromEntries(
              Object.entries(spec.body.content).map(([mediaType, content]) => [
                mediaType,
                {
                  schema: ref('schemas', componentIdOf(content.schema)),
                  ...(content.example !== undefined ? { example: content.example } : {}),
                  ...(content.encoding ? { encoding: content.encoding } : {}),
                },
              ]),
            ),
          },
        }
      : {}),
    responses,
    'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: spec.curl }],
  };
}

function headerComponents(): Record<string, unknown> {
  const headers: Record<string, unknown> = {};
  for (const [name, header] of Object.entries(RESPONSE_HEADERS)) {
    headers[headerKey(name)] = { ...header, required: true };
    headers[`${headerKey(name)}Optional`] = { ...header, required: false };
  }
  return headers;
}

export interface DocumentOptions {
  servers?: ServerEntry[];
  operations?: RouteSpec[];
}

export type OpenApiDocument = Record<string, unknown> & {
  openapi: '3.1.0';
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
  webhooks: Record<string, unknown>;
};

export function buildOpenApiDocument(options: DocumentOptions = {}): OpenApiDocument {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of options.operations ?? ALL_ROUTES.map((route) => route.spec)) {
    paths[spec.path] ??= {};
    paths[spec.path]![spec.method] = operationObject(spec);
  }
  const headers = headerComponents();
  const usedHeaders = new Set(JSON.stringify({ paths, webhooks: WEBHOOKS }).match(/#\/components\/headers\/[A-Za-z]+/g) ?? []);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skin Analysis API',
      version: API_VERSION,
      summary: 'Face-photo skin scores, ingredient analysis, routines and signed webhooks.',
      description: infoDescription(),
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    servers: (options.servers ?? DEFAULT_SERVERS).map((server) => ({
      ...server,
      ...(SERVER_VARIABLES[server.url] ? { variables: SERVER_VARIABLES[server.url] } : {}),
    })),
    security: [{ bearerAuth: [] }],
    tags: TAGS,
    paths,
    webhooks: WEBHOOKS,
    components: {
      schemas: componentSchemas(),
      headers: Object.fromEntries(Object.entries(headers).filter(([key]) => usedHeaders.has(`#/components/headers/${key}`))),
      parameters: requestHeaderParameters(),
      securitySchemes: SECURITY_SCHEME,
    },
  };
}

let cached: OpenApiDocument | undefined;

/** The document with the default servers, built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
