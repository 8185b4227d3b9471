/**
 * The dashboard behind API Gateway: the same app through the Lambda adapter (REST proxy events on stage /prod,
 * https), against a local stack's tables. Links, assets, redirects and cookies carry the stage path; cookies
 * are Secure; a POST from another origin is refused.
 */
import { handle } from 'hono/aws-lambda';
import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app';
import { buildApiDeps } from '../../functions/runtime/build-api-deps';
import { createDocumentClient } from '../../functions/adapters/aws/clients';
import type { TestStack } from '../helpers/stack';
import { csrfOf, startDashboardStack } from './helpers';
import { restApiEvent } from '../helpers/api-gateway-event';

const HOST = 'abc123defg.execute-api.eu-west-1.amazonaws.com';
// The dashboard logs each action at INFO; keep this file's output quiet (security.test.ts reads the lines).
process.env.LOG_LEVEL = 'WARN';
let stack: TestStack;
let handler: ReturnType<typeof handle>;

beforeAll(async () => {
  ({ stack } = await startDashboardStack());
  const deps = buildApiDeps(stack.config, {
    stores: stack.stores,
    db: createDocumentClient(stack.config),
    scanQueue: stack.scanQueue,
    events: stack.events,
    clock: stack.clock,
    deliveryQueue: stack.deliveryQueue,
  });
  handler = handle(createApp(deps));
});

afterAll(async () => {
  await stack?.close();
});

type Result = APIGatewayProxyResult & { multiValueHeaders?: Record<string, string[]>; headers?: Record<string, string> };

async function invoke(method: 'GET' | 'POST', path: string, options: { cookie?: string; body?: string; origin?: string; query?: Record<string, string>; base64?: boolean } = {}): Promise<Result> {
  const headers: Record<string, string> = { Host: HOST, 'X-Forwarded-Proto': 'https' };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  if (options.origin) headers.Origin = options.origin;
  // With `*/*` among the binary media types, API Gateway hands every request body over base64-encoded.
  const body = options.body === undefined ? undefined : options.base64 ? Buffer.from(options.body) : options.body;
  const event = restApiEvent(method, path, { headers, query: options.query, body, requestId: 'gw-request-1', sourceIp: '203.0.113.7' });
  return (await handler(event as unknown as Parameters<typeof handler>[0], {} as Context)) as Result;
}

const header = (result: Result, name: string) => result.headers?.[name.toLowerCase()] ?? result.multiValueHeaders?.[name.toLowerCase()]?.[0];
const setCookies = (result: Result) => result.multiValueHeaders?.['set-cookie'] ?? (result.headers?.['set-cookie'] ? [result.headers['set-cookie']] : []);
const cookiePair = (line: string) => line.split(';')[0];

describe('the dashboard behind API Gateway (stage /prod)', () => {
  it('when a visitor signs up through the stage URL, then assets, form actions, redirects and Secure cookies all carry /prod', async () => {
    const page = await invoke('GET', '/dashboard/sign-up');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/prod/dashboard/assets/dashboard.css"');
    expect(page.body).toContain('src="/prod/dashboard/assets/dashboard.js"');
    expect(page.body).toContain('action="/prod/dashboard/sign-up"');
    const formCookie = setCookies(page).find((line) => line.startsWith('skin_form='))!;
    expect(formCookie).toMatch(/; Path=\/prod\/dashboard; HttpOnly; Secure; SameSite=Lax/);

    const body = new URLSearchParams({ _csrf: csrfOf(page.body), email: 'gw@example.com', password: 'through the gateway', account_name: 'Gateway Co' }).toString();
    const foreign = await invoke('POST', '/dashboard/sign-up', { cookie: cookiePair(formCookie), body, origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(await stack.stores.members.findByEmail('gw@example.com')).toBeUndefined();

    const signedUp = await invoke('POST', '/dashboard/sign-up', { cookie: cookiePair(formCookie), body, origin: `https://${HOST}`, base64: true });
    expect(signedUp.statusCode).toBe(303);
    expect(header(signedUp, 'Location')).toBe('/prod/dashboard/keys?env=test&notice=welcome');
    const sessionCookie = setCookies(signedUp).find((line) => line.startsWith('skin_session='))!;
    expect(sessionCookie).toMatch(/; Max-Age=43200; Path=\/prod\/dashboard; HttpOnly; Secure; SameSite=Lax/);

    const keys = await invoke('GET', '/dashboard/keys', { cookie: cookiePair(sessionCookie), query: { env: 'test' } });
    expect(keys.statusCode).toBe(200);
    expect(keys.body).toContain('href="/prod/dashboard/webhooks?env=test"');
    expect(keys.body).toContain('action="/prod/dashboard/keys?env=test"');
    expect(header(keys, 'Cache-Control')).toBe('no-store');
    expect(header(keys, 'Content-Security-Policy')).toContain("frame-ancestors 'none'");

    const css = await invoke('GET', '/dashboard/assets/dashboard.css');
    expect(css.statusCode).toBe(200);
    expect(header(css, 'Content-Type')).toBe('text/css; charset=utf-8');
  });
});
