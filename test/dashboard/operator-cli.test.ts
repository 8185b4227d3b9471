/**
 * The operator's side of the dashboard through the real `skin` command: self-serve sign-up off and on, and an
 * account moved to a plan with live keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../helpers/http';
import type { TestStack } from '../helpers/stack';
import { runSkin } from '../webhooks/helpers/cli';
import { DashboardClient, startDashboardStack } from './helpers';

process.env.LOG_LEVEL = 'WARN';
let stack: TestStack;

beforeAll(async () => {
  ({ stack } = await startDashboardStack());
});

afterAll(async () => {
  await stack?.close();
});

describe('skin accounts signup', () => {
  it('when the operator turns sign-up off, then the sign-up page and its form answer 403 and no account is made; on again, it works', async () => {
    const off = await runSkin(['accounts', 'signup', 'off'], stack.dataDir);
    expect(off).toMatchObject({ code: 0, stdout: 'Self-serve sign-up in the dashboard is off.\n' });
    const status = await runSkin(['accounts', 'signup', 'status', '--json'], stack.dataDir);
    expect(JSON.parse(status.stdout)).toEqual({ self_serve_sign_up: false });

    const client = new DashboardClient(stack.apiUrl);
    const page = await client.get('/dashboard/sign-up');
    expect(page.status).toBe(403);
    expect(page.html).toContain('Self-serve sign-up is turned off');
    expect(page.html).not.toContain('name="password"');
    expect((await client.get('/dashboard/sign-in')).html).not.toContain('Create a free Sandbox account');
    const accountsBefore = (await stack.stores.accounts.list()).length;
    // The form is gone; a hand-made POST (with a valid form token from the sign-in page) is refused all the same.
    const refused = await client.submit('/dashboard/sign-in', '/dashboard/sign-up', { email: 'late@example.com', password: 'a long password', account_name: 'Late Co' });
    expect(refused.status).toBe(403);
    expect(await stack.stores.members.findByEmail('late@example.com')).toBeUndefined();
    expect((await stack.stores.accounts.list()).length).toBe(accountsBefore);

    expect((await runSkin(['accounts', 'signup', 'on'], stack.dataDir)).stdout).toBe('Self-serve sign-up in the dashboard is on.\n');
    expect((await client.signUp('late@example.com', 'a long password', 'Late Co')).status).toBe(303);
  });
});

describe('skin accounts set-plan', () => {
  it('when a Sandbox account is moved to Business, then the dashboard offers live, and a live key made there works against the API', async () => {
    const client = new DashboardClient(stack.apiUrl);
    expect((await client.signUp('grow@example.com', 'a long password', 'Grow Co')).status).toBe(303);
    const accountId = (await stack.stores.members.findByEmail('grow@example.com'))!.account_id;
    const refusedLive = await client.submit('/dashboard/keys?env=test', '/dashboard/keys?env=test', { name: 'live one', environment: 'live', scopes: ['scans:read'] });
    expect(refusedLive.status).toBe(400);
    expect(refusedLive.html).toContain('this plan has test keys only');

    const moved = await runSkin(['accounts', 'set-plan', accountId, '--plan', 'business', '--json'], stack.dataDir);
    expect(moved.code).toBe(0);
    expect(JSON.parse(moved.stdout)).toMatchObject({ account_id: accountId, plan: 'business', rate_limit: 60 });
    expect((await runSkin(['accounts', 'set-plan', accountId], stack.dataDir)).code).toBe(1);
    expect((await runSkin(['accounts', 'set-plan', 'acct_01JD00000000000000000000ZZ', '--plan', 'business'], stack.dataDir)).code).toBe(1);

    const livePage = await client.get('/dashboard/keys?env=live');
    expect(livePage.html).toContain('href="/dashboard/keys?env=live" aria-current="true"');
    const made = await client.submit('/dashboard/keys?env=live', '/dashboard/keys?env=live', { name: 'live one', environment: 'live', scopes: ['scans:read'] });
    expect(made.status).toBe(200);
    const key = /id="new-secret"[^>]*value="([^"]+)"/.exec(made.html)?.[1] ?? /value="(sk_live_[^"]+)"/.exec(made.html)![1];
    expect(key).toMatch(/^sk_live_/);
    expect((await fetch(`${stack.apiUrl}/v1/markers`, { headers: bearer(key) })).status).toBe(200);
  });
});
