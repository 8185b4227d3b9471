/**
 * Client tokens against the local stack: minted by a secret key, bound to one user, usable by an app as its Bearer
 * credential for that user's scans and score only; they end at expiry (the stack's clock is moved) and when the
 * minting key is revoked, count against the account's limit, and never appear in a log line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashApiKey } from '../../functions/keys/api-key';
import { isoTimestamp } from '../../functions/kernel/clock';
import { SCOPES } from '../../functions/keys/scopes';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, ISO_UTC, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { ROUTES } from '../helpers/routes';
import { mintToken } from './support';

const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
let stack: TestStack;
let photo: Buffer;
const logged: string[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({ clock, env: { LOG_LEVEL: 'DEBUG' } });
  photo = await faceJpeg('frontal');
  const capture = (chunk: unknown) => {
    logged.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack?.close();
});

async function token(body: Record<string, unknown>, key = stack.key): Promise<string> {
  const { response, body: minted } = await mintToken(stack, key, body);
  expect(response.status, JSON.stringify(minted)).toBe(201);
  tokens.push(minted.token);
  return minted.token;
}

async function scanAs(credential: string, fields: { user_id?: string } = {}): Promise<Response> {
  return fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: photo, markers: 'acne,hydration', ...fields }), headers: bearer(credential) });
}

const get = (credential: string, path: string) => fetch(`${stack.apiUrl}${path}`, { headers: bearer(credential) });

describe('minting', () => {
  it('when a secret key mints a token for a user, then 201 with a ct_test_ token for that user, all three app scopes and a 15-minute life, not cacheable', async () => {
    const { response, body } = await mintToken(stack, stack.key, { user_id: 'mint-user' });
    tokens.push(body.token);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      token: expect.stringMatching(/^ct_test_[A-Za-z0-9_-]{43}$/),
      token_id: expect.stringMatching(/^ct_[0-9A-Z]{26}$/),
      user_id: 'mint-user',
      scopes: ['scans:write', 'scans:read', 'scores:read'],
      environment: 'test',
      created_at: expect.stringMatching(ISO_UTC),
      expires_at: expect.stringMatching(ISO_UTC),
    });
    expect(Date.parse(body.expires_at) - Date.parse(body.created_at)).toBe(15 * 60_000);
  });

  it('when expires_in is over 24 h, or user_id is missing, then 400 naming the parameter', async () => {
    const long = await mintToken(stack, stack.key, { user_id: 'u', expires_in: 86_401 });
    expect(long.response.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'invalid_request', errors: [{ param: 'expires_in' }] });
    const anonymous = await mintToken(stack, stack.key, { expires_in: 60 });
    expect(anonymous.response.status).toBe(400);
    expect(anonymous.body).toMatchObject({ code: 'invalid_request', errors: [{ param: 'user_id' }] });
  });

  it('when the key lacks client_tokens:write, or a scope the token would carry, then 403 insufficient_scope naming it', async () => {
    const { key: noMint } = await stack.newKey({ scopes: SCOPES.filter((s) => s !== 'client_tokens:write') });
    expect((await mintToken(stack, noMint, { user_id: 'u' })).body).toMatchObject({ status: 403, code: 'insufficient_scope', detail: 'This key lacks the scope client_tokens:write.' });
    const { key: noScores } = await stack.newKey({ scopes: ['client_tokens:write', 'scans:write', 'scans:read'] });
    expect((await mintToken(stack, noScores, { user_id: 'u' })).body).toMatchObject({ status: 403, code: 'insufficient_scope', detail: 'This key lacks the scope scores:read.' });
    const narrow = await mintToken(stack, noScores, { user_id: 'u', scopes: ['scans:read'] });
    expect(narrow.response.status).toBe(201);
    expect(narrow.body.scopes).toEqual(['scans:read']);
    tokens.push(narrow.body.token);
    const refused = await scanAs(narrow.body.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_scope', detail: 'This key lacks the scope scans:write.' });
  });
});

describe("a token acts for its user's scans and score only", () => {
  let mine: string;
  let theirs: string;
  let credential: string;

  beforeAll(async () => {
    credential = await token({ user_id: 'app-user' });
    const created = await scanAs(credential);
    expect(created.status).toBe(201);
    mine = (await created.json()).scan_id;
    const other = await scanAs(stack.key, { user_id: 'other-user' });
    expect(other.status).toBe(201);
    theirs = (await other.json()).scan_id;
  });

  it('when the token scans without a user_id, then the scan is its user\'s, and it reads that scan, its overlay and the user\'s score', async () => {
    const scan = await (await get(credential, `/v1/scans/${mine}`)).json();
    expect(scan).toMatchObject({ scan_id: mine, status: 'completed', user_id: 'app-user' });
    const overlay = await get(credential, `/v1/scans/${mine}/overlay?marker=acne`);
    expect(overlay.status).toBe(200);
    expect(overlay.headers.get('content-type')).toBe('image/png');
    // The score is written by the scan job just after the scan completes.
    let score: Response;
    const deadline = Date.now() + 10_000;
    do score = await get(credential, '/v1/users/app-user/score');
    while (score.status === 404 && Date.now() < deadline && (await new Promise((r) => setTimeout(r, 100)), true));
    expect(score.status).toBe(200);
    expect(await score.json()).toMatchObject({ user_id: 'app-user', scan_count: 1, skin_score: scan.skin_score });
  });

  it("when the token reads another user's scan or overlay, then 404, as for another tenant's", async () => {
    for (const path of [`/v1/scans/${theirs}`, `/v1/scans/${theirs}/overlay`]) {
      const response = await get(credential, path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it("when the token lists scans, then it sees only its user's; naming another user is a 403", async () => {
    const page = await (await get(credential, '/v1/scans')).json();
    expect(page.data.map((s: { scan_id: string }) => s.scan_id)).toEqual([mine]);
    const other = await get(credential, '/v1/scans?user_id=other-user');
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: 'insufficient_scope', errors: [{ param: 'user_id' }] });
  });

  it("when the token asks for another user's score or scans for another user, then 403", async () => {
    const score = await get(credential, '/v1/users/other-user/score');
    expect(score.status).toBe(403);
    expect(await score.json()).toMatchObject({ code: 'insufficient_scope', errors: [{ param: 'user_id' }] });
    const scan = await scanAs(credential, { user_id: 'other-user' });
    expect(scan.status).toBe(403);
    expect(await scan.json()).toMatchObject({ code: 'insufficient_scope', errors: [{ param: 'user_id' }] });
  });

  it('when the token calls each authenticated route, then only the app routes answer; deleting, erasing, routines, ingredients and minting are 403', async () => {
    const allowed = new Set(['POST /v1/scans', 'GET /v1/scans', 'GET /v1/scans/{id}', 'GET /v1/scans/{id}/overlay', 'GET /v1/users/{id}/score', 'GET /v1/markers', 'POST /v1/uploads']);
    const routine = await (await fetch(`${stack.apiUrl}/v1/routines`, { method: 'POST', body: JSON.stringify({ scan_id: mine }), headers: bearer(stack.key, { 'Content-Type': 'application/json' }) })).json();
    const outcomes: Record<string, number> = {};
    for (const route of ROUTES) {
      const request = await route.request({ scanId: mine, userId: 'app-user', routineId: routine.routine_id });
      const response = await fetch(`${stack.apiUrl}${request.path}`, { method: request.method, body: request.body, headers: { ...request.headers, Authorization: `Bearer ${credential}` } });
      outcomes[route.name] = response.status;
      if (!allowed.has(route.name)) expect(await response.json()).toMatchObject({ code: 'insufficient_scope', detail: expect.stringContaining('A client token cannot call') });
    }
    expect(outcomes).toEqual(Object.fromEntries(ROUTES.map((route) => [route.name, allowed.has(route.name) ? route.okStatus : 403])));
    // There is no key management over HTTP at all (keys are the CLI's and the dashboard's).
    const keys = await stack.fetch(new Request(`${stack.apiUrl}/v1/keys`, { headers: bearer(credential) }));
    expect(keys.status).toBe(403);
    expect((await stack.fetch(new Request(`${stack.apiUrl}/v1/keys`, { headers: bearer(stack.key) }))).status).toBe(404);
  });
});

describe('a token ends', () => {
  it('when its expiry passes (the clock moved), then 401 invalid_api_key', async () => {
    const credential = await token({ user_id: 'short-user', expires_in: 60 });
    expect((await get(credential, '/v1/scans')).status).toBe(200);
    clock.offsetMs = 61_000;
    try {
      const response = await get(credential, '/v1/scans');
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'invalid_api_key' });
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    } finally {
      clock.offsetMs = 0;
    }
  });

  it('when the minting key is revoked, then its tokens stop working within the key cache bound', async () => {
    const { key, keyId } = await stack.newKey();
    const credential = await token({ user_id: 'revoked-user', expires_in: 3600 }, key);
    expect((await get(credential, '/v1/scans')).status).toBe(200);
    const record = await stack.stores.keys.findById(keyId);
    expect(record!.key_hash).toBe(hashApiKey(key));
    await stack.stores.keys.update(record!.key_hash, { revoked_at: isoTimestamp(Date.now()) });
    clock.offsetMs = 61_000;
    try {
      const response = await get(credential, '/v1/scans');
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'invalid_api_key' });
    } finally {
      clock.offsetMs = 0;
    }
  });
});

describe('limits and logs', () => {
  it("when a token calls the API, then each request counts against its account's limit (shared with the key) and is refused with 429 past it", async () => {
    const account = await stack.newAccount('enterprise', 4);
    const { key } = await stack.newKey({ accountId: account });
    const credential = await token({ user_id: 'limited-user' }, key); // request 1
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) remaining.push((await get(credential, '/v1/scans')).headers.get('ratelimit-remaining'));
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await get(credential, '/v1/scans');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });
    expect((await get(key, '/v1/scans')).status).toBe(429);
  });

  it('when everything above has run with debug logging, then no token appears in any log line', () => {
    expect(tokens.length).toBeGreaterThan(4);
    const output = logged.join('\n');
    for (const secret of tokens) {
      expect(output.includes(secret)).toBe(false);
      expect(output.includes(secret.slice(8, 30))).toBe(false);
    }
  });
});
