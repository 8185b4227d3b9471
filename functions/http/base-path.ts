import type { Context } from 'hono';

/**
 * The path prefix in front of the app's routes as the client reached them: on API Gateway the stage (`/prod`), or
 * a custom domain's base path, is in the request context's path but not in the proxied path the app routes on.
 * Empty locally. Links the API hands out (`Location`, the document's `servers`) start with it.
 */
export function basePath(c: Context): string {
  const event = (c.env as { event?: { path?: string; requestContext?: { path?: string } } } | undefined)?.event;
  const fullPath = event?.requestContext?.path;
  const proxiedPath = event?.path;
  if (!fullPath || !proxiedPath || !fullPath.endsWith(proxiedPath)) return '';
  // The root proxy (`/prod/` for `/`) leaves a trailing slash that every link would double.
  return fullPath.slice(0, fullPath.length - proxiedPath.length).replace(/\/$/, '');
}
