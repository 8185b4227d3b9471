/**
 * @skin-analysis/client: a typed client of the Skin Analysis API (types generated from its OpenAPI document),
 * with retries (429 after Retry-After, 5xx and network errors with backoff), idempotency keys on every POST and
 * Standard Webhooks verification. No dependencies; Node 20+ and browsers.
 */
export { SkinClient, createClient, ScanPages, type CreateScanInput, type ImageInput, type ListScansInput, type WaitOptions } from './client.js';
export { ClientTokensResource, UploadsResource, type CreateClientTokenInput, type ScanFromUploadInput } from './apps.js';
export { DEFAULT_BASE_URL, type AttemptInfo, type ClientOptions, type RequestOptions } from './http.js';
export { SkinError, SkinApiError, SkinConnectionError, WebhookVerificationError } from './errors.js';
export { verifyWebhook, type HeadersLike, type VerifyOptions } from './webhooks.js';
export type * from './types.js';
