import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { isoTimestamp } from '../../functions/kernel/clock';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, ISO_UTC, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';
import { registerEndpoint, waitUntil } from '../webhooks/helpers/endpoints';

let stack: TestStack;
let receiver: Receiver;
let secret: string;
let scan: { scan_id: string; markers: Record<string, unknown> };

beforeAll(async () => {
  stack = await startTestStack();
  receiver = await startReceiver();
  secret = (await registerEndpoint(stack, { accountId: stack.accountId, url: receiver.url, events: ['routine.generated'] })).secret;
  scan = await (
    await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: await faceJpeg('frontal'), user_id: 'routine-user' }), headers: bearer(stack.key) })
  ).json();
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

const create = (body: unknown, headers: Record<string, string> = {}, key = stack.key) =>
  fetch(`${stack.apiUrl}/v1/routines`, { method: 'POST', body: JSON.stringify(body), headers: bearer(key, { 'Content-Type': 'application/json', ...headers }) });

describe('POST /v1/routines', () => {
  it('when a routine is made from a completed scan, then 201 with AM, PM and weekly steps, stored and announced by a verified routine.generated', async () => {
    const response = await create({ scan_id: scan.scan_id, profile: { skin_type: 'combination', preferences: { fragrance_free: true } } });
    const routine = await response.json();

    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/v1/routines/${routine.routine_id}`);
    expect(routine).toMatchObject({
      routine_id: expect.stringMatching(/^rtn_[0-9A-Z]{26}$/),
      scan_id: scan.scan_id,
      user_id: 'routine-user',
      created_at: expect.stringMatching(ISO_UTC),
      markers: scan.markers,
      profile: { skin_type: 'combination', preferences: { fragrance_free: true } },
      warnings: expect.any(Array),
      notes: expect.any(Array),
    });
    expect(routine.am.at(-1).step).toBe('protect');
    expect(routine.pm.length).toBeGreaterThan(0);
    expect(Array.isArray(routine.weekly)).toBe(true);

    const read = await fetch(`${stack.apiUrl}/v1/routines/${routine.routine_id}`, { headers: bearer(stack.key) });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(routine);

    const [request] = await waitUntil(async () => receiver.requests.filter((r) => r.body.includes(routine.routine_id)), (r) => r.length >= 1);
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual({
      event: 'routine.generated',
      routine_id: routine.routine_id,
      scan_id: scan.scan_id,
      user_id: 'routine-user',
      timestamp: routine.created_at,
    });
  });

  it('when marker results with high acne are sent, then a step names acne as the reason for a BHA, benzoyl peroxide or adapalene', async () => {
    const response = await create({ markers: { acne: { score: 25 }, hydration: { score: 80 } } });
    const routine = await response.json();
    expect(response.status).toBe(201);
    const acneIngredients = [...routine.am, ...routine.pm]
      .flatMap((step: { key_ingredients: { name: string; marker: string | null }[] }) => step.key_ingredients)
      .filter((ingredient: { marker: string | null }) => ingredient.marker === 'acne')
      .map((ingredient: { name: string }) => ingredient.name);
    expect(acneIngredients.some((name: string) => /salicylic|benzoyl peroxide|adapalene/i.test(name))).toBe(true);
    expect(routine.scan_id).toBeNull();
  });

  it('when the same request is retried with an Idempotency-Key, then the same routine comes back and one event is sent', async () => {
    const body = { markers: { pigmentation: { score: 30 } }, user_id: 'idem-routine' };
    const first = await (await create(body, { 'Idempotency-Key': 'rtn-1' })).json();
    const second = await create(body, { 'Idempotency-Key': 'rtn-1' });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(first);
    await waitUntil(async () => receiver.requests.filter((r) => r.body.includes(first.routine_id)), (r) => r.length >= 1);
    await stack.deliveryQueue.waitUntilIdle(5_000);
    expect(new Set(receiver.requests.filter((r) => r.body.includes('idem-routine')).map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('when the scan is still processing, then 409 scan_not_completed; when it does not exist or is another account\'s, then 404', async () => {
    const processing = {
      scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZ1',
      status: 'processing' as const,
      user_id: null, skin_score: null, markers: {}, created_at: isoTimestamp(Date.now()), completed_at: null, model: null,
      image: { width: 600, height: 600, format: 'jpeg' }, face: null, quality: null, error: null,
      account_id: stack.accountId, environment: 'test' as const, requested_markers: ['acne' as const], image_key: 'x/test/scan_x/image.jpg',
    };
    await stack.stores.scans.create(processing);
    const busy = await create({ scan_id: processing.scan_id });
    expect(busy.status).toBe(409);
    expect(await busy.json()).toMatchObject({ code: 'scan_not_completed', errors: [{ param: 'scan_id', message: 'the scan is processing' }] });

    expect((await create({ scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZ2' })).status).toBe(404);
    const other = await stack.newKey({ accountId: await stack.newAccount('business') });
    expect((await create({ scan_id: scan.scan_id }, {}, other.key)).status).toBe(404);
  });

  it.each([
    { name: 'neither scan_id nor markers', body: { profile: {} }, param: 'body' },
    { name: 'both scan_id and markers', body: { scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZZ', markers: { acne: { score: 50 } } }, param: 'body' },
    { name: 'an unknown field', body: { markers: { acne: { score: 50 } }, colour: 'blue' }, param: 'body' },
    { name: 'a score out of range', body: { markers: { acne: { score: 140 } } }, param: 'markers.acne.score' },
    { name: 'an unknown skin type', body: { markers: { acne: { score: 50 } }, profile: { skin_type: 'scaly' } }, param: 'profile.skin_type' },
  ])('when the body has $name, then 400 naming $param', async ({ body, param }) => {
    const response = await create(body);
    const problem = await response.json();
    expect(response.status).toBe(400);
    expect(problem.code).toBe('invalid_request');
    expect(problem.errors.map((e: { param: string }) => e.param)).toContain(param);
  });

  it('when another account reads a routine by id, then 404', async () => {
    const routine = await (await create({ markers: { redness: { score: 35 } } })).json();
    const other = await stack.newKey({ accountId: await stack.newAccount('business') });
    expect((await fetch(`${stack.apiUrl}/v1/routines/${routine.routine_id}`, { headers: bearer(other.key) })).status).toBe(404);
  });
});
