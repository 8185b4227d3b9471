import type { Context } from 'hono';
import { DomainError, ERROR_CATALOGUE, type ErrorCode } from '../kernel/errors';
import { ApiError } from './api-error';
import { serverUrl } from './server-url';

/** RFC 9457 body; `type` points at the code's entry in the errors section of this deployment's /docs. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id: string;
  errors: { param: string; message: string }[];
}

/**
 * Where a code's `type` URI points, after the deployment's base URL: the code's heading in the "Errors" section of
 * the reference page (Redoc names the anchors of `# Errors` / `## code` headings `section/Errors/code`).
 */
export const PROBLEM_TYPE_PATH = '/docs#section/Errors/';

/** `type` of a code under a base URL, e.g. `http://127.0.0.1:3000/docs#section/Errors/not_found`. */
export function problemType(baseUrl: string, code: string): string {
  return `${baseUrl}${PROBLEM_TYPE_PATH}${code}`;
}

/** The base of problem `type` URIs for this request: the deployment the client reached. */
export function problemTypeBase(c: Context): string {
  return serverUrl(c);
}

/**
 * Headers a code calls for whoever raised it (RFC 6750 §3: a 401 names the Bearer scheme, and says why a token
 * was refused). The authenticator throws plain domain errors; the challenge is HTTP, so it is added here.
 */
const HEADERS_OF_CODE: Partial<Record<ErrorCode, Record<string, string>>> = {
  unauthenticated: { 'WWW-Authenticate': 'Bearer' },
  invalid_api_key: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
};

/**
 * A thrown value as the edge answers it: an ApiError as it is, a domain error with its catalogue status and the
 * headers its code calls for, anything else an `internal_error` (500) that echoes nothing back.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return new ApiError(error.code, error.detail, error.errors, HEADERS_OF_CODE[error.code] ?? {}, error.extensions);
  return new ApiError('internal_error', 'Something went wrong on our side; retry later.');
}

/** The one mapping from errors to responses: a domain error keeps its code (status from the catalogue); anything else is a 500. */
export function problemResponse(c: Context, error: unknown, requestId: string): Response {
  const { apiError, body } = problemOf(error, requestId, problemTypeBase(c));
  return c.body(JSON.stringify(body), apiError.status as 400, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    ...apiError.headers,
  });
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemOf(error: unknown, requestId: string, typeBase: string): { apiError: ApiError; body: Problem & Record<string, unknown> } {
  const apiError = toApiError(error);
  const body: Problem & Record<string, unknown> = {
    type: problemType(typeBase, apiError.code),
    title: ERROR_CATALOGUE[apiError.code].title,
    status: apiError.status,
    detail: apiError.detail,
    code: apiError.code,
    request_id: requestId,
    errors: apiError.errors,
    ...apiError.extensions,
  };
  return { apiError, body };
}
