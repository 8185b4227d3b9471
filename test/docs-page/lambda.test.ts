/**
 * The reference behind API Gateway: the same Hono app through the Lambda adapter (REST API proxy events, stage
 * path /prod), and the renderer found beside an esbuild bundle the way lib/bundling lays it out.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { handle } from 'hono/aws-lambda';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app';
import type { ApiDeps } from '../../functions/api/deps';
import { BUNDLED_ASSET_DIR, locateRenderer, readRenderer, RENDERER_FILE } from '../../functions/api/openapi/renderer-asset';
import { OUTSIDE_LOGO } from '../../functions/api/routes/docs';
import { copyDocsAssets } from '../../lib/bundling/docs-assets';
import { restApiEvent } from '../helpers/api-gateway-event';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// The public routes touch no store: an app for them needs no running stack.
const handler = handle(createApp({ stores: {}, config: {}, clock: { now: () => 0 } } as unknown as ApiDeps));

function restEvent(path: string, headers: Record<string, string> = {}): APIGatewayProxyEvent {
  return restApiEvent('GET', path, { headers, requestId: 'gw-request-1' });
}

const invoke = async (path: string, headers?: Record<string, string>) =>
  (await handler(restEvent(path, headers) as unknown as Parameters<typeof handler>[0], {} as Context)) as APIGatewayProxyResult & { multiValueHeaders?: Record<string, string[]>; headers?: Record<string, string> };
const headerOf = (result: Awaited<ReturnType<typeof invoke>>, name: string) =>
  result.headers?.[name.toLowerCase()] ?? result.multiValueHeaders?.[name.toLowerCase()]?.[0];

describe('the reference behind API Gateway', () => {
  it('when /v1/openapi.json is fetched through the stage /prod, then the document names the stage URL as its server, with no key', async () => {
    const result = await invoke('/v1/openapi.json');
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body).servers).toEqual([{ url: 'https://abc123defg.execute-api.eu-west-1.amazonaws.com/prod', description: 'This server' }]);
    expect(headerOf(result, 'Request-Id')).toBe('gw-request-1');
  });

  it('when /docs is fetched, then the page loads its scripts and the document by relative URLs (so /prod/docs works)', async () => {
    const result = await invoke('/docs');
    expect(result.statusCode).toBe(200);
    expect(headerOf(result, 'Content-Type')).toMatch(/^text\/html/);
    expect(headerOf(result, 'Content-Security-Policy')).toContain("script-src 'self'");
    expect(result.body).toContain('<script src="docs/redoc.standalone.js"></script>');
    expect(result.body).not.toMatch(/(src|href)="(\/|https?:)/);
    const init = await invoke('/docs/init.js');
    expect(init.body).toContain("Redoc.init(\n  'v1/openapi.json'");
  });

  it('when the renderer is fetched with gzip accepted, then API Gateway gets it base64-encoded and it unzips to the served bundle', async () => {
    const result = await invoke('/docs/redoc.standalone.js', { 'Accept-Encoding': 'gzip, deflate' });
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(headerOf(result, 'Content-Encoding')).toBe('gzip');
    const unzipped = gunzipSync(Buffer.from(result.body, 'base64')).toString('utf8');
    expect(unzipped.length).toBeGreaterThan(500_000);
    expect(unzipped).toContain('Redoc');
    expect(unzipped).not.toContain(OUTSIDE_LOGO);
    // Within the Lambda response limit (6 MB) either way.
    expect(result.body.length).toBeLessThan(6 * 1024 * 1024);
    expect(readRenderer().length).toBeLessThan(4 * 1024 * 1024);
  });

  it('when the API is bundled by esbuild and lib/bundling copies the docs assets, then the bundle reads the renderer beside itself, not from node_modules', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'skin-docs-bundle-'));
    try {
      const entry = join(dir, 'entry.ts');
      await writeFile(entry, `import { locateRenderer } from ${JSON.stringify(join(ROOT, 'functions/api/openapi/renderer-asset.ts'))};\nconsole.log(locateRenderer());\n`);
      await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node22', outfile: join(dir, 'out', 'index.mjs'), logLevel: 'silent' });
      expect(copyDocsAssets(ROOT, join(dir, 'out'))).toEqual([RENDERER_FILE, `${RENDERER_FILE}.LICENSE.txt`]);
      const { stdout } = await run(process.execPath, [join(dir, 'out', 'index.mjs')], { cwd: dir });
      expect(stdout.trim()).toBe(join(dir, 'out', BUNDLED_ASSET_DIR, RENDERER_FILE));
      expect(await readFile(stdout.trim())).toEqual(await readFile(locateRenderer()));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
