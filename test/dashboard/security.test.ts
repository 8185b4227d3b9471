/**
 * The dashboard's security properties over real HTTP against a local stack: tenant isolation on every route,
 * CSRF, sign-in answers and throttling, cookies, session ends, and no secret in any log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../functions/sessions/session';
import { bearer } from '../helpers/http';
import type { TestStack } from '../helpers/stack';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';
import { csrfOf, DashboardClient, startDashboardStack, type MovableClock } from './helpers';

// Every log line of the stack is captured (and kept off the test output) to look for secrets in it.
process.env.LOG_LEVEL = 'INFO';
const logLines: string[] = [];
const originalWrites = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
function capture(stream: 'out' | 'err') {
  return ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.trimStart().startsWith('{')) {
      logLines.push(text);
      return true;
    }
    return (originalWrites[stream] as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
}

let stack: TestStack;
let clock: MovableClock;
let receiver: Receiver;
/** Every secret seen in this file: none may appear in a log line. */
const secrets = new Set<string>();

const PASSWORD_A = 'correct horse battery A';
const PASSWORD_B = 'correct horse battery B';

beforeAll(async () => {
  process.stdout.write = capture('out');
  process.stderr.write = capture('err');
  ({ stack, clock } = await startDashboardStack());
  receiver = await startReceiver();
  secrets.add(PASSWORD_A).add(PASSWORD_B);
});

afterAll(async () => {
  await receiver?.close();
  await stack?.close();
  process.stdout.write = originalWrites.out;
  process.stderr.write = originalWrites.err;
});

/** Forgets the failed sign-ins of earlier tests (the throttle's windows are per minute). */
const nextMinutes = () => clock.advance(3 * 60_000);

function secretFromPage(html: string, id: string): string {
  const match = new RegExp(`id="${id}"[^>]*value="([^"]+)"`).exec(html) ?? new RegExp(`value="([^"]+)"[^>]*id="${id}"`).exec(html);
  if (!match) throw new Error(`no #${id} on the page`);
  secrets.add(match[1]);
  return match[1];
}

async function signedUp(email: string, password: string, name: string): Promise<DashboardClient> {
  const client = new DashboardClient(stack.apiUrl);
  const answer = await client.signUp(email, password, name);
  expect(answer.status).toBe(303);
  secrets.add(client.cookies.get('skin_session')!);
  return client;
}

describe('sign-up and cookies', () => {
  it('when someone signs up, then a Sandbox account exists, and the session cookie is HttpOnly, SameSite and stored only as a hash', async () => {
    const client = new DashboardClient(stack.apiUrl);
    const answer = await client.signUp('  Owner@Example.COM ', PASSWORD_A, 'Acme');
    expect(answer.status).toBe(303);
    expect(answer.location).toBe('/dashboard/keys?env=test&notice=welcome');
    const cookie = answer.response.headers.getSetCookie().find((line) => line.startsWith('skin_session='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/dashboard/);
    // Plain http to 127.0.0.1: browsers drop Secure cookies there (secureCookies covers every other origin).
    expect(cookie).not.toMatch(/; Secure/);
    const sessionId = client.cookies.get('skin_session')!;
    secrets.add(sessionId);

    const member = await stack.stores.members.findByEmail('owner@example.com');
    expect(member).toMatchObject({ email: 'owner@example.com', role: 'owner' });
    expect(member!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(member!.password_hash).not.toContain(PASSWORD_A);
    expect(await stack.stores.accounts.get(member!.account_id)).toMatchObject({ name: 'Acme', plan: 'sandbox', rate_limit: 30 });
    expect(await stack.stores.sessions.get(sessionId)).toBeUndefined();
    expect(await stack.stores.sessions.get(hashToken(sessionId))).toMatchObject({ account_id: member!.account_id });

    const keysPage = await client.get('/dashboard/keys');
    expect(keysPage.status).toBe(200);
    expect(keysPage.response.headers.get('cache-control')).toBe('no-store');
    expect(keysPage.html).toContain('Live (needs a plan with live keys)');
  });

  it('when the same email signs up again, then it is refused with 409 and no second member is made', async () => {
    const again = await new DashboardClient(stack.apiUrl).signUp('owner@example.com', 'another password 1', 'Other');
    expect(again.status).toBe(409);
    expect(again.html).toContain('This email already has an account');
  });
});

describe('sign-in answers and throttling', () => {
  it('when the password is wrong or the email unknown, then both answers are the same 401 page', async () => {
    nextMinutes();
    const wrong = await new DashboardClient(stack.apiUrl).signIn('owner@example.com', 'not the password');
    const unknown = await new DashboardClient(stack.apiUrl).signIn('nobody@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const normalise = (html: string) => html.replace(/name="_csrf" value="[^"]+"/, '').replace(/value="[^"]*@example\.com"/, '');
    expect(normalise(wrong.html)).toBe(normalise(unknown.html));
    expect(wrong.html).toContain('The email or password is not right.');
    expect(wrong.response.headers.getSetCookie().some((c) => c.startsWith('skin_session='))).toBe(false);
  });

  it('when an account has five failed sign-ins in a minute, then the sixth attempt is throttled even with the right password, and works a few minutes later', async () => {
    nextMinutes();
    for (let i = 1; i <= 5; i++) expect((await new DashboardClient(stack.apiUrl).signIn('owner@example.com', `wrong ${i}`)).status).toBe(401);
    const sixth = await new DashboardClient(stack.apiUrl).signIn('owner@example.com', PASSWORD_A);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sixth.html).toContain('Too many failed sign-ins');
    nextMinutes();
    expect((await new DashboardClient(stack.apiUrl).signIn('owner@example.com', PASSWORD_A)).status).toBe(303);
  });

  it('when five failures straddle a minute boundary, then the sixth attempt is still throttled (a sliding minute, not a fixed window)', async () => {
    nextMinutes();
    clock.advance(60_000 - (clock.now() % 60_000) - 3_000); // 3 s before a window ends
    for (let i = 1; i <= 3; i++) expect((await new DashboardClient(stack.apiUrl).signIn('owner@example.com', `wrong ${i}`)).status).toBe(401);
    clock.advance(5_000); // into the next window
    for (let i = 4; i <= 5; i++) expect((await new DashboardClient(stack.apiUrl).signIn('owner@example.com', `wrong ${i}`)).status).toBe(401);
    expect((await new DashboardClient(stack.apiUrl).signIn('owner@example.com', PASSWORD_A)).status).toBe(429);
  });

  it('when one address fails five sign-ins over different emails, then its sixth attempt is throttled too', async () => {
    nextMinutes();
    for (let i = 1; i <= 5; i++) expect((await new DashboardClient(stack.apiUrl).signIn(`guess${i}@example.com`, 'whatever it is')).status).toBe(401);
    expect((await new DashboardClient(stack.apiUrl).signIn('owner@example.com', PASSWORD_A)).status).toBe(429);
    nextMinutes();
  });
});

describe('CSRF', () => {
  it('when a state change comes without the token, with a wrong one, or from another origin, then it is refused with 403 and nothing changes', async () => {
    nextMinutes();
    const client = new DashboardClient(stack.apiUrl);
    expect((await client.signIn('owner@example.com', PASSWORD_A)).status).toBe(303);
    const accountId = (await stack.stores.members.findByEmail('owner@example.com'))!.account_id;
    const before = (await stack.stores.keys.listByAccount(accountId)).length;
    const fields = { name: 'csrf probe', environment: 'test', scopes: ['scans:read'] };

    const missing = await client.post('/dashboard/keys?env=test', fields);
    expect(missing.status).toBe(403);
    expect(missing.html).toContain('Form expired');
    expect((await client.post('/dashboard/keys?env=test', { ...fields, _csrf: 'x'.repeat(43) })).status).toBe(403);
    const token = await client.sessionCsrf();
    expect((await client.post('/dashboard/keys?env=test', { ...fields, _csrf: token }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await client.post('/dashboard/sign-out', {})).status).toBe(403);
    expect((await stack.stores.keys.listByAccount(accountId)).length).toBe(before);
    // The same request with the token and this origin goes through.
    const made = await client.post('/dashboard/keys?env=test', { ...fields, _csrf: token });
    expect(made.status).toBe(200);
    secretFromPage(made.html, 'new-secret');
    expect((await stack.stores.keys.listByAccount(accountId)).length).toBe(before + 1);
  });

  it('when the sign-in form is posted without its double-submit cookie token, then it is refused with 403', async () => {
    const client = new DashboardClient(stack.apiUrl);
    expect((await client.post('/dashboard/sign-in', { email: 'owner@example.com', password: PASSWORD_A })).status).toBe(403);
    const page = await client.get('/dashboard/sign-in');
    client.cookies.set('skin_form', 'a-different-token');
    expect((await client.post('/dashboard/sign-in', { _csrf: csrfOf(page.html), email: 'owner@example.com', password: PASSWORD_A })).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("when account A's session tries every dashboard route with account B's keys, endpoints and deliveries, then each answers 404 and B's records are unchanged", async () => {
    nextMinutes();
    const a = await signedUp('alice@example.com', PASSWORD_A, 'Alice Co');
    const b = await signedUp('bob@example.com', PASSWORD_B, 'Bob Co');

    // B: a key, an endpoint, a delivery.
    const created = await b.submit('/dashboard/keys?env=test', '/dashboard/keys?env=test', { name: 'bob key', environment: 'test', scopes: ['scans:read'] });
    const bobKey = secretFromPage(created.html, 'new-secret');
    const bobKeyId = /data-key-id="(key_[0-9A-Z]+)"/.exec((await b.get('/dashboard/keys?env=test')).html)![1];
    const added = await b.submit('/dashboard/webhooks?env=test', '/dashboard/webhooks?env=test', { url: receiver.url });
    expect(added.status).toBe(303);
    const endpointId = /\/webhooks\/(whk_[0-9A-Z]+)/.exec(added.location!)![1];
    const tested = await b.submit(`/dashboard/webhooks/${endpointId}?env=test`, `/dashboard/webhooks/${endpointId}/test?env=test`);
    const deliveryId = /\/deliveries\/(dlv_[0-9A-Z]+)/.exec(tested.location!)![1];
    await stack.deliveryQueue.waitUntilIdle(10_000);
    const bobEndpointBefore = await stack.stores.webhooks.findById(endpointId);
    secrets.add(bobEndpointBefore!.secret);
    const bobDeliveryBefore = await stack.stores.deliveries.get(deliveryId);
    const bobKeyBefore = await stack.stores.keys.findById(bobKeyId);

    const token = await a.sessionCsrf();
    const gets = [
      `/dashboard/keys/${bobKeyId}/rotate`,
      `/dashboard/keys/${bobKeyId}/revoke`,
      `/dashboard/webhooks/${endpointId}`,
      `/dashboard/webhooks/${endpointId}/rotate-secret`,
      `/dashboard/webhooks/${endpointId}/delete`,
      `/dashboard/deliveries/${deliveryId}`,
    ];
    const posts = [
      `/dashboard/keys/${bobKeyId}/rotate`,
      `/dashboard/keys/${bobKeyId}/revoke`,
      `/dashboard/webhooks/${endpointId}/secret`,
      `/dashboard/webhooks/${endpointId}/rotate-secret`,
      `/dashboard/webhooks/${endpointId}/test`,
      `/dashboard/webhooks/${endpointId}/enable`,
      `/dashboard/webhooks/${endpointId}/disable`,
      `/dashboard/webhooks/${endpointId}/delete`,
      `/dashboard/deliveries/${deliveryId}/replay`,
    ];
    for (const env of ['test', 'live']) {
      for (const path of gets) {
        const answer = await a.get(`${path}?env=${env}`);
        expect({ path, status: answer.status }).toEqual({ path, status: 404 });
        expect(answer.html).not.toContain(bobEndpointBefore!.secret);
      }
      for (const path of posts) {
        const answer = await a.post(`${path}?env=${env}`, { _csrf: token, grace_seconds: '0' });
        expect({ path, status: answer.status }).toEqual({ path, status: 404 });
        expect(answer.html).not.toContain(bobEndpointBefore!.secret);
      }
    }
    // A's lists never show B's records, whatever the filters name.
    for (const path of [
      '/dashboard/keys?env=test',
      '/dashboard/webhooks?env=test',
      `/dashboard/deliveries?env=test&endpoint=${endpointId}`,
      `/dashboard/usage?env=test&key=${bobKeyId}`,
    ]) {
      const page = await a.get(path);
      expect(page.status).toBe(200);
      for (const id of [bobKeyId, endpointId, deliveryId, receiver.url]) expect(page.html).not.toContain(id);
    }
    await stack.deliveryQueue.waitUntilIdle(10_000);
    expect(await stack.stores.keys.findById(bobKeyId)).toEqual(bobKeyBefore);
    expect(await stack.stores.webhooks.findById(endpointId)).toEqual(bobEndpointBefore);
    expect(await stack.stores.deliveries.get(deliveryId)).toEqual(bobDeliveryBefore);
    expect((await fetch(`${stack.apiUrl}/v1/markers`, { headers: bearer(bobKey) })).status).toBe(200);

    // Signed out, every route sends the browser to sign in.
    const stranger = new DashboardClient(stack.apiUrl);
    for (const path of [...gets, '/dashboard/keys', '/dashboard/webhooks', '/dashboard/deliveries', '/dashboard/usage']) {
      const answer = await stranger.get(`${path}?env=test`);
      expect({ path, status: answer.status, location: answer.location }).toEqual({ path, status: 303, location: '/dashboard/sign-in' });
    }
    for (const path of posts) expect((await stranger.post(`${path}?env=test`, { _csrf: token })).status).toBe(303);
  });
});

describe('sessions end', () => {
  it('when a session signs out, then its cookie no longer opens a page; when 12 hours pass, a session ends by itself', async () => {
    nextMinutes();
    const client = await signedUp('carol@example.com', 'carol password 123', 'Carol Co');
    const cookie = client.cookies.get('skin_session')!;
    const out = await client.post('/dashboard/sign-out', { _csrf: await client.sessionCsrf() });
    expect(out.status).toBe(303);
    expect(out.response.headers.getSetCookie().some((line) => line.startsWith('skin_session=;'))).toBe(true);
    client.cookies.set('skin_session', cookie); // a copy of the old cookie replayed
    expect((await client.get('/dashboard/keys')).location).toBe('/dashboard/sign-in');

    const later = new DashboardClient(stack.apiUrl);
    expect((await later.signIn('carol@example.com', 'carol password 123')).status).toBe(303);
    secrets.add(later.cookies.get('skin_session')!);
    for (let hour = 0; hour < 12; hour++) {
      expect((await later.get('/dashboard/keys')).status).toBe(200); // used every hour: the idle limit never hits
      clock.advance(3_600_000);
    }
    expect((await later.get('/dashboard/keys')).location).toBe('/dashboard/sign-in');
  });
});

describe('logs', () => {
  it('when every flow above has run, then log lines were written and none holds a password, key, webhook secret or session id', () => {
    const joined = logLines.join('\n');
    expect(joined).toContain('dashboard key created');
    expect(joined).toContain('dashboard sign-in refused');
    expect(secrets.size).toBeGreaterThanOrEqual(8);
    for (const secret of secrets) expect(joined.includes(secret), `a log line holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
  });
});
