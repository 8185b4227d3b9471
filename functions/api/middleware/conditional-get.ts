import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/**
 * A JSON read with `ETag` and `304 Not Modified` when `If-None-Match` still matches: a strong SHA-1 validator of
 * the exact bytes sent. A poller of a processing scan or a cached routine then re-downloads nothing until the
 * resource changes. The 304 still counts against the rate limit: the key and the limit run before it.
 *
 * The tag is computed from the JSON string here rather than by Hono's etag middleware, which hashes a clone of the
 * finished response: under load that clone-and-tee of the body let some 200s go out with an empty body
 * (schemathesis and the multipart property test each caught one).
 */
export function jsonWithETag(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  if (matches(etag, c.req.header('If-None-Match'))) return c.body(null, 304, { ETag: etag });
  return c.body(body, 200, { 'Content-Type': 'application/json', ETag: etag });
}

function matches(etag: string, ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const tags: string[] = ifNoneMatch.match(/"[^"]*"/g) ?? [];
  return tags.includes(etag);
}
