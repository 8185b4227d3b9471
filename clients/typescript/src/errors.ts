import type { ErrorCode, Problem } from './types.js';

/** Base class of every error this client throws. */
export class SkinError extends Error {
  override name = 'SkinError';
}

/**
 * The API answered with an error (RFC 9457 problem+json): `code` is stable and machine-readable (the error
 * catalogue), `requestId` is what support asks for.
 */
export class SkinApiError extends SkinError {
  override name = 'SkinApiError';
  /** HTTP status. */
  readonly status: number;
  /** The problem's `code`; a code newer than this client is passed through as a string. */
  readonly code: ErrorCode | (string & {});
  readonly title: string;
  readonly detail: string;
  /** One entry per failing parameter. */
  readonly errors: { param: string; message: string }[];
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait (429). */
  readonly retryAfterSeconds: number | undefined;
  /** The stored `failed` scan, when POST /v1/scans answered 422 for a photo that failed a check. */
  readonly scanId: string | undefined;
  /** The whole problem body (extension members included); undefined when the body was not a problem. */
  readonly problem: Problem | undefined;

  constructor(init: {
    status: number;
    code: string;
    title: string;
    detail: string;
    errors?: { param: string; message: string }[];
    requestId?: string;
    retryAfterSeconds?: number;
    problem?: Problem;
  }) {
    super(`${init.status} ${init.code}: ${init.detail}${init.requestId ? ` (request ${init.requestId})` : ''}`);
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.problem = init.problem;
    this.scanId = typeof init.problem?.scan_id === 'string' ? init.problem.scan_id : undefined;
  }
}

/** No answer from the API: the connection failed or timed out (after the retries). */
export class SkinConnectionError extends SkinError {
  override name = 'SkinConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A webhook delivery that must not be trusted: a bad or missing signature, or a timestamp out of tolerance. */
export class WebhookVerificationError extends SkinError {
  override name = 'WebhookVerificationError';
}

/** Builds the error for a non-2xx response (problem+json when the API answered; anything else too). */
export async function errorFromResponse(response: Response): Promise<SkinApiError> {
  const requestId = response.headers.get('request-id') ?? response.headers.get('x-amzn-requestid') ?? undefined;
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  const text = await response.text().catch(() => '');
  let problem: Problem | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as Problem).code === 'string') problem = parsed as Problem;
  } catch {
    // not JSON: a proxy or gateway answered
  }
  if (problem) {
    return new SkinApiError({
      status: response.status,
      code: problem.code,
      title: problem.title,
      detail: problem.detail,
      errors: problem.errors,
      requestId: problem.request_id ?? requestId,
      retryAfterSeconds,
      problem,
    });
  }
  return new SkinApiError({
    status: response.status,
    code: response.status >= 500 ? 'internal_error' : `http_${response.status}`,
    title: response.statusText || `HTTP ${response.status}`,
    detail: text.slice(0, 200) || `HTTP ${response.status}`,
    requestId,
    retryAfterSeconds,
  });
}

/** `Retry-After`: seconds, or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
