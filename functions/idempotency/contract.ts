/**
 * Idempotent retries: the stored-response record, its store port, the canonical JSON a request is compared by, and
 * runIdempotent. Everything else in this folder is internal to it.
 */
export { canonicalJson } from './canonical-json';
export type { IdempotencyRecord, IdempotencyStore, StoredResponse } from './idempotency-store';
export { runIdempotent } from './run-idempotent';
