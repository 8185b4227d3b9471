/**
 * One HTTP operation, declared once: what it accepts (path parameters, query, body, each a zod schema), what it
 * answers (statuses, components, headers), the scope it needs, its error codes and a curl line, next to the
 * handler that serves it. `mount-routes.ts` registers a declaration on the app (scope check, then every input
 * checked with its schema, then the handler); `openapi/document.ts` turns the same declarations into OpenAPI 3.1.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorCode } from '../kernel/errors';
import type { Scope } from '../keys/contract';
import type { ApiEnv } from './deps';

/** The curl option that sends the reader's API key, for the `curl` lines of routes. */
export const CURL_AUTH = '-H "Authorization: Bearer $SKIN_API_KEY"';

export type HttpMethod = 'get' | 'post' | 'delete';
export type TagName = 'Scans' | 'Markers' | 'Ingredients' | 'Routines' | 'Users' | 'Apps' | 'Reference';

/** Response headers the document defines once (components.headers). */
export type ResponseHeader = 'Location' | 'Idempotent-Replayed' | 'Preference-Applied' | 'Cache-Control' | 'ETag';

/** Request headers the document defines once (components.parameters). */
export type RequestHeader = 'Idempotency-Key' | 'Prefer' | 'If-None-Match';

export type BodyMediaType = 'application/json' | 'multipart/form-data';

/** A request body of one media type: how it is read (bounded) and the schema what was read must satisfy. */
export interface BodyContent<S extends z.ZodType = z.ZodType> {
  /** A component of the document (registered in openapi/components.ts INPUT_SCHEMAS). */
  schema: S;
  /** Reads the raw body with its size limits; a body that cannot be read at all is a 4xx from here. */
  read: (c: Context<ApiEnv>) => Promise<unknown>;
  example?: unknown;
  encoding?: Record<string, { contentType: string }>;
}

export type BodyContents = Partial<Record<BodyMediaType, BodyContent>>;

export interface RequestBody<C extends BodyContents> {
  description: string;
  /** The media types the operation takes, the document's first one first. */
  content: C;
}

export interface SuccessResponse {
  status: number;
  description: string;
  /** A component schema (a zod schema registered in openapi/components.ts) or a literal JSON Schema, with its media type. */
  body?: { contentType: string; schema: z.ZodType | Record<string, unknown> };
  headers?: ResponseHeader[];
  optionalHeaders?: ResponseHeader[];
}

type AnyObject = z.ZodObject | undefined;

export interface RouteSpec<P extends AnyObject = AnyObject, Q extends AnyObject = AnyObject, C extends BodyContents = BodyContents> {
  method: HttpMethod;
  /** OpenAPI path template, e.g. /v1/scans/{scan_id}. */
  path: string;
  operationId: string;
  tag: TagName;
  summary: string;
  description: string;
  /** The scope the key needs; 'any' = any valid key; null = no key at all. */
  auth: Scope | 'any' | null;
  params?: P;
  /**
   * When set, a path parameter of the wrong shape names a resource that cannot exist: it is answered like an unknown
   * one (`not_found`, "<name> <value>"), never a database read, instead of a 400.
   */
  malformedParamIsNotFound?: string;
  query?: Q;
  /** Documented request headers (read by the handler or the core). */
  headers?: RequestHeader[];
  body?: RequestBody<C>;
  responses: SuccessResponse[];
  /** Error codes this operation answers besides the automatic ones (401s, 403, 429, 500 for keyed operations). */
  errors: ErrorCode[];
  /** Extra headers on some error statuses (e.g. Location on a 422 of a stored, failed scan). */
  errorHeaders?: Partial<Record<number, { optional: ResponseHeader[] }>>;
  /** Shell lines after `curl`; $SKIN_API_URL and $SKIN_API_KEY are the reader's (CURL_AUTH passes the key). */
  curl: string;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<never, never>;

/** The body as the handler gets it: which media type came, its parsed value, and what was read before parsing. */
type ParsedBody<C extends BodyContents> = {
  [K in keyof C]-?: C[K] extends BodyContent<infer S> ? { mediaType: K; value: z.output<S>; sent: unknown } : never;
}[keyof C];

/** Every input of a request, already checked against the declaration's schemas. */
export interface RouteInput<P extends AnyObject, Q extends AnyObject, C extends BodyContents> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: [keyof C] extends [never] ? undefined : ParsedBody<C>;
}

export type RouteHandler<P extends AnyObject, Q extends AnyObject, C extends BodyContents> = (
  c: Context<ApiEnv>,
  input: RouteInput<P, Q, C>,
) => Response | Promise<Response>;

/** A declaration and the handler that serves it; `D` is what the handler is built from (usually ApiDeps). */
export interface ApiRoute<D = unknown> {
  spec: RouteSpec;
  handler: (deps: D) => RouteHandler<AnyObject, AnyObject, BodyContents>;
}

/**
 * Declares an operation. The handler is built from the app's dependencies when the route is mounted, so the
 * declaration alone (for the document) needs none.
 */
export function defineRoute<D, P extends AnyObject = undefined, Q extends AnyObject = undefined, C extends BodyContents = Record<never, never>>(
  spec: RouteSpec<P, Q, C>,
  handler: (deps: D) => RouteHandler<P, Q, C>,
): ApiRoute<D> {
  return { spec: spec as unknown as RouteSpec, handler: handler as unknown as ApiRoute<D>['handler'] };
}

/** `/v1/scans/{scan_id}` → Hono's `/v1/scans/:scan_id`. */
export function honoPath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, ':$1');
}
