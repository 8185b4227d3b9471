import { Hono } from 'hono';
import { gzipSync } from 'node:zlib';
import { readRenderer } from '../openapi/renderer-asset';
import type { ApiEnv } from '../deps';
import { serverUrl } from '../server-url';

/**
 * GET / redirects to GET /docs: the API reference, rendered in the browser by Redoc from GET /v1/openapi.json. Everything it loads
 * comes from this app (no CDN): the renderer at /docs/redoc.standalone.js, a few lines of start-up at
 * /docs/init.js. URLs are relative, so the page works under an API Gateway stage path (/prod/docs) too.
 */
export function docsRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Read once when the app is built: a missing renderer fails the start, not a reader's request.
  const renderer = withoutOutsideRequests(readRenderer());
  // Compressed on the first request that accepts gzip (about 20 ms), not at cold start.
  let rendererGzip: Buffer | undefined;

  // A browser pointed at the bare address lands on the reference rather than on a JSON 404. Absolute, so that it
  // also works under an API Gateway stage (/prod without a trailing slash would resolve a relative `docs` wrongly).
  app.get('/', (c) => c.redirect(`${serverUrl(c)}/docs`, 302));
  app.get('/docs', (c) => c.html(PAGE, 200, { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Cache-Control': 'public, max-age=300' }));
  app.get('/docs/init.js', (c) =>
    c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=300' }),
  );
  app.get('/docs/redoc.standalone.js', (c) => {
    const gzip = /\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '');
    const headers: Record<string, string> = {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    };
    if (gzip) rendererGzip ??= gzipSync(renderer);
    return c.body(new Uint8Array(gzip ? rendererGzip! : renderer), 200, headers);
  });
  return app;
}

/**
 * Redoc's footer logo is the one thing the bundle would fetch from elsewhere (cdn.redoc.ly); pointed at an empty
 * data: URL it fails to load and Redoc leaves it out. test/docs-page checks that the page requests nothing outside.
 */
export const OUTSIDE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

function withoutOutsideRequests(bundle: Buffer): Buffer {
  return Buffer.from(bundle.toString('utf8').split(OUTSIDE_LOGO).join('data:,'));
}

/** Scripts and styles from this origin only; Redoc injects styles and runs its search index in a blob: worker. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Skin Analysis API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This reference needs JavaScript. The OpenAPI document is at <a href="v1/openapi.json">v1/openapi.json</a>.</noscript>
<div id="redoc"></div>
<script src="docs/redoc.standalone.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

const INIT_SCRIPT = `// Renders the OpenAPI document of this server (fetched relative to this page).
Redoc.init(
  'v1/openapi.json',
  {
    expandResponses: '200,201,202',
    jsonSampleExpandLevel: 3,
    requiredPropsFirst: true,
    pathInMiddlePanel: true,
    nativeScrollbars: true,
    hideDownloadButton: false,
  },
  document.getElementById('redoc'),
);
`;
