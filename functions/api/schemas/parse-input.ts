import type { z } from 'zod';
import { type DomainError, type ErrorCode } from '../../kernel/errors';
import { ApiError } from '../api-error';

/**
 * What a schema can attach to a custom issue when the API answers that problem with something other than
 * `invalid_request` and "`param`: `message`" (e.g. `unknown_marker`, or a 413 for a cut-off upload).
 */
export interface IssueParams {
  /** Thrown as is. */
  apiError?: DomainError;
  code?: ErrorCode;
  detail?: string;
}

/**
 * Parses a request part (form fields, query, path) with its schema; the first problem becomes the API's 400 (or
 * the error the schema attached), naming the parameter, the expectation and what was received.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const params = (issue.code === 'custom' ? issue.params : undefined) as IssueParams | undefined;
  if (params?.apiError) throw params.apiError;
  const param = issue.path.map(String).join('.') || 'body';
  return throwInvalid(params?.code ?? 'invalid_request', params?.detail ?? `${param}: ${issue.message}`, param, issue.message);
}

function throwInvalid(code: ErrorCode, detail: string, param: string, message: string): never {
  throw new ApiError(code, detail, [{ param, message }]);
}
