/**
 * The error catalogue: every `code` the API answers with, its HTTP status and title.
 * Domain errors carry the code; one mapping (api/problem.ts) turns them into RFC 9457 problem+json with this status
 * and title; anything else becomes `internal_error`.
 */
export const ERROR_CATALOGUE = {
  unauthenticated: { status: 401, title: 'Authentication required' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  insufficient_scope: { status: 403, title: 'Insufficient scope' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  invalid_request: { status: 400, title: 'Invalid request' },
  unknown_marker: { status: 400, title: 'Unknown marker' },
  invalid_cursor: { status: 400, title: 'Invalid cursor' },
  idempotency_conflict: { status: 409, title: 'Idempotency key still in use' },
  scan_not_completed: { status: 409, title: 'Scan not completed' },
  upload_already_used: { status: 409, title: 'Upload already used' },
  upload_incomplete: { status: 409, title: 'Nothing uploaded yet' },
  upload_expired: { status: 410, title: 'Upload expired' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  // draft-ietf-httpapi-idempotency-key-header: a key reused with a different payload is 422, one still in flight 409.
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused with a different request' },
  image_unreadable: { status: 422, title: 'Image cannot be decoded' },
  image_too_small: { status: 422, title: 'Image too small' },
  image_too_large: { status: 422, title: 'Image has too many pixels' },
  no_face: { status: 422, title: 'No face found' },
  multiple_faces: { status: 422, title: 'Several faces, none dominant' },
  face_too_small: { status: 422, title: 'Face too small' },
  face_cut_off: { status: 422, title: 'Face not fully in the photo' },
  face_not_frontal: { status: 422, title: 'Face not frontal' },
  too_dark: { status: 422, title: 'Image too dark' },
  too_bright: { status: 422, title: 'Image too bright' },
  blurry: { status: 422, title: 'Image too blurry' },
  eyes_closed: { status: 422, title: 'Eyes closed' },
  expression_not_neutral: { status: 422, title: 'Expression not neutral' },
  grayscale_photo: { status: 422, title: 'Photo not in colour' },
  not_human_skin: { status: 422, title: 'Not human skin' },
  analysis_failed: { status: 422, title: 'Analysis failed' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  internal_error: { status: 500, title: 'Internal error' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** One failing parameter, as listed in the problem body's `errors`. */
export interface ParamError {
  param: string;
  message: string;
}

/**
 * A failure the caller can act on, in the catalogue's words: its code, a sentence naming what was wrong, the failing
 * parameters, and extension members (e.g. the `scan_id` of a scan that failed its checks). No HTTP here: the edge
 * (functions/api/problem.ts) turns it into a status, headers and a problem+json body, in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors: ParamError[] = [],
    /** RFC 9457 extension members, e.g. the `scan_id` of a scan that failed its checks. */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

/** A 400 naming the parameter, what was expected and what arrived. */
export function invalidParam(param: string, message: string): DomainError {
  return new DomainError('invalid_request', `${param}: ${message}`, [{ param, message }]);
}

export function notFound(what: string): DomainError {
  return new DomainError('not_found', `${what} was not found.`);
}
