import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack';
import { checkEndpointUrl, EndpointUrlError } from '../../functions/webhooks/ssrf/endpoint-url';
import { classifyAddress } from '../../functions/webhooks/ssrf/address-policy';
import { postWebhook } from '../../functions/webhooks/http-sender';
import { createEvent } from '../../functions/webhooks/events';
import { deliveryIdFor } from '../../functions/webhooks/fan-out';
import { newId } from '../../functions/kernel/ids';
import type { Resolver } from '../../functions/webhooks/ssrf/resolve';
import { startReceiver, type Receiver } from './helpers/receiver';
import { registerEndpoint, waitUntil } from './helpers/endpoints';

/** A DNS that answers from a table; unknown names do not resolve. */
function fakeDns(table: Record<string, string[]>): Resolver {
  return async (hostname) => {
    const answer = table[hostname.toLowerCase()];
    if (!answer) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answer;
  };
}

const dns = fakeDns({
  'hooks.example.com': ['93.184.216.34'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
  'metadata.example.com': ['169.254.169.254'],
  'v6private.example.com': ['fd12:3456::1'],
  'mapped.example.com': ['::ffff:10.0.0.1'],
});

const LIVE = { allowLoopback: false };

describe('registration of live endpoints (no loopback allowance)', () => {
  const refused: [string, RegExp][] = [
    ['https://127.0.0.1/hooks', /loopback/],
    ['https://10.0.0.1/hooks', /private/],
    ['https://172.16.5.4/', /private/],
    ['https://192.168.0.1/', /private/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://100.64.0.1/', /carrier-grade NAT/],
    ['https://224.0.0.1/', /multicast/],
    ['https://0.0.0.0/', /unspecified/],
    ['https://[::1]/', /loopback/],
    ['https://[::]/', /unspecified/],
    ['https://[::ffff:127.0.0.1]/', /loopback/],
    ['https://[::ffff:169.254.169.254]/', /link-local/],
    ['https://[::127.0.0.1]/', /loopback/],
    ['https://[64:ff9b::10.0.0.1]/', /private/],
    ['https://[2002:a9fe:a9fe::1]/', /link-local/],
    ['https://[fc00::1]/', /unique-local/],
    ['https://[fd00:ec2::254]/', /unique-local/],
    ['https://[fe80::1]/', /link-local/],
    ['https://[ff02::1]/', /multicast/],
    ['https://2130706433/', /loopback/], // decimal 127.0.0.1
    ['https://0x7f000001/', /loopback/], // hex
    ['https://0177.0.0.1/', /loopback/], // octal
    ['https://0xa9.0xfe.0xa9.0xfe/', /link-local/], // hex octets of 169.254.169.254
    ['https://127.1/', /loopback/], // short form
    ['https://localhost/', /loopback/], // the system resolver
    ['https://internal.example.com/', /internal\.example\.com resolves to 10\.1\.2\.3 is a private address/],
    ['https://mixed.example.com/', /192\.168\.1\.10 is a private address/],
    ['https://metadata.example.com/', /169\.254\.169\.254 is a link-local address/],
    ['https://v6private.example.com/', /unique-local/],
    ['https://mapped.example.com/', /private/],
    ['https://nowhere.example.com/', /does not resolve/],
    ['http://hooks.example.com/', /must use https/],
    ['https://user:pw@hooks.example.com/', /user name or password/],
    ['not a url', /absolute https URL/],
  ];

  it.each(refused)('when %s is registered as a live endpoint, then it is refused naming the rule', async (url, reason) => {
    const check = checkEndpointUrl(url, 'live', LIVE, url.includes('localhost') ? (await import('../../functions/webhooks/ssrf/resolve')).systemResolver : dns);
    await expect(check).rejects.toThrow(EndpointUrlError);
    await expect(check).rejects.toThrow(reason);
  });

  it('when a public https URL is registered, then it is accepted (normalised)', async () => {
    expect((await checkEndpointUrl('https://Hooks.Example.com:8443/a?b=1', 'live', LIVE, dns)).href).toBe('https://hooks.example.com:8443/a?b=1');
  });

  it('when local development allows loopback, then loopback passes but every other private range is still refused, and live stays https-only', async () => {
    const local = { allowLoopback: true };
    await expect(checkEndpointUrl('https://127.0.0.1:9/x', 'live', local, dns)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpointUrl('http://127.0.0.1:9/x', 'test', local, dns)).resolves.toBeInstanceOf(URL);
    await expect(checkEndpointUrl('http://127.0.0.1:9/x', 'live', local, dns)).rejects.toThrow(/must use https/);
    await expect(checkEndpointUrl('http://10.0.0.1/x', 'test', local, dns)).rejects.toThrow(/private/);
    await expect(checkEndpointUrl('http://169.254.169.254/', 'test', local, dns)).rejects.toThrow(/link-local/);
  });

  it('when addresses are classified, then public ones pass and the embedded IPv4 of IPv6 forms decides', () => {
    expect(classifyAddress('93.184.216.34')).toBeUndefined();
    expect(classifyAddress('2606:4700::1111')).toBeUndefined();
    expect(classifyAddress('::ffff:8.8.8.8')).toBeUndefined();
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('::ffff:0:a00:1')).toBe('private');
    expect(classifyAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe('tunnel');
    expect(classifyAddress('not-an-ip')).toBe('reserved');
  });
});

describe('registration on a stack in live mode', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { WEBHOOK_ALLOW_LOOPBACK: 'false' } });
  });
  afterAll(() => stack?.close());

  it.each(['https://127.0.0.1/', 'https://10.0.0.1/', 'https://169.254.169.254/', 'https://[::1]/', 'https://[::ffff:127.0.0.1]/', 'https://localhost/'])(
    'when %s is added, then it is refused and nothing is stored',
    async (url) => {
      await expect(registerEndpoint(stack, { accountId: stack.accountId, url, environment: 'live' })).rejects.toThrow(EndpointUrlError);
      await expect(registerEndpoint(stack, { accountId: stack.accountId, url, environment: 'test' })).rejects.toThrow(EndpointUrlError);
      expect(await stack.stores.webhooks.listByTenant({ accountId: stack.accountId, environment: 'live' })).toEqual([]);
    },
  );
});

describe('checks at delivery time', () => {
  let stack: TestStack;
  let receiver: Receiver;
  /** A DNS that rebinds: public while the endpoint is registered, then the receiver's loopback or the metadata service. */
  const rebinding = { answer: ['93.184.216.34'] };

  beforeAll(async () => {
    receiver = await startReceiver();
    stack = await startTestStack({
      env: { WEBHOOK_ALLOW_LOOPBACK: 'false' },
      webhookRetrySchedule: '0,0.1',
      webhookResolver: async () => rebinding.answer,
    });
  });
  afterAll(async () => {
    await receiver?.close();
    await stack?.close();
  });

  it.each([['127.0.0.1', /loopback/], ['169.254.169.254', /link-local/], ['::ffff:10.0.0.7', /private/]])(
    'when a registered host resolves to %s at delivery (DNS rebinding), then no connection is made and the attempts record the block',
    async (address, reason) => {
      rebinding.answer = ['93.184.216.34'];
      const accountId = await stack.newAccount('business');
      const endpoint = await registerEndpoint(stack, {
        accountId,
        url: `https://rebind.example.com:${receiver.port}/hooks`,
        environment: 'live',
        resolver: async () => rebinding.answer,
      });
      rebinding.answer = [address];
      const event = createEvent(
        { event: 'scan.completed', scan_id: newId('scan'), user_id: null, skin_score: 50, timestamp: new Date().toISOString(), markers: {} },
        { key: newId('req'), timeMs: Date.now() },
      );
      await stack.events.publish({ accountId, environment: 'live' }, event);

      const record = await waitUntil(() => stack.stores.deliveries.get(deliveryIdFor(event.id, endpoint.endpoint_id)), (d) => d?.status === 'failed');
      expect(record!.attempts).toHaveLength(2);
      for (const attempt of record!.attempts) {
        expect(attempt).toMatchObject({ status_code: null, error: expect.stringMatching(/^blocked: rebind\.example\.com resolves to /) });
        expect(attempt.error).toMatch(reason);
      }
      expect(receiver.requests).toEqual([]);
      expect(receiver.connections()).toBe(0);
    },
  );

  it('when the sender is asked for a blocked literal address directly, then it refuses before connecting', async () => {
    const result = await postWebhook(
      { url: `https://127.0.0.1:${receiver.port}/`, environment: 'live' },
      { headers: {}, body: '{}' },
      { timeoutMs: 1_000, allowLoopback: false, resolver: async () => [] },
    );
    expect(result).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/^blocked: url: 127\.0\.0\.1 is a loopback address/) });
    expect(receiver.connections()).toBe(0);
  });
});

describe('redirects', () => {
  let stack: TestStack;
  let target: Receiver;
  let redirector: Receiver;

  beforeAll(async () => {
    // Loopback allowed so the local receivers can be endpoints at all; the redirect must still not be followed.
    stack = await startTestStack({ webhookRetrySchedule: '0,0.1,0.1' });
    target = await startReceiver();
    redirector = await startReceiver();
  });
  afterAll(async () => {
    await target?.close();
    await redirector?.close();
    await stack?.close();
  });

  it.each([
    ['the metadata service', () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['another local receiver', () => target.url],
  ])('when the endpoint answers 302 to %s, then the redirect is not followed and every attempt is a recorded failure', async (_name, location) => {
    redirector.setBehaviour(() => ({ status: 302, headers: { location: location() } }));
    const before = redirector.requests.length;
    const accountId = await stack.newAccount('business');
    const endpoint = await registerEndpoint(stack, { accountId, url: redirector.url });
    const event = createEvent(
      { event: 'scan.completed', scan_id: newId('scan'), user_id: null, skin_score: 50, timestamp: new Date().toISOString(), markers: {} },
      { key: newId('req'), timeMs: Date.now() },
    );
    await stack.events.publish({ accountId, environment: 'test' }, event);

    const record = await waitUntil(() => stack.stores.deliveries.get(deliveryIdFor(event.id, endpoint.endpoint_id)), (d) => d?.status === 'failed');
    expect(record!.attempts.map((a) => [a.status_code, a.error])).toEqual(
      Array.from({ length: 3 }, () => [302, `redirect not followed (HTTP 302 to ${location()})`]),
    );
    expect(redirector.requests.length - before).toBe(3);
    expect(target.requests).toEqual([]);
  });
});
