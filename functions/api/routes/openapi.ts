import { Hono, type Context } from 'hono';
import { openApiDocument, type OpenApiDocument } from '../openapi/document';
import type { ApiEnv } from '../deps';
import { basePath } from '../../http/base-path';

/**
 * GET /v1/openapi.json: the OpenAPI 3.1 document, no key needed. Mounted on the root app before the /v1 routes,
 * so the key and rate-limit middleware never run for it. `servers` names the server it was fetched from.
 */
export function openApiRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Built on the first request (about 15 ms), not at cold start.
  const byServer = new Map<string, OpenApiDocument>();
  app.get('/v1/openapi.json', (c) => {
    const url = serverUrl(c);
    let document = byServer.get(url);
    if (!document) {
      document = { ...openApiDocument(), servers: [{ url, description: 'This server' }] };
      if (byServer.size < 20) byServer.set(url, document);
    }
    return c.json(document, 200, { 'Cache-Control': 'public, max-age=300' });
  });
  return app;
}

/**
 * The API's base URL as the client reached it: on API Gateway the stage (`/prod`) is in the request context's
 * path but not in the proxied path, so it is put back.
 */
export function serverUrl(c: Context<ApiEnv>): string {
  return `${new URL(c.req.url).origin}${basePath(c)}`;
}
