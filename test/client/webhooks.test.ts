/**
 * verifyWebhook (clients/typescript/src/webhooks.ts, WebCrypto) against the public standardwebhooks library and the
 * service's own signer: the same verdicts for the same inputs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, WebhookVerificationError } from '../../clients/typescript/src/index';
import { constantTimeEqual } from '../../clients/typescript/src/webhooks';
import { webhookHeaders } from '../../functions/webhooks/signature';
import { newSecret } from '../../functions/webhooks/endpoint';

const secret = newSecret();
const body = JSON.stringify({ event: 'score.updated', user_id: 'ü-ser 42', skin_score: 71, previous_skin_score: 65, scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZZ', timestamp: '2026-01-01T00:00:00.000Z' });
const id = 'evt_01JD3ZZZZZZZZZZZZZZZZZZZZZ';

function signedByLibrary(payload = body, at = new Date(), key = secret, msgId = id): Record<string, string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key).sign(msgId, at, payload),
  };
}

describe('verifyWebhook', () => {
  it('when a delivery is signed by the standardwebhooks library, then verifyWebhook accepts it and returns the payload', async () => {
    const headers = signedByLibrary();
    expect(await verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
    // Node's IncomingHttpHeaders shape, mixed-case names, fetch Headers, bytes: all the same.
    expect(await verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).toEqual(JSON.parse(body));
    expect(await verifyWebhook(body, { 'Webhook-Id': headers['webhook-id'], 'WEBHOOK-TIMESTAMP': [headers['webhook-timestamp']!], 'webhook-signature': headers['webhook-signature'] }, secret)).toEqual(JSON.parse(body));
    // Like the library, a secret without its whsec_ prefix works too.
    expect(await verifyWebhook(body, headers, secret.slice('whsec_'.length))).toEqual(JSON.parse(body));
  });

  it('when the service signs with two secrets during a rotation, then either secret verifies and a third does not', async () => {
    const other = newSecret();
    const headers = webhookHeaders(id, body, [secret, other], Date.now());
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(await verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
    expect(await verifyWebhook(body, headers, other)).toEqual(JSON.parse(body));
    await expect(verifyWebhook(body, headers, newSecret())).rejects.toThrow('No matching signature found');
  });

  it('when a signature is not v1, then it is ignored: it neither verifies nor stops a later v1 from verifying', async () => {
    const good = signedByLibrary()['webhook-signature']!;
    const headers = signedByLibrary();
    expect(await verifyWebhook(body, { ...headers, 'webhook-signature': `v2,${good.slice(3)} ${good}` }, secret)).toEqual(JSON.parse(body));
    await expect(verifyWebhook(body, { ...headers, 'webhook-signature': `v2,${good.slice(3)}` }, secret)).rejects.toThrow('No matching signature found');
    await expect(verifyWebhook(body, { ...headers, 'webhook-signature': 'v1,not base64!' }, secret)).rejects.toThrow('No matching signature found');
  });

  it.each([
    ['one byte of the body changed', () => [body.replace('71', '72'), signedByLibrary()], 'No matching signature found'],
    ['the body re-serialised', () => [JSON.stringify(JSON.parse(body), null, 1), signedByLibrary()], 'No matching signature found'],
    ['another event id', () => [body, { ...signedByLibrary(), 'webhook-id': 'evt_other' }], 'No matching signature found'],
    ['a timestamp six minutes old', () => [body, signedByLibrary(body, new Date(Date.now() - 6 * 60_000))], 'Message timestamp too old'],
    ['a timestamp six minutes ahead', () => [body, signedByLibrary(body, new Date(Date.now() + 6 * 60_000))], 'Message timestamp too new'],
    ['no signature header', () => [body, { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) }], 'Missing webhook-id, webhook-timestamp or webhook-signature header'],
    ['a timestamp that is not a number', () => [body, { ...signedByLibrary(), 'webhook-timestamp': 'soon' }], 'Invalid webhook-timestamp header'],
  ] as const)('when a delivery has %s, then verifyWebhook and the library both refuse it', async (_name, make, message) => {
    const [payload, headers] = make() as [string, Record<string, string>];
    await expect(verifyWebhook(payload, headers, secret)).rejects.toThrow(new WebhookVerificationError(message));
    expect(() => new Webhook(secret).verify(payload, headers)).toThrow();
  });

  it('when the timestamp is four minutes off, then it is within the 5-minute tolerance; a tolerance can be set', async () => {
    const headers = signedByLibrary(body, new Date(Date.now() - 4 * 60_000));
    expect(await verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
    await expect(verifyWebhook(body, headers, secret, { toleranceSeconds: 60 })).rejects.toThrow('Message timestamp too old');
    expect(await verifyWebhook(body, headers, secret, { now: () => Date.now() - 4 * 60_000 })).toEqual(JSON.parse(body));
  });

  it('when random payloads are signed and possibly altered, then verifyWebhook and the library always agree', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.json(),
        fc.stringMatching(/^[A-Za-z0-9_]{1,40}$/),
        fc.integer({ min: -400, max: 400 }).filter((s) => Math.abs(Math.abs(s) - 300) > 3),
        fc.option(fc.nat(), { nil: undefined }),
        async (payload, msgId, skewSeconds, flip) => {
          const at = new Date(Date.now() + skewSeconds * 1000);
          const headers = signedByLibrary(payload, at, secret, msgId);
          const sent = flip === undefined || payload.length === 0 ? payload : payload.slice(0, flip % payload.length) + '\u0000' + payload.slice((flip % payload.length) + 1);
          const library = (() => {
            try {
              new Webhook(secret).verify(sent, headers);
              return true;
            } catch {
              return false;
            }
          })();
          const ours = await verifyWebhook(sent, headers, secret).then(() => true, (e) => !(e instanceof WebhookVerificationError && !/JSON/.test(e.message)));
          expect(ours).toBe(library);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('when byte arrays are compared, then constantTimeEqual says equal only for the same bytes and length', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
  });
});
