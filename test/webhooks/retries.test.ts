import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestStack, type TestStack } from '../helpers/stack';
import { createEvent } from '../../functions/webhooks/events';
import { newId } from '../../functions/kernel/ids';
import { deliveryIdFor } from '../../functions/webhooks/fan-out';
import { rotateEndpointSecret } from '../../functions/webhooks/manage-endpoints';
import { listDeliveries } from '../../cli/commands/deliveries';
import { startReceiver, type Receiver } from './helpers/receiver';
import { registerEndpoint, waitUntil } from './helpers/endpoints';
import { runSkin } from './helpers/cli';
import type { DeliveryDeps } from '../../functions/webhooks/delivery-deps';

/** Five attempts a fifth of a second apart: the production schedule's shape, in test time. */
const SCHEDULE = '0,0.2,0.2,0.2,0.2';

let stack: TestStack;
const receivers: Receiver[] = [];

beforeAll(async () => {
  stack = await startTestStack({ webhookRetrySchedule: SCHEDULE, webhookTimeoutMs: 1_000 });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await stack?.close();
});

async function receiverWith(behaviour: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const receiver = await startReceiver(behaviour);
  receivers.push(receiver);
  return receiver;
}

/** Each test gets its own account, so one endpoint sees only its own events. */
async function endpointFor(receiver: Receiver) {
  const accountId = await stack.newAccount('business');
  const endpoint = await registerEndpoint(stack, { accountId, url: receiver.url });
  const publish = async () => {
    const event = createEvent(
      { event: 'scan.completed', scan_id: newId('scan'), user_id: 'u1', skin_score: 71, timestamp: new Date().toISOString(), markers: { acne: { score: 71, severity: 'low' } } },
      { key: newId('req'), timeMs: Date.now() },
    );
    await stack.events.publish({ accountId, environment: 'test' }, event);
    return event;
  };
  return { accountId, endpoint, publish };
}

describe('retries', () => {
  it('when the receiver answers 500 three times and 200 after, then the event is delivered once as a 2xx, with one webhook-id and four attempts in the log', async () => {
    const receiver = await receiverWith(({ n }) => ({ status: n <= 3 ? 500 : 200 }));
    const { endpoint, publish } = await endpointFor(receiver);
    const event = await publish();

    await receiver.waitFor((r) => r.some((x) => x.answered === 200));
    await stack.deliveryQueue.waitUntilIdle(10_000);

    expect(receiver.requests.map((r) => r.answered)).toEqual([500, 500, 500, 200]);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([event.id]));
    for (const request of receiver.requests) {
      expect(new Webhook(endpoint.secret).verify(request.body, request.headers)).toEqual(event.payload);
      expect(request.body).toBe(JSON.stringify(event.payload));
    }
    const record = await stack.stores.deliveries.get(deliveryIdFor(event.id, endpoint.endpoint_id));
    expect(record).toMatchObject({ status: 'succeeded', event_id: event.id, run: 1, run_attempts: 4, final_error: null });
    expect(record!.attempts).toEqual([
      { attempt: 1, run: 1, at: expect.any(String), status_code: 500, duration_ms: expect.any(Number), error: 'HTTP 500' },
      { attempt: 2, run: 1, at: expect.any(String), status_code: 500, duration_ms: expect.any(Number), error: 'HTTP 500' },
      { attempt: 3, run: 1, at: expect.any(String), status_code: 500, duration_ms: expect.any(Number), error: 'HTTP 500' },
      { attempt: 4, run: 1, at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), error: null },
    ]);
    // The waits followed the schedule (0.2 s ± jitter) rather than hammering the receiver.
    const gaps = receiver.requests.slice(1).map((r, i) => r.at - receiver.requests[i].at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(150);
    expect(record!.expires_at).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
    expect(stack.deliveryDeadLetters.peekAll()).toEqual([]);
  });

  it('when the receiver never answers 2xx, then after the last attempt the delivery is failed, in the DLQ and listed; a replay delivers it once the receiver is back', async () => {
    const receiver = await receiverWith(() => ({ status: 503 }));
    const { accountId, endpoint, publish } = await endpointFor(receiver);
    const event = await publish();
    const deliveryId = deliveryIdFor(event.id, endpoint.endpoint_id);

    await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'failed');
    await waitUntil(async () => stack.deliveryDeadLetters.peekAll(), (dead) => dead.some((m) => m.body.includes(deliveryId)));
    expect(receiver.requests).toHaveLength(5);

    const record = await stack.stores.deliveries.get(deliveryId);
    expect(record).toMatchObject({ status: 'failed', dead_lettered: true, final_error: 'gave up after 5 attempts in run 1: HTTP 503' });
    const dead = stack.deliveryDeadLetters.peekAll().filter((m) => m.body.includes(deliveryId));
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0].body)).toEqual({ kind: 'delivery', delivery_id: deliveryId, run: 1 });
    expect(dead[0].deadLetterSourceArn).toBe(stack.deliveryQueue.arn);

    // The command's core, as `skin deliveries list --status failed` runs it.
    const failed = await listDeliveries(stack.stores, { status: 'failed', accountId, limit: 50 });
    expect(failed.map((d) => d.delivery_id)).toEqual([deliveryId]);
    expect(failed[0]).not.toHaveProperty('body');

    // And the real command, against this running stack (DATA_DIR/stack.json).
    const listed = await runSkin(['deliveries', 'list', '--status', 'failed', '--account', accountId, '--json'], stack.dataDir);
    expect(listed.stderr).not.toMatch(/Error/);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ delivery_id: deliveryId, status: 'failed', event_id: event.id })]);

    receiver.setBehaviour(() => ({ status: 204 }));
    const replayed = await runSkin(['deliveries', 'replay', deliveryId, '--json'], stack.dataDir);
    expect(JSON.parse(replayed.stdout)).toMatchObject({ delivery_id: deliveryId, status: 'succeeded', run: 2, dispatch: 'now' });

    expect(receiver.requests).toHaveLength(6);
    const last = receiver.requests[5];
    expect(last.answered).toBe(204);
    expect(last.headers['webhook-id']).toBe(event.id);
    expect(new Webhook(endpoint.secret).verify(last.body, last.headers)).toEqual(event.payload);
    const after = await stack.stores.deliveries.get(deliveryId);
    expect(after!.attempts.map((a) => [a.attempt, a.run, a.status_code])).toEqual([
      [1, 1, 503], [2, 1, 503], [3, 1, 503], [4, 1, 503], [5, 1, 503], [6, 2, 204],
    ]);
    expect((await listDeliveries(stack.stores, { status: 'failed', accountId, limit: 50 }))).toEqual([]);
  });

  it('when a failed delivery is replayed through the queue, then a new run goes through the schedule and succeeds', async () => {
    const receiver = await receiverWith(() => ({ status: 500 }));
    const { endpoint, publish } = await endpointFor(receiver);
    const event = await publish();
    const deliveryId = deliveryIdFor(event.id, endpoint.endpoint_id);
    await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'failed');

    receiver.setBehaviour(({ n }) => ({ status: n <= 6 ? 500 : 200 }));
    const { replayDelivery } = await import('../../functions/webhooks/manual-delivery');
    const { buildDeliveryDeps } = await import('../../functions/runtime/build-delivery-deps');
    await replayDelivery(buildDeliveryDeps(stack.config, { stores: stack.stores, queue: stack.deliveryQueue }), deliveryId, 'queue');

    const done = await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'succeeded');
    expect(done!.attempts.map((a) => [a.run, a.status_code])).toEqual([
      [1, 500], [1, 500], [1, 500], [1, 500], [1, 500], [2, 500], [2, 200],
    ]);
    expect(new Set(receiver.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([event.id]));
  });

  it('when the receiver answers 410 Gone, then the endpoint is disabled and no further events are sent to it', async () => {
    const receiver = await receiverWith(() => ({ status: 410 }));
    const { accountId, endpoint, publish } = await endpointFor(receiver);
    const first = await publish();
    const deliveryId = deliveryIdFor(first.id, endpoint.endpoint_id);
    const record = await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'failed');

    expect(record!.attempts).toHaveLength(1);
    expect(record!.final_error).toMatch(/^endpoint disabled: the receiver answered 410 Gone/);
    expect(await stack.stores.webhooks.get({ accountId, environment: 'test' }, endpoint.endpoint_id)).toMatchObject({ status: 'disabled', disabled_reason: expect.stringMatching(/410 Gone/) });

    await publish();
    await stack.deliveryQueue.waitUntilIdle(10_000);
    expect(receiver.requests).toHaveLength(1);
  });

  it('when the receiver takes longer than the timeout, then the attempt is recorded as timed out and retried', async () => {
    const receiver = await receiverWith(({ n }) => (n === 1 ? { hang: true } : { status: 200 }));
    const { endpoint, publish } = await endpointFor(receiver);
    const event = await publish();
    const record = await waitUntil(() => stack.stores.deliveries.get(deliveryIdFor(event.id, endpoint.endpoint_id)), (d) => d?.status === 'succeeded');
    expect(record!.attempts.map((a) => [a.status_code, a.error])).toEqual([
      [null, 'timed out after 1000 ms'],
      [200, null],
    ]);
    expect(record!.attempts[0].duration_ms).toBeGreaterThanOrEqual(1_000);
  });

  it('when the secret is rotated, then deliveries carry both signatures and each secret verifies them', async () => {
    const receiver = await receiverWith(() => ({ status: 200 }));
    const { endpoint, publish } = await endpointFor(receiver);
    const rotated = await rotateEndpointSecret({ endpoints: stack.stores.webhooks, clock: stack.clock, rules: { allowLoopback: true } }, endpoint);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    await publish();
    const [request] = await receiver.waitFor((r) => r.length === 1);
    expect(request.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(request.body, request.headers)).toBeTruthy();
    expect(new Webhook(endpoint.secret).verify(request.body, request.headers)).toBeTruthy();
  });

  it('when the endpoint is removed while a delivery waits for its retry, then the delivery ends failed without another request', async () => {
    const receiver = await receiverWith(() => ({ status: 500 }));
    const { endpoint, publish } = await endpointFor(receiver);
    const event = await publish();
    await receiver.waitFor((r) => r.length >= 1);
    await stack.stores.webhooks.delete(endpoint);
    const record = await waitUntil(() => stack.stores.deliveries.get(deliveryIdFor(event.id, endpoint.endpoint_id)), (d) => d?.status === 'failed');
    expect(record!.final_error).toBe(`endpoint ${endpoint.endpoint_id} was removed`);
    expect(receiver.requests.length).toBeLessThanOrEqual(2);
  });

  /** A delivery consumer on a queue of its own, so a test can set the queue's receives and visibility. */
  async function ownQueue(options: { name: string; visibilityTimeoutSeconds: number; maxReceiveCount: number; concurrency?: number }, overrides: Partial<DeliveryDeps> = {}) {
    const { LocalQueue } = await import('../../local/queue/local-queue');
    const { buildDeliveryDeps } = await import('../../functions/runtime/build-delivery-deps');
    const { createDeliveryHandler } = await import('../../functions/webhooks/delivery-handler');
    const dead = new LocalQueue({ name: `${options.name}-dlq`, visibilityTimeoutSeconds: 30 });
    const queue = new LocalQueue({ name: options.name, visibilityTimeoutSeconds: options.visibilityTimeoutSeconds, maxReceiveCount: options.maxReceiveCount, deadLetterQueue: dead, pollIntervalMs: 10 });
    const deps: DeliveryDeps = { ...buildDeliveryDeps(stack.config, { stores: stack.stores, queue }), maxReceives: options.maxReceiveCount, ...overrides };
    queue.consume(createDeliveryHandler(deps), { concurrency: options.concurrency ?? 1 });
    const publishTo = async (url: string) => {
      const accountId = await stack.newAccount('business');
      const endpoint = await registerEndpoint(stack, { accountId, url });
      const event = createEvent(
        { event: 'scan.completed', scan_id: newId('scan'), user_id: null, skin_score: 1, timestamp: new Date().toISOString(), markers: {} },
        { key: newId('req'), timeMs: Date.now() },
      );
      const { fanOut } = await import('../../functions/webhooks/fan-out');
      await fanOut(deps, { accountId, environment: 'test' }, event);
      return { endpoint, event, deliveryId: deliveryIdFor(event.id, endpoint.endpoint_id) };
    };
    const stop = async () => {
      await queue.stop();
      await dead.stop();
    };
    return { queue, dead, deps, publishTo, stop };
  }

  it('when the queue\'s receives run out before the schedule does, then a fresh message carries the run on: every attempt of the schedule is made, then the delivery is failed and in the DLQ', async () => {
    // Five attempts in the schedule, but a queue that gives each message only two receives.
    const own = await ownQueue({ name: 'short', visibilityTimeoutSeconds: 30, maxReceiveCount: 2 });
    try {
      const receiver = await receiverWith(() => ({ status: 500 }));
      const { deliveryId } = await own.publishTo(receiver.url);

      const record = await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'failed');
      await waitUntil(async () => own.dead.peekAll(), (m) => m.length === 1);
      await own.queue.waitUntilIdle(10_000);
      expect(record).toMatchObject({ run_attempts: 5, dead_lettered: true, final_error: 'gave up after 5 attempts in run 1: HTTP 500' });
      expect(record!.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
      expect(receiver.requests).toHaveLength(5);
      // The fresh messages kept to the schedule's waits too.
      const gaps = receiver.requests.slice(1).map((r, i) => r.at - receiver.requests[i].at);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(150);
      expect(own.dead.peekAll()).toHaveLength(1);
      expect(JSON.parse(own.dead.peekAll()[0].body)).toEqual({ kind: 'delivery', delivery_id: deliveryId, run: 1 });
    } finally {
      await own.stop();
    }
  });

  it('when a delivery message comes back while an earlier receive of it is still attempting, then the message is kept (not dropped) and the run goes on with one attempt per position', async () => {
    // A visibility timeout shorter than an attempt: the queue hands the message out again mid-attempt, and the
    // earlier receive's receipt handle is stale by the time it wants to set the next wait.
    const own = await ownQueue({ name: 'rereceived', visibilityTimeoutSeconds: 0.3, maxReceiveCount: 10, concurrency: 4 });
    try {
      const receiver = await receiverWith(({ n }) => ({ status: n === 1 ? 500 : 200, delayMs: 600 }));
      const { event, deliveryId } = await own.publishTo(receiver.url);

      const record = await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'succeeded');
      expect(await own.queue.waitUntilIdle(10_000)).toBe(true);
      expect(record!.attempts.map((a) => [a.attempt, a.status_code])).toEqual([[1, 500], [2, 200]]);
      expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);
      expect(own.dead.peekAll()).toEqual([]);
    } finally {
      await own.stop();
    }
  });

  it('when a copy of the message arrives while the delivery waits for its next attempt, then the attempt is not brought forward and is made once', async () => {
    const own = await ownQueue({ name: 'early', visibilityTimeoutSeconds: 30, maxReceiveCount: 10, concurrency: 4 }, { schedule: [0, 3] });
    try {
      const receiver = await receiverWith(({ n }) => ({ status: n === 1 ? 500 : 200 }));
      const { deliveryId } = await own.publishTo(receiver.url);
      await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.attempts.length === 1);
      const { deliveryMessage } = await import('../../functions/webhooks/queue-messages');
      await own.queue.send(deliveryMessage(deliveryId, 1));

      const record = await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'succeeded');
      expect(await own.queue.waitUntilIdle(10_000)).toBe(true);
      expect(receiver.requests).toHaveLength(2);
      expect(receiver.requests[1].at - receiver.requests[0].at).toBeGreaterThanOrEqual(2_500);
      expect(record!.attempts).toHaveLength(2);
    } finally {
      await own.stop();
    }
  });

  it('when SQS hands out copies of a delivery message (at-least-once), then only one attempt is made per position', async () => {
    const receiver = await receiverWith(() => ({ status: 200, delayMs: 100 }));
    const { endpoint, publish } = await endpointFor(receiver);
    const { deliveryMessage } = await import('../../functions/webhooks/queue-messages');
    const event = await publish();
    const deliveryId = deliveryIdFor(event.id, endpoint.endpoint_id);
    await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d !== undefined);
    for (let i = 0; i < 5; i++) await stack.deliveryQueue.send(deliveryMessage(deliveryId, 1));

    await waitUntil(() => stack.stores.deliveries.get(deliveryId), (d) => d?.status === 'succeeded');
    await stack.deliveryQueue.waitUntilIdle(10_000);
    expect(receiver.requests).toHaveLength(1);
    expect((await stack.stores.deliveries.get(deliveryId))!.attempts).toHaveLength(1);
  });
});

