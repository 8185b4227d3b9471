import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../functions/keys/api-key';
import { rotateKey } from '../../functions/keys/rotate-key';
import { issueKey } from '../../functions/keys/issue-key';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';

const clock = { t: Date.parse('2031-05-01T12:00:00Z'), now() { return this.t; } };
let stack: TestStack & { faceImage: Buffer };

beforeAll(async () => {
  stack = Object.assign(await startTestStack({ clock, env: { KEY_CACHE_SECONDS: '0' } }), { faceImage: await faceJpeg('frontal') });
});
afterAll(() => stack?.close());

const list = (key: string) => fetch(`${stack.apiUrl}/v1/scans`, { headers: bearer(key) });

describe('API keys', () => {
  it('when a key is created, then only its SHA-256 and last four characters are stored', async () => {
    const issued = await issueKey({ ...stack.stores, clock }, { accountId: stack.accountId, environment: 'live' });
    expect(issued.key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    const stored = await stack.stores.keys.findByHash(hashApiKey(issued.key));
    expect(stored).toEqual({
      key_id: issued.record.key_id,
      name: null,
      key_hash: hashApiKey(issued.key),
      account_id: stack.accountId,
      environment: 'live',
      scopes: ['scans:write', 'scans:read', 'ingredients:read', 'routines:write', 'routines:read', 'scores:read', 'users:delete', 'client_tokens:write'],
      last4: issued.key.slice(-4),
      created_at: '2031-05-01T12:00:00.000Z',
      expires_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(stored)).not.toContain(issued.key.slice(8));
  });

  it('when a key is rotated, then old and new both work during the grace period and only the new one after', async () => {
    const { key: oldKey, keyId } = await stack.newKey();
    const old = await stack.stores.keys.findById(keyId);
    const rotated = await rotateKey({ ...stack.stores, clock }, old!, 3_600_000);
    expect(rotated.oldKeyExpiresAt).toBe('2031-05-01T13:00:00.000Z');

    expect((await list(oldKey)).status).toBe(200);
    expect((await list(rotated.key)).status).toBe(200);
    clock.t += 3_600_000;
    expect((await list(oldKey)).status).toBe(401);
    expect((await list(rotated.key)).status).toBe(200);
    clock.t -= 3_600_000;
  });

  it('when a sandbox account asks for a live key, then it is refused', async () => {
    const sandbox = await stack.newAccount('sandbox');
    await expect(stack.newKey({ accountId: sandbox, environment: 'live' })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});

describe('sandbox and live data', () => {
  it('when a test key and a live key of one account each make a scan, then neither can read, list or delete the other', async () => {
    const test = await stack.newKey({ environment: 'test' });
    const live = await stack.newKey({ environment: 'live' });
    const post = (key: string) =>
      fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: stack.faceImage, markers: 'acne' }), headers: bearer(key) }).then((r) => r.json());
    const testScan = await post(test.key);
    const liveScan = await post(live.key);

    for (const [key, foreign, own] of [[test.key, liveScan, testScan], [live.key, testScan, liveScan]]) {
      expect((await fetch(`${stack.apiUrl}/v1/scans/${foreign.scan_id}`, { headers: bearer(key) })).status).toBe(404);
      const listed = await (await list(key)).json();
      expect(listed.data.map((s: { scan_id: string }) => s.scan_id)).toContain(own.scan_id);
      expect(listed.data.map((s: { scan_id: string }) => s.scan_id)).not.toContain(foreign.scan_id);
      expect((await fetch(`${stack.apiUrl}/v1/scans/${foreign.scan_id}`, { method: 'DELETE', headers: bearer(key) })).status).toBe(404);
    }
    // Both still exist for their own environment.
    expect((await fetch(`${stack.apiUrl}/v1/scans/${testScan.scan_id}`, { headers: bearer(test.key) })).status).toBe(200);
    expect((await fetch(`${stack.apiUrl}/v1/scans/${liveScan.scan_id}`, { headers: bearer(live.key) })).status).toBe(200);
  });
});
