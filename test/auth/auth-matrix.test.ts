import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoTimestamp } from '../../functions/kernel/clock';
import { SCOPES } from '../../functions/keys/scopes';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { ROUTES, type RouteCase } from '../helpers/routes';

let stack: TestStack;
const secrets: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ env: { LOG_LEVEL: 'DEBUG' } });
  secrets.push(stack.key);
  // Everything the process writes while the matrix runs is searched for keys afterwards.
  const capture = (chunk: unknown) => {
    logged.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.close();
});

interface Fixture {
  scanId: string;
  userId: string;
  routineId: string;
}

/** A completed scan (one real analysis) and a routine from it, of `userId`, created with the main key. */
async function createFixture(userId: string): Promise<Fixture> {
  const scan = await (await fetch(`${stack.apiUrl}/v1/scans`, {
    method: 'POST',
    body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne', user_id: userId }),
    headers: bearer(stack.key),
  })).json();
  const routine = await (await fetch(`${stack.apiUrl}/v1/routines`, {
    method: 'POST',
    body: JSON.stringify({ scan_id: scan.scan_id }),
    headers: bearer(stack.key, { 'Content-Type': 'application/json' }),
  })).json();
  return { scanId: scan.scan_id, userId, routineId: routine.routine_id };
}

// Refused calls (401, 403) change nothing, so they share one fixture instead of analysing a photo each; it belongs
// to a user no succeeding call deletes, so it exists for every one of them. Succeeding calls get their own.
let refusedFixture: Promise<Fixture> | undefined;
const fixtureFor = (succeeds: boolean) => (succeeds ? createFixture('matrix-user') : (refusedFixture ??= createFixture('matrix-refused-user')));

async function call(route: RouteCase, authorization: string | undefined, succeeds: boolean) {
  const request = await route.request(await fixtureFor(succeeds));
  return fetch(`${stack.apiUrl}${request.path}`, {
    method: request.method,
    body: request.body,
    headers: { ...request.headers, ...(authorization === undefined ? {} : { Authorization: authorization }) },
  });
}

type Credential = { name: string; header: () => Promise<string | undefined>; status: number | 'ok'; code?: string; wwwAuthenticate?: string };

const credentials: Credential[] = [
  { name: 'no key', header: async () => undefined, status: 401, code: 'unauthenticated', wwwAuthenticate: 'Bearer' },
  { name: 'a malformed header', header: async () => 'Token abc', status: 401, code: 'unauthenticated', wwwAuthenticate: 'Bearer' },
  { name: 'an unknown key', header: async () => `Bearer sk_test_${'x'.repeat(43)}`, status: 401, code: 'invalid_api_key', wwwAuthenticate: 'Bearer error="invalid_token"' },
  {
    name: 'a revoked key',
    header: async () => {
      const { key, keyId } = await stack.newKey();
      secrets.push(key);
      const record = await stack.stores.keys.findById(keyId);
      await stack.stores.keys.update(record!.key_hash, { revoked_at: isoTimestamp(Date.now()) });
      return `Bearer ${key}`;
    },
    status: 401, code: 'invalid_api_key', wwwAuthenticate: 'Bearer error="invalid_token"',
  },
  {
    name: 'an expired key',
    header: async () => {
      const { key } = await stack.newKey({ expiresAt: isoTimestamp(Date.now() - 1000) });
      secrets.push(key);
      return `Bearer ${key}`;
    },
    status: 401, code: 'invalid_api_key', wwwAuthenticate: 'Bearer error="invalid_token"',
  },
];

describe('the authentication matrix', () => {
  for (const route of ROUTES) {
    for (const credential of credentials) {
      it(`when ${route.name} is called with ${credential.name}, then ${credential.status} ${credential.code}`, async () => {
        const response = await call(route, await credential.header(), false);
        const problem = await response.json();
        expect(response.status).toBe(credential.status);
        expect(problem).toMatchObject({ status: credential.status, code: credential.code });
        expect(response.headers.get('www-authenticate')).toBe(credential.wwwAuthenticate);
        expect(response.headers.get('content-type')).toBe('application/problem+json');
      });
    }

    if (route.scope) {
      it(`when ${route.name} is called with a key lacking ${route.scope}, then 403 insufficient_scope naming it`, async () => {
        const { key } = await stack.newKey({ scopes: SCOPES.filter((s) => s !== route.scope) });
        secrets.push(key);
        const response = await call(route, `Bearer ${key}`, false);
        const problem = await response.json();
        expect(response.status).toBe(403);
        expect(problem).toMatchObject({ code: 'insufficient_scope', detail: `This key lacks the scope ${route.scope}.` });
      });
    }

    it(`when ${route.name} is called with a key holding ${route.scope ?? 'any scope'}, then ${route.okStatus}`, async () => {
      const { key } = await stack.newKey({ scopes: route.scope ? [route.scope, ...(route.alsoNeeds ?? [])] : ['scores:read'] });
      secrets.push(key);
      // The helper creates its fixture scan with the main key, so a read of it needs the same tenant: same account.
      const response = await call(route, `Bearer ${key}`, true);
      expect(response.status).toBe(route.okStatus);
      expect(response.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
      expect(response.headers.get('request-id')).toBeTruthy();
    });
  }

  it('when the whole matrix has run, then no key and no key fragment appears in any log line', () => {
    const output = logged.join('\n');
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(output.includes(secret)).toBe(false);
      expect(output.includes(secret.slice(8, 30))).toBe(false);
    }
  });
});
