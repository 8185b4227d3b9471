import type { Context } from 'hono';
import { ApiError, ERROR_CATALOGUE } from '../shared/errors';

/** RFC 9457 body; `type` points at the code's entry in the error catalogue. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  request_id: string;
  errors: { param: string; message: string }[];
}

export const PROBLEM_TYPE_BASE = 'https://docs.skin-analysis.dev/errors#';

/** The one mapping from errors to responses: an ApiError keeps its status and code; anything else is a 500. */
export function problemResponse(c: Context, error: unknown, requestId: string): Response {
  const { apiError, body } = problemOf(error, requestId);
  return c.body(JSON.stringify(body), apiError.status as 400, {
    'Content-Type': PROBLEM_CONTENT_TYPE,
    ...apiError.headers,
  });
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function problemOf(error: unknown, requestId: string): { apiError: ApiError; body: Problem & Record<string, unknown> } {
  const apiError =
    error instanceof ApiError ? error : new ApiError('internal_error', 'Something went wrong on our side; retry later.');
  const body: Problem & Record<string, unknown> = {
    type: `${PROBLEM_TYPE_BASE}${apiError.code}`,
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
