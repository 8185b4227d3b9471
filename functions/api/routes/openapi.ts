/**
 * GET /v1/openapi.json: the OpenAPI 3.1 document, no key needed. Mounted on the root app before the /v1 routes,
 * so the key and rate-limit middleware never run for it. `servers` names the server it was fetched from.
 */
import { defineRoute } from '../route';
import { serverUrl } from '../server-url';

/** What the route serves: the document built from every declaration, this one included (given at mount time). */
export interface DocumentSource {
  document: () => Record<string, unknown>;
}

export const getOpenApiDocumentRoute = defineRoute(
  {
    method: 'get',
    path: '/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Reference',
    summary: 'Get this OpenAPI document',
    description: 'The OpenAPI 3.1 document of this API. No key needed. The reference page is `GET /docs`.',
    auth: null,
    responses: [
      {
        status: 200,
        description: 'The OpenAPI 3.1 document.',
        body: { contentType: 'application/json', schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } },
        headers: ['Cache-Control'],
      },
    ],
    errors: [],
    curl: 'curl "$SKIN_API_URL/v1/openapi.json"',
  },
  ({ document }: DocumentSource) => {
    // Built on the first request (about 15 ms), not at cold start.
    const byServer = new Map<string, Record<string, unknown>>();
    return (c) => {
      const url = serverUrl(c);
      let served = byServer.get(url);
      if (!served) {
        served = { ...document(), servers: [{ url, description: 'This server' }] };
        if (byServer.size < 20) byServer.set(url, served);
      }
      return c.json(served, 200, { 'Cache-Control': 'public, max-age=300' });
    };
  },
);
