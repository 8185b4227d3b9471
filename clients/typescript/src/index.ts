/**
 * @skin-analysis/client: a typed client of the Skin Analysis API (types generated from its OpenAPI document),
 * with retries (429 after Retry-After, 5xx and network errors with backoff), idempotency keys on every POST and
 * Standard Webhooks verification. No dependencies; Node 20+ and browsers.
 */
export { SkinClient, createClient, ScanPages, type CreateScanInput, type ImageInput, type ListScansInput, type WaitOptions } from './client.js';
export { ClientTokensResource, UploadsResource, type CreateClientTokenInput, type ScanFromUploadInput } from './apps.js';
export { LOCAL_BASE_URL, USER_AGENT, type AttemptInfo, type ClientOptions, type RequestOptions, type ResponseMeta, type WithRequestId } from './http.js';
export {
  SkinError,
  SkinApiError,
  SkinInvalidRequestError,
  SkinAuthenticationError,
  SkinPermissionError,
  SkinNotFoundError,
  SkinConflictError,
  SkinUnprocessableError,
  SkinRateLimitError,
  SkinServerError,
  SkinConnectionError,
  SkinTimeoutError,
  WebhookVerificationError,
  QUALITY_CODES,
  type QualityCode,
} from './errors.js';
export { VERSION } from './version.js';
export { verifyWebhook, type HeadersLike, type VerifyOptions } from './webhooks.js';
export type * from './types.js';
