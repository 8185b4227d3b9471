import { DomainError, ERROR_CATALOGUE, type ErrorCode, type ParamError } from '../kernel/errors';

/**
 * An error as the HTTP edge answers it: a domain error with its catalogue status and title, plus the response
 * headers only the edge knows about (`Allow` on a 405, `Retry-After` on a 429, `WWW-Authenticate` on a 401).
 * Thrown by the edge itself (routes, middleware, body parsing); capabilities throw DomainError, which
 * problem.ts turns into one of these.
 */
export class ApiError extends DomainError {
  readonly status: number;
  readonly title: string;

  constructor(
    code: ErrorCode,
    detail: string,
    errors: ParamError[] = [],
    readonly headers: Record<string, string> = {},
    extensions: Record<string, unknown> = {},
  ) {
    super(code, detail, errors, extensions);
    this.name = 'ApiError';
    this.status = ERROR_CATALOGUE[code].status;
    this.title = ERROR_CATALOGUE[code].title;
  }
}
