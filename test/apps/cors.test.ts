/**
 * CORS per account and environment, managed with `skin cors`: preflights answered without a credential, the
 * `Access-Control-Allow-*` headers only for listed origins, and in headless Chromium a page on an allowed origin
 * reads the API while a page on another origin is blocked by the browser.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer } from '../helpers/http';
import { launchChromium } from '../docs-page/chromium';
import { runSkin } from '../webhooks/helpers/cli';
import { EXPOSED_HEADERS } from '../../functions/api/middleware/cors';
import { mintToken, preflight } from './support';

let stack: TestStack;
let browser: Browser;
const pages: Server[] = [];
let allowedOrigin: string;
let otherOrigin: string;

/** A page server: any path answers a blank HTML page, so the page's origin is this server's. */
async function pageServer(): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<!doctype html><title>app</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  pages.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const skin = async (...args: string[]) => {
  const result = await runSkin(args, stack.dataDir);
  return { ...result, json: result.code === 0 && /^[[{]/.test(result.stdout.trim()) ? JSON.parse(result.stdout) : undefined };
};

beforeAll(async () => {
  // No lookup cache: each change made with the CLI shows on the next request.
  stack = await startTestStack({ env: { KEY_CACHE_SECONDS: '0' } });
  allowedOrigin = await pageServer();
  otherOrigin = await pageServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  for (const server of pages) await new Promise((resolve) => server.close(resolve));
  await stack?.close();
});

describe('skin cors', () => {
  it('when an origin is added, listed and a path-bearing or wildcard origin is tried, then the list holds exactly the origin and the bad ones are refused', async () => {
    const added = await skin('cors', 'add', `${allowedOrigin}/`, '--account', stack.accountId, '--json');
    expect(added.code, added.stderr).toBe(0);
    expect(added.json).toEqual({ origin: allowedOrigin, account_id: stack.accountId, environment: 'test', created_at: expect.any(String) });
    const listed = await skin('cors', 'list', '--account', stack.accountId, '--json');
    expect(listed.json).toEqual([added.json]);
    const live = await skin('cors', 'list', '--account', stack.accountId, '--env', 'live', '--json');
    expect(live.json).toEqual([]);
    for (const bad of ['*', `${otherOrigin}/app`]) {
      const refused = await skin('cors', 'add', bad, '--account', stack.accountId);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^skin: origin: /);
    }
    const removed = await skin('cors', 'remove', otherOrigin, '--account', stack.accountId);
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain('is not allowed');
  });
});

describe('preflights and responses', () => {
  it('when a preflight comes from the allowed origin, then 204 with the Access-Control-Allow-* headers, without any credential', async () => {
    const answer = await preflight(stack.apiUrl, '/v1/scans', allowedOrigin);
    expect(answer.status).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': allowedOrigin,
      'access-control-allow-methods': 'GET, POST, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Prefer, If-None-Match',
      'access-control-max-age': '600',
    });
  });

  it('when a preflight comes from another origin, then 204 with no Access-Control-Allow-* header at all', async () => {
    const answer = await preflight(stack.apiUrl, '/v1/scans', otherOrigin);
    expect(answer.status).toBe(204);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('when a real request comes from the allowed origin, then it gets Access-Control-Allow-Origin and exposes Request-Id, RateLimit-*, Retry-After and Location; from another origin, none', async () => {
    const allowed = await fetch(`${stack.apiUrl}/v1/scans`, { headers: bearer(stack.key, { Origin: allowedOrigin }) });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
    expect(allowed.headers.get('access-control-expose-headers')).toBe(EXPOSED_HEADERS.join(', '));
    expect(EXPOSED_HEADERS).toEqual(
      expect.arrayContaining(['Request-Id', 'RateLimit-Policy', 'RateLimit', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After', 'Location', 'ETag']),
    );
    expect(allowed.headers.get('vary')).toContain('Origin');
    const other = await fetch(`${stack.apiUrl}/v1/scans`, { headers: bearer(stack.key, { Origin: otherOrigin }) });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("when the origin is listed by another account only, then the preflight passes but this account's responses carry no Access-Control-Allow-Origin", async () => {
    const account = await stack.newAccount('business');
    const { key } = await stack.newKey({ accountId: account });
    const response = await fetch(`${stack.apiUrl}/v1/scans`, { headers: bearer(key, { Origin: allowedOrigin }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    // The live environment of the same account did not list it either.
    const { key: liveKey } = await stack.newKey({ environment: 'live' });
    const live = await fetch(`${stack.apiUrl}/v1/scans`, { headers: bearer(liveKey, { Origin: allowedOrigin }) });
    expect(live.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when authentication fails from the allowed origin, then the 401 is readable by the page (so it can tell the user)', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/scans`, { headers: { Origin: allowedOrigin } });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(allowedOrigin);
  });
});

describe('in a browser', () => {
  /** Runs fetch in a page of `origin`: the scan list's first page and the Request-Id, or the browser's error. */
  async function fetchFromPage(origin: string, token: string): Promise<{ ok: true; status: number; requestId: string | null; body: unknown } | { ok: false; error: string }> {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/app`);
      return await page.evaluate(
        async ({ apiUrl, token }) => {
          try {
            const response = await fetch(`${apiUrl}/v1/scans?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
            return { ok: true as const, status: response.status, requestId: response.headers.get('Request-Id'), body: await response.json() };
          } catch (error) {
            return { ok: false as const, error: String(error) };
          }
        },
        { apiUrl: stack.apiUrl, token },
      );
    } finally {
      await page.close();
    }
  }

  it('when a page on the allowed origin fetches with a client token, then it reads the answer; a page on another origin is blocked by the browser', async () => {
    const { body: minted } = await mintToken(stack, stack.key, { user_id: 'browser-user' });
    const allowed = await fetchFromPage(allowedOrigin, minted.token);
    expect(allowed).toEqual({ ok: true, status: 200, requestId: expect.stringMatching(/^req_/), body: { data: [], has_more: false, next_cursor: null } });
    const blocked = await fetchFromPage(otherOrigin, minted.token);
    expect(blocked).toEqual({ ok: false, error: 'TypeError: Failed to fetch' });
  });

  it('when the origin is removed with the CLI, then the same page is blocked too', async () => {
    const removed = await skin('cors', 'remove', allowedOrigin, '--account', stack.accountId, '--json');
    expect(removed.json).toEqual({ origin: allowedOrigin, account_id: stack.accountId, environment: 'test', removed: true });
    const { body: minted } = await mintToken(stack, stack.key, { user_id: 'browser-user' });
    expect(await fetchFromPage(allowedOrigin, minted.token)).toEqual({ ok: false, error: 'TypeError: Failed to fetch' });
    const answer = await preflight(stack.apiUrl, '/v1/scans', allowedOrigin);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});
