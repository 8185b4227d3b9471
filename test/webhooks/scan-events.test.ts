import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, ISO_UTC, scanForm } from '../helpers/http';
import { faceJpeg, gradientJpeg } from '../helpers/images';
import { publishScanEvents } from '../../functions/webhooks/event-publisher';
import { startReceiver, type Receiver } from './helpers/receiver';
import { registerEndpoint } from './helpers/endpoints';

let stack: TestStack;
let receiver: Receiver;
let secret: string;
let endpointId: string;

beforeAll(async () => {
  stack = await startTestStack({ webhookRetrySchedule: '0,0.2,0.2' });
  receiver = await startReceiver();
  // Scan events only: scans with a user_id also move that user's score (score.updated has its own tests).
  const endpoint = await registerEndpoint(stack, { accountId: stack.accountId, url: receiver.url, events: ['scan.completed', 'scan.failed'] });
  secret = endpoint.secret;
  endpointId = endpoint.endpoint_id;
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

const postScan = async (image: Buffer, fields: { markers?: string; user_id?: string } = {}) =>
  (await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image, ...fields }), headers: bearer(stack.key) })).json();

const deliveriesOf = (scanId: string) => receiver.requests.filter((r) => JSON.parse(r.body).scan_id === scanId);

describe('scan events to a registered endpoint', () => {
  it('when a scan completes through the local stack, then the receiver gets scan.completed that standardwebhooks verifies, with the seed fields', async () => {
    const scan = await postScan(await faceJpeg('frontal'), { markers: 'acne,hydration', user_id: 'user-42' });
    expect(scan.status).toBe('completed');

    const [request] = (await receiver.waitFor(() => deliveriesOf(scan.scan_id).length >= 1)).filter((r) => JSON.parse(r.body).scan_id === scan.scan_id);
    const verified = new Webhook(secret).verify(request.body, request.headers);

    expect(verified).toEqual({
      event: 'scan.completed',
      scan_id: scan.scan_id,
      user_id: 'user-42',
      skin_score: scan.skin_score,
      timestamp: scan.completed_at,
      markers: scan.markers,
    });
    expect(Object.keys(verified as object)).toEqual(['event', 'scan_id', 'user_id', 'skin_score', 'timestamp', 'markers']);
    expect((verified as { timestamp: string }).timestamp).toMatch(ISO_UTC);
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^SkinAnalysis-Webhooks\//);
    expect(request.headers['webhook-id']).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(Number(request.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('when a scan fails its checks, then the receiver gets scan.failed with the error code and message', async () => {
    const scan = await postScan(await gradientJpeg(), { markers: 'acne' });
    // Within the wait window a failed check answers 422 problem+json that names the scan.
    expect(scan).toMatchObject({ status: 422, code: 'no_face', scan_id: expect.stringMatching(/^scan_/) });
    const scanId: string = scan.scan_id;

    const [request] = (await receiver.waitFor(() => deliveriesOf(scanId).length >= 1)).filter((r) => JSON.parse(r.body).scan_id === scanId);
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual({
      event: 'scan.failed',
      scan_id: scanId,
      user_id: null,
      error: { code: 'no_face', message: expect.any(String) },
      timestamp: expect.stringMatching(ISO_UTC),
    });
  });

  it('when the finished scan is published again (a redelivered job), then the event id is the same and nothing is delivered twice', async () => {
    const scan = await postScan(await faceJpeg('frontal'), { markers: 'acne' });
    await receiver.waitFor(() => deliveriesOf(scan.scan_id).length >= 1);
    const record = await stack.stores.scans.get({ accountId: stack.accountId, environment: 'test' }, scan.scan_id, { consistent: true });

    const listener = publishScanEvents(stack.events);
    await listener(record!);
    await listener(record!);
    await stack.deliveryQueue.waitUntilIdle(10_000);

    const requests = deliveriesOf(scan.scan_id);
    expect(requests).toHaveLength(1);
    const deliveries = await stack.stores.deliveries.list({ accountId: stack.accountId, environment: 'test' }, { limit: 100 });
    const forScan = deliveries.filter((d) => d.event_id === requests[0].headers['webhook-id']);
    expect(forScan).toEqual([
      expect.objectContaining({ endpoint_id: endpointId, event_type: 'scan.completed', status: 'succeeded', attempts: [expect.objectContaining({ status_code: 200, error: null })] }),
    ]);
  });

  it('when an endpoint subscribes to scan.failed only, then a completed scan is not sent to it', async () => {
    const failedOnly = await startReceiver();
    try {
      await registerEndpoint(stack, { accountId: stack.accountId, url: failedOnly.url, events: ['scan.failed'] });
      const completed = await postScan(await faceJpeg('frontal'), { markers: 'acne' });
      const failed = await postScan(await gradientJpeg(), { markers: 'acne' });
      await failedOnly.waitFor((r) => r.length >= 1);
      await receiver.waitFor(() => deliveriesOf(completed.scan_id).length >= 1 && deliveriesOf(failed.scan_id).length >= 1);
      await stack.deliveryQueue.waitUntilIdle(10_000);
      expect(failedOnly.requests.map((r) => JSON.parse(r.body))).toEqual([expect.objectContaining({ event: 'scan.failed', scan_id: failed.scan_id })]);
    } finally {
      await failedOnly.close();
    }
  });

  it('when another account has an endpoint, then it never receives this account\'s events', async () => {
    const other = await startReceiver();
    try {
      const otherAccount = await stack.newAccount('business');
      await registerEndpoint(stack, { accountId: otherAccount, url: other.url });
      const scan = await postScan(await faceJpeg('frontal'), { markers: 'acne' });
      await receiver.waitFor(() => deliveriesOf(scan.scan_id).length >= 1);
      await stack.deliveryQueue.waitUntilIdle(10_000);
      expect(other.requests).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('event ids', () => {
  it('when the same scan record is turned into an event twice, then both have one evt_ id', async () => {
    const { scanFinishedEvent } = await import('../../functions/webhooks/events');
    const record = {
      scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZZ',
      status: 'completed',
      user_id: null,
      skin_score: 70,
      markers: {},
      completed_at: '2025-01-01T00:00:00.000Z',
    } as unknown as Parameters<typeof scanFinishedEvent>[0];
    const a = scanFinishedEvent(record)!;
    const b = scanFinishedEvent({ ...record })!;
    expect(a.id).toBe(b.id);
    expect(a.id).toMatch(/^evt_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(scanFinishedEvent({ ...record, scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZY' })!.id).not.toBe(a.id);
  });

  it('when routine.generated or score.updated is built twice for the same stored fact, then the id is the same', async () => {
    const { routineGeneratedEvent, scoreUpdatedEvent } = await import('../../functions/webhooks/events');
    const routine = { routine_id: 'rtn_01JD3ZZZZZZZZZZZZZZZZZZZZZ', scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZZ', user_id: 'u1', created_at: '2025-01-01T00:00:00.000Z' };
    expect(routineGeneratedEvent(routine).id).toBe(routineGeneratedEvent({ ...routine, created_at: '2025-01-02T00:00:00.000Z' }).id);
    expect(routineGeneratedEvent(routine).payload).toEqual({ event: 'routine.generated', routine_id: routine.routine_id, scan_id: routine.scan_id, user_id: 'u1', timestamp: routine.created_at });
    const update = { user_id: 'u1', skin_score: 70, previous_skin_score: 64, scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZZ', updated_at: '2025-01-01T00:00:00.000Z' };
    expect(scoreUpdatedEvent(update).id).toBe(scoreUpdatedEvent({ ...update, updated_at: '2025-01-03T00:00:00.000Z' }).id);
    expect(scoreUpdatedEvent(update).id).not.toBe(scoreUpdatedEvent({ ...update, user_id: 'u2' }).id);
    expect(Object.keys(scoreUpdatedEvent(update).payload)).toEqual(['event', 'user_id', 'skin_score', 'previous_skin_score', 'scan_id', 'timestamp']);
  });
});
