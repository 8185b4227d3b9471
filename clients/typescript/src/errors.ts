import type { ErrorCode, Problem } from './types.js';

export interface ApiErrorInit {
  status: number;
  code: string;
  title: string;
  detail: string;
  errors?: { param: string; message: string }[];
  requestId?: string;
  retryAfterSeconds?: number;
  problem?: Problem;
}

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

  constructor(init: ApiErrorInit) {
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

/** 400 (and 405, 413, 415): a parameter, the body or the method is wrong; `errors` names the parameters. */
export class SkinInvalidRequestError extends SkinApiError {
  override name = 'SkinInvalidRequestError';
}

/** 401: no key, or the key is unknown, revoked or expired (`unauthenticated`, `invalid_api_key`). */
export class SkinAuthenticationError extends SkinApiError {
  override name = 'SkinAuthenticationError';
}

/** 403: the key lacks the operation's scope (`insufficient_scope`). */
export class SkinPermissionError extends SkinApiError {
  override name = 'SkinPermissionError';
}

/** 404: no such resource in this account and environment. */
export class SkinNotFoundError extends SkinApiError {
  override name = 'SkinNotFoundError';
}

/** 409: the state forbids it now (`idempotency_conflict` while the first request runs, `scan_not_completed`). */
export class SkinConflictError extends SkinApiError {
  override name = 'SkinConflictError';
}

/** The photo-quality codes of a 422 from POST /v1/scans: retake the photo. */
export const QUALITY_CODES = ['no_face', 'multiple_faces', 'face_too_small', 'face_not_frontal', 'too_dark', 'too_bright', 'blurry'] as const;
export type QualityCode = (typeof QUALITY_CODES)[number];

/** Codes of a 422 that are not about the photo's quality (the file itself, the analysis, the idempotency key). */
const NOT_QUALITY = new Set(['image_unreadable', 'image_too_small', 'image_too_large', 'analysis_failed', 'idempotency_key_reused']);

/**
 * 422: understood but not processable. For a photo that failed a quality check, `qualityCode` names the check
 * (`blurry`, `no_face`, …; a check newer than this client too) and `scanId` is the stored `failed` scan.
 */
export class SkinUnprocessableError extends SkinApiError {
  override name = 'SkinUnprocessableError';
  readonly qualityCode: QualityCode | (string & {}) | undefined;

  constructor(init: ApiErrorInit) {
    super(init);
    const known = (QUALITY_CODES as readonly string[]).includes(init.code);
    // A check added after this client was built still arrives with the stored scan's id.
    this.qualityCode = known || (this.scanId !== undefined && !NOT_QUALITY.has(init.code)) ? init.code : undefined;
  }
}

/** 429: over the account's requests per minute; `retryAfter` is the wait the API asked for, in seconds. */
export class SkinRateLimitError extends SkinApiError {
  override name = 'SkinRateLimitError';
  get retryAfter(): number | undefined {
    return this.retryAfterSeconds;
  }
}

/** 5xx: the API's fault (after the client's retries); quote `requestId` to support. */
export class SkinServerError extends SkinApiError {
  override name = 'SkinServerError';
}

/** No answer from the API: the connection failed (after the retries). */
export class SkinConnectionError extends SkinError {
  override name = 'SkinConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** No answer within `timeoutMs` (after the retries). A kind of connection error. */
export class SkinTimeoutError extends SkinConnectionError {
  override name = 'SkinTimeoutError';
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
    return apiError({
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
  return apiError({
    status: response.status,
    code: response.status >= 500 ? 'internal_error' : `http_${response.status}`,
    title: response.statusText || `HTTP ${response.status}`,
    detail: text.slice(0, 200) || `HTTP ${response.status}`,
    requestId,
    retryAfterSeconds,
  });
}

/** The error class of a status: one family per kind of reaction a caller needs. */
export function apiError(init: ApiErrorInit): SkinApiError {
  const { status } = init;
  if (status === 401) return new SkinAuthenticationError(init);
  if (status === 403) return new SkinPermissionError(init);
  if (status === 404) return new SkinNotFoundError(init);
  if (status === 409) return new SkinConflictError(init);
  if (status === 422) return new SkinUnprocessableError(init);
  if (status === 429) return new SkinRateLimitError(init);
  if (status >= 500) return new SkinServerError(init);
  if (status === 400 || status === 405 || status === 413 || status === 415) return new SkinInvalidRequestError(init);
  return new SkinApiError(init);
}

/** `Retry-After`: seconds, or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
