import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { postWebhook } from '../../functions/webhooks/http-sender';
import { webhookHeaders } from '../../functions/webhooks/signature';
import { newSecret } from '../../functions/webhooks/endpoint';
import { startReceiver, type Receiver, type ReceivedRequest } from './helpers/receiver';

let receiver: Receiver;
const secret = newSecret();
const body = JSON.stringify({ event: 'scan.completed', scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZZ', user_id: 'ü-ser', skin_score: 77, timestamp: '2025-01-01T00:00:00.000Z', markers: {} });

/** Sends one signed request over real HTTP, as the delivery function does, and returns what the receiver got. */
async function deliver(nowMs = Date.now(), secrets = [secret]): Promise<ReceivedRequest> {
  const before = receiver.requests.length;
  const result = await postWebhook(
    { url: receiver.url, environment: 'test' },
    { headers: webhookHeaders('evt_01JD3ZZZZZZZZZZZZZZZZZZZZZ', body, secrets, nowMs), body },
    { timeoutMs: 5_000, allowLoopback: true, resolver: async () => ['127.0.0.1'] },
  );
  expect(result.ok).toBe(true);
  return receiver.requests[before];
}

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver?.close());
afterEach(() => vi.useRealTimers());

describe('verification with the public standardwebhooks library', () => {
  it('when the delivery is untouched, then it verifies and yields the payload', async () => {
    const request = await deliver();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(request.body).toBe(body);
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(JSON.parse(body));
  });

  it('when one byte of the body is changed, then verification fails', async () => {
    const request = await deliver();
    const tampered = request.body.replace('"skin_score":77', '"skin_score":78');
    expect(() => new Webhook(secret).verify(tampered, request.headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(tampered, request.headers)).toThrow('No matching signature found');
  });

  it('when the body is re-serialised (whitespace), then verification fails: the raw bytes are what is signed', async () => {
    const request = await deliver();
    expect(() => new Webhook(secret).verify(JSON.stringify(JSON.parse(request.body), null, 1), request.headers)).toThrow(WebhookVerificationError);
  });

  it('when the signature is checked more than five minutes after it was made, then verification fails as too old', async () => {
    const request = await deliver();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6 * 60_000);
    expect(() => new Webhook(secret).verify(request.body, request.headers)).toThrow('Message timestamp too old');
  });

  it('when an attempt carries a timestamp ten minutes old, then verification fails, and the id or timestamp cannot be swapped', async () => {
    const old = await deliver(Date.now() - 10 * 60_000);
    expect(() => new Webhook(secret).verify(old.body, old.headers)).toThrow('Message timestamp too old');
    const fresh = await deliver();
    expect(() => new Webhook(secret).verify(fresh.body, { ...fresh.headers, 'webhook-timestamp': String(Number(fresh.headers['webhook-timestamp']) - 1) })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(fresh.body, { ...fresh.headers, 'webhook-id': 'evt_01JD3ZZZZZZZZZZZZZZZZZZZZY' })).toThrow(WebhookVerificationError);
  });

  it('when the receiver uses another secret, then verification fails', async () => {
    const request = await deliver();
    expect(() => new Webhook(newSecret()).verify(request.body, request.headers)).toThrow('No matching signature found');
  });

  it('when two secrets sign (a rotation), then both verify and a third does not', async () => {
    const next = newSecret();
    const request = await deliver(Date.now(), [next, secret]);
    expect(request.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(next).verify(request.body, request.headers)).toEqual(JSON.parse(body));
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret()).verify(request.body, request.headers)).toThrow(WebhookVerificationError);
  });
});
