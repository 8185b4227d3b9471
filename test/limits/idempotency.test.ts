import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';

const clock = { t: Date.parse('2031-06-01T08:00:00Z'), now() { return this.t; } };
let stack: TestStack;
let image: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ clock });
  image = await faceJpeg('frontal');
});
afterAll(() => stack?.close());

const post = (idempotencyKey: string, markers = 'acne', key = stack.key, userId = 'idem-user') =>
  fetch(`${stack.apiUrl}/v1/scans`, {
    method: 'POST',
    body: scanForm({ image, markers, user_id: userId }),
    headers: bearer(key, { 'Idempotency-Key': idempotencyKey }),
  });
const scansOf = async (userId: string) =>
  (await (await fetch(`${stack.apiUrl}/v1/scans?user_id=${userId}&limit=100`, { headers: bearer(stack.key) })).json()).data;

describe('Idempotency-Key on POST /v1/scans', () => {
  it('when the same request is retried with the same key, then the first response comes back and no second scan exists', async () => {
    const first = await post('retry-1', 'acne', stack.key, 'retry-user');
    const firstBody = await first.json();
    const second = await post('retry-1', 'acne', stack.key, 'retry-user');

    expect(second.status).toBe(first.status);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(await second.json()).toEqual(firstBody);
    expect((await scansOf('retry-user')).map((s: { scan_id: string }) => s.scan_id)).toEqual([firstBody.scan_id]);
  });

  it('when the same key comes with a different request, then 422 idempotency_key_reused (draft-ietf-httpapi-idempotency-key-header)', async () => {
    await (await post('conflict-1', 'acne')).json();
    const response = await post('conflict-1', 'acne,redness');
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      type: `${stack.apiUrl}/docs#section/Errors/idempotency_key_reused`,
      title: 'Idempotency key reused with a different request',
      status: 422,
      detail: 'Idempotency-Key: this key was used with a different request in the last 24 hours.',
      code: 'idempotency_key_reused',
      request_id: response.headers.get('request-id'),
      errors: [{ param: 'Idempotency-Key', message: 'reused with a different request' }],
    });
  });

  it('when five identical requests with one key arrive at once, then exactly one scan is made and all answer with it', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => post('burst-1', 'acne', stack.key, 'burst-user')));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(new Set(bodies.map((b) => b.scan_id)).size).toBe(1);
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await scansOf('burst-user')).length).toBe(1);
  });

  it('when 24 hours have passed, then the key is free and makes a new scan', async () => {
    const first = await (await post('expiry-1', 'acne', stack.key, 'expiry-user')).json();
    clock.t += 24 * 3_600_000 + 1_000;
    const later = await (await post('expiry-1', 'acne', stack.key, 'expiry-user')).json();
    clock.t -= 24 * 3_600_000 + 1_000;
    expect(later.scan_id).not.toBe(first.scan_id);
  });

  it('when two accounts use the same key, then each gets its own scan', async () => {
    const other = await stack.newKey({ accountId: await stack.newAccount('business') });
    const mine = await (await post('shared-1')).json();
    const theirs = await (await post('shared-1', 'acne', other.key)).json();
    expect(theirs.scan_id).not.toBe(mine.scan_id);
  });

  it('when the key is not printable ASCII or too long, then 400 naming Idempotency-Key', async () => {
    const response = await post('x'.repeat(256));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ param: 'Idempotency-Key', message: 'expected 1 to 255 visible ASCII characters' }]);
  });
});
