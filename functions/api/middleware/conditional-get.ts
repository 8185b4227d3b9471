import { etag } from 'hono/etag';

/**
 * `ETag` on a read and `304 Not Modified` when `If-None-Match` still matches (Hono's etag middleware: a strong
 * SHA-1 validator of the JSON body). A poller of a processing scan or a cached routine then re-downloads nothing
 * until the resource changes. The 304 still counts against the rate limit: the key and the limit run before it.
 */
export function conditionalGet() {
  return etag();
}
