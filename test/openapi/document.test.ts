/**
 * The OpenAPI document itself: generated from the code, committed without drift, valid for a real linter (Redocly
 * CLI), and complete (every route of the app, its scope, every error code, every webhook event).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app';
import type { ApiDeps } from '../../functions/api/deps';
import { buildOpenApiDocument, openApiDocument } from '../../functions/api/openapi/document';
import { ALL_ROUTES } from '../../functions/api/routes/all-routes';
import { DOCUMENT_FILE, serializeDocument } from '../../functions/api/openapi/write-document';
import { ERROR_CATALOGUE } from '../../functions/kernel/errors';
import { SCOPES } from '../../functions/keys/scopes';
import { EVENT_TYPES } from '../../functions/webhooks/events';
import { ROUTES } from '../helpers/routes';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const document = openApiDocument();

type Operation = Record<string, unknown> & { operationId: string; security: { bearerAuth: string[] }[]; responses: Record<string, unknown> };
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation as Operation })),
);

/** An app whose routes can be listed: no request is served, so no store is touched. */
function appForListing() {
  const deps = { stores: {}, config: {}, clock: { now: () => 0 } } as unknown as ApiDeps;
  return createApp(deps);
}

describe('the OpenAPI document', () => {
  it('when docs/openapi.json is compared with the document the code builds, then they are identical (run `npm run build:openapi` after a change)', async () => {
    expect(await readFile(DOCUMENT_FILE, 'utf8')).toBe(serializeDocument(buildOpenApiDocument()));
  });

  it('when Redocly CLI lints the generated document with its recommended rules, then there are no errors and the only warning is the public document route having no 4xx', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      await writeFile(file, serializeDocument(buildOpenApiDocument()));
      const cli = join(require.resolve('@redocly/cli/package.json'), '..', 'bin', 'cli.js');
      const { stdout } = await run(process.execPath, [cli, 'lint', file, '--format=json'], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const summary = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(report.totals.errors, summary.join('\n')).toBe(0);
      expect(summary).toEqual(['warn operation-4xx-response #/paths/~1v1~1openapi.json/get/responses: Operation must have at least one `4XX` response.']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("when the app's routes are listed, then each is a documented operation and each operation is routed", () => {
    const routed = appForListing()
      .routes.filter((r) => r.method !== 'ALL' && !r.path.startsWith('/docs') && r.path !== '/')
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/(.)\/$/, '$1')}`);
    const documented = operations.map((o) => `${o.method} ${o.path}`);
    expect([...new Set(routed)].sort()).toEqual([...documented].sort());
  });

  it('when an operation needs a key, then its security requirement names the scope the route checks (test/helpers/routes.ts)', () => {
    for (const route of ROUTES) {
      const [method, template] = route.name.split(' ') as [string, string];
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '\\{[^}]+\\}')}$`);
      const found = operations.find((o) => o.method === method.toLowerCase() && pattern.test(o.path));
      expect(found, route.name).toBeDefined();
      expect(found!.operation.security, route.name).toEqual([{ bearerAuth: route.scope ? [route.scope] : [] }]);
    }
    for (const { operation } of operations) {
      for (const scope of operation.security.flatMap((s) => s.bearerAuth)) expect(SCOPES).toContain(scope);
    }
    expect(document.components.securitySchemes).toMatchObject({ bearerAuth: { type: 'http', scheme: 'bearer' } });
  });

  it('when the problem schema is read, then its codes are the whole error catalogue, and every keyed operation documents 401, 429 and 500', () => {
    const problem = document.components.schemas.Problem as { properties: { code: { enum: string[] } } };
    expect(problem.properties.code.enum).toEqual(Object.keys(ERROR_CATALOGUE));
    for (const { operation, path } of operations) {
      if (operation.security.length === 0) continue;
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['401', '429', '500']));
    }
  });

  it('when the response headers are read, then rate-limit headers are on keyed responses, Retry-After on 429s and Location on scan creation', () => {
    const createScan = document.paths['/v1/scans']!.post as Operation;
    const responses = createScan.responses as Record<string, { headers: Record<string, unknown> }>;
    expect(Object.keys(responses['201']!.headers)).toEqual(
      expect.arrayContaining(['Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Location', 'Idempotent-Replayed', 'Preference-Applied']),
    );
    expect(Object.keys(responses['429']!.headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Reset', 'Request-Id']));
    expect(Object.keys(responses['401']!.headers)).toEqual(['Request-Id', 'WWW-Authenticate']);
    const parameters = (createScan.parameters as { $ref?: string }[]).map((p) => p.$ref);
    expect(parameters).toEqual(['#/components/parameters/IdempotencyKey', '#/components/parameters/Prefer']);
  });

  it('when the webhooks are read, then every event type is there with its payload schema and the three signature headers', () => {
    expect(Object.keys(document.webhooks)).toEqual([...EVENT_TYPES, 'webhook.test']);
    for (const [event, item] of Object.entries(document.webhooks) as [string, { post: { parameters: { name: string; required: boolean }[]; requestBody: { content: Record<string, { schema: { $ref: string } }> } } }][]) {
      expect(item.post.parameters.map((p) => [p.name, p.required]), event).toEqual([
        ['webhook-id', true],
        ['webhook-timestamp', true],
        ['webhook-signature', true],
      ]);
      const schemaName = item.post.requestBody.content['application/json']!.schema.$ref.split('/').pop()!;
      const schema = document.components.schemas[schemaName] as { properties: { event: { const: string } } };
      expect(schema.properties.event.const).toBe(event);
    }
  });

  it('when each operation is read, then it has a summary, a curl sample naming its path, and the listed operations are all in it', () => {
    expect(operations.map((o) => o.operation.operationId)).toEqual(ALL_ROUTES.map((route) => route.spec.operationId));
    for (const { operation, path } of operations) {
      const samples = operation['x-codeSamples'] as { lang: string; source: string }[];
      expect(samples[0]!.lang).toBe('Shell');
      expect(samples[0]!.source).toContain(`$SKIN_API_URL${path.replace(/\{[^}]+\}.*$/, '')}`);
      expect(String(operation.description)).toContain('```sh\ncurl');
      expect(operation.summary).toBeTruthy();
    }
  });
});
