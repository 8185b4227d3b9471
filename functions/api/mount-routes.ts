import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { notFound } from '../kernel/errors';
import { requireScope } from '../keys/contract';
import type { ApiEnv } from './deps';
import { honoPath, type ApiRoute, type BodyContent, type BodyMediaType, type RequestHeader, type RouteSpec } from './route';
import { invalidInput } from './schemas/parse-input';
import { idempotencyKeySchema } from './schemas/scan-requests';

/** The request headers that can be invalid (`Prefer` is a hint, never an error; `If-None-Match` any validator list). */
const REQUEST_HEADER_SCHEMAS: Partial<Record<RequestHeader, z.ZodType>> = { 'Idempotency-Key': idempotencyKeySchema };

/**
 * Registers declared routes on `app` (whose own mount point is `prefix`, e.g. the /v1 sub-app). Each request then
 * goes through the same steps before its handler: the declared scope, a malformed id answered as unknown, the body
 * read within its limits, and every input (path, query, headers, body) checked with its schema, all problems reported at once.
 */
export function mountRoutes<D>(app: Hono<ApiEnv>, routes: readonly ApiRoute<D>[], deps: D, prefix = ''): void {
  for (const route of routes) {
    if (!route.spec.path.startsWith(prefix)) throw new Error(`${route.spec.operationId}: ${route.spec.path} is not under ${prefix}`);
    const handle = route.handler(deps);
    app.on(route.spec.method.toUpperCase(), honoPath(route.spec.path.slice(prefix.length)), async (c) => {
      const input = await checkedInput(route.spec, c);
      return handle(c, input as Parameters<typeof handle>[1]);
    });
  }
}

async function checkedInput(spec: RouteSpec, c: Context<ApiEnv>): Promise<{ params: unknown; query: unknown; body: unknown }> {
  if (spec.auth !== null && spec.auth !== 'any') requireScope(c.get('principal'), spec.auth);
  const rawParams = c.req.param() as Record<string, string>;
  if (spec.malformedParamIsNotFound && spec.params && !spec.params.safeParse(rawParams).success) {
    const value = Object.values(rawParams)[0] ?? '';
    throw notFound(`${spec.malformedParamIsNotFound} ${value.slice(0, 64)}`);
  }
  const content = spec.body ? contentOf(spec.body.content, c.req.header('Content-Type')) : undefined;
  const rawBody = content ? await content[1].read(c) : undefined;

  const issues: z.core.$ZodIssue[] = [];
  const parse = (schema: z.ZodType | undefined, raw: unknown): unknown => {
    if (!schema) return {};
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    issues.push(...result.error.issues);
    return undefined;
  };
  const params = parse(spec.params, rawParams);
  const query = parse(spec.query, c.req.query());
  for (const name of spec.headers ?? []) {
    const value = c.req.header(name);
    const schema = REQUEST_HEADER_SCHEMAS[name];
    if (schema && value !== undefined) parse(z.object({ [name]: schema }), { [name]: value });
  }
  const body = content ? { mediaType: content[0], value: parse(content[1].schema, rawBody), sent: rawBody } : undefined;
  if (issues.length > 0) throw invalidInput(issues);
  return { params, query, body };
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The declared media type this request's body is read as: the only one, or, where an operation takes several,
 * JSON when the request says JSON and the other one otherwise (whose reader then names a wrong Content-Type).
 */
function contentOf(content: Partial<Record<BodyMediaType, BodyContent>>, contentType: string | undefined): [BodyMediaType, BodyContent] {
  const entries = Object.entries(content) as [BodyMediaType, BodyContent][];
  if (entries.length === 1) return entries[0]!;
  const json = entries.find(([type]) => type === 'application/json');
  if (json && JSON_MEDIA_TYPE.test(contentType ?? '')) return json;
  return entries.find(([type]) => type !== 'application/json')!;
}
