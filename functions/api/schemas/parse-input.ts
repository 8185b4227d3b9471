import { z } from 'zod';
import { type DomainError, type ErrorCode } from '../../kernel/errors';
import { ApiError } from '../api-error';
import { paramErrorsOf } from '../../kernel/param-errors';

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

/** Parses one request part (form fields, query, path, JSON body) with its schema; every problem goes into one error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidInput(result.error.issues);
}

/**
 * The API's answer to the problems of a request (of one part or several): one `errors` entry per failing
 * parameter, each naming it; `code` and `detail` from the first problem (the one a schema lists first), the detail
 * saying how many more there are. A part that could not be read whole (an upload cut off at its limit) is answered
 * as that alone: nothing else about the request matters then.
 */
export function invalidInput(issues: readonly z.core.$ZodIssue[]): DomainError {
  for (const issue of issues) {
    const apiError = paramsOf(issue)?.apiError;
    if (apiError) return apiError;
  }
  const errors = paramErrorsOf(new z.ZodError([...issues]));
  const first = errors[0] ?? { param: 'body', message: 'invalid request' };
  const params = paramsOf(issues[0]);
  // Some schemas' messages name their parameter already ("markers.acne.score must be …"), and a problem with the
  // body as a whole ("scan_id or markers is required") is its message alone; the rest get the parameter in front.
  const standsAlone = first.param === 'body' || namesParam(first.message, first.param);
  const detail = params?.detail ?? (standsAlone ? first.message : `${first.param}: ${first.message}`);
  return new ApiError(params?.code ?? 'invalid_request', withCount(detail, errors.length - 1), errors);
}

/** "limit: expected … (and 2 more problems: see errors)", the sentence's full stop kept at its end. */
function withCount(detail: string, more: number): string {
  if (more === 0) return detail;
  const stop = detail.endsWith('.') ? '.' : '';
  return `${detail.slice(0, detail.length - stop.length)} (and ${more} more problem${more > 1 ? 's' : ''}: see errors)${stop}`;
}

function paramsOf(issue: z.core.$ZodIssue | undefined): IssueParams | undefined {
  return issue?.code === 'custom' ? (issue.params as IssueParams | undefined) : undefined;
}

function namesParam(message: string, param: string): boolean {
  return message === param || message.startsWith(`${param} `);
}
