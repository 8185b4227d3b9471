import type { Context } from 'hono';

/**
 * The API's base URL as the client reached it: on API Gateway the stage (`/prod`) is in the request context's
 * path but not in the proxied path, so it is put back. Used wherever a response names this deployment (the
 * served document's `servers`, problem `type` URIs), so a self-hosted stack never points at someone else's domain.
 */
export function serverUrl(c: Context): string {
  const url = new URL(c.req.url);
  const event = (c.env as { event?: { path?: string; requestContext?: { path?: string } } } | undefined)?.event;
  const fullPath = event?.requestContext?.path;
  const proxiedPath = event?.path;
  const prefix = fullPath && proxiedPath && fullPath.endsWith(proxiedPath) ? fullPath.slice(0, fullPath.length - proxiedPath.length) : '';
  return `${url.origin}${prefix}`;
}
