/**
 * Allowed browser origins: the origin record, its store port and the policy the API applies. Everything else in
 * this folder is internal to it.
 */
export type { CorsOriginRecord, CorsOriginStore } from './cors-origin-store';
export { CorsPolicy } from './cors-policy';
