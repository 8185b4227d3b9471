/**
 * Webhook delivery and retry decisions (functions/webhooks/process-delivery.ts) over in-memory stores and queue,
 * with a recording HTTP port: what is sent, what is recorded, and when the message comes back.
 */
import { describe, expect, it } from 'vitest';
import { noopMetrics } from '../../functions/kernel/metrics';
import type { DeliveryDeps } from '../../functions/webhooks/delivery-deps';
import type { PostResult } from '../../functions/webhooks/http-sender';
import { processDelivery, RetryLater } from '../../functions/webhooks/process-delivery';
import { ManualClock } from '../support/memory/clock';
import { MemoryDeliveryStore } from '../support/memory/delivery-store';
import { MemoryEndpointStore } from '../support/memory/endpoint-store';
import { silentLogger } from '../support/memory/logger';
import { MemoryQueue } from '../support/memory/queue';
import { deliveryRecord, webhookEndpoint } from '../support/factories';

const answer = (statusCode: number): PostResult => ({ ok: statusCode < 300, gone: statusCode === 410, statusCode, durationMs: 12, error: statusCode < 300 ? null : `HTTP ${statusCode}` });

async function setup(answers: number[], schedule = [0, 5, 300]) {
  const posts: { url: string; headers: Record<string, string>; body: string }[] = [];
  const clock = new ManualClock();
  const deps: DeliveryDeps = {
    clock,
    endpoints: new MemoryEndpointStore(),
    deliveries: new MemoryDeliveryStore(),
    queue: new MemoryQueue(),
    post: async (target, request) => {
      posts.push({ url: target.url, ...request });
      return answer(answers.shift() ?? 200);
    },
    schedule,
    maxReceives: 10,
    timeoutMs: 15_000,
    logger: silentLogger(),
    metrics: noopMetrics,
    random: () => 0.5, // no jitter
  };
  await deps.endpoints.create(webhookEndpoint());
  await deps.deliveries.createIfAbsent(deliveryRecord());
  const queue = deps.queue as MemoryQueue;
  const receive = (receiveCount: number) =>
    processDelivery(deps, { delivery_id: deliveryRecord().delivery_id, run: 1 }, { messageId: 'msg-1', receiptHandle: `rh-${receiveCount}`, receiveCount });
  return { deps, clock, posts, queue, receive, get: () => deps.deliveries.get(deliveryRecord().delivery_id) };
}

describe('processDelivery', () => {
  it('when the receiver answers 2xx, then one signed POST of the stored body and the delivery succeeded with one attempt', async () => {
    const { posts, receive, get } = await setup([204]);
    await receive(1);
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe('https://hooks.example.com/skin');
    expect(posts[0].body).toBe(deliveryRecord().body);
    expect(Object.keys(posts[0].headers).sort()).toEqual(['content-type', 'user-agent', 'webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(posts[0].headers['webhook-id']).toBe(deliveryRecord().event_id);
    expect(posts[0].headers['webhook-timestamp']).toBe(String(Date.parse('2031-03-04T05:06:10.000Z') / 1000));
    expect(posts[0].headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(await get()).toMatchObject({
      status: 'succeeded',
      run_attempts: 1,
      attempts: [{ attempt: 1, run: 1, at: '2031-03-04T05:06:10.000Z', status_code: 204, duration_ms: 12, error: null }],
    });
  });

  it('when an attempt fails, then the wait of the schedule is set on the message and the receive is reported failed', async () => {
    const { receive, get, queue } = await setup([500]);
    await expect(receive(1)).rejects.toBeInstanceOf(RetryLater);
    expect(queue.visibility).toEqual([{ receiptHandle: 'rh-1', seconds: 5 }]);
    expect(await get()).toMatchObject({ status: 'pending', run_attempts: 1, next_attempt_at: '2031-03-04T05:06:15.000Z', attempts: [{ status_code: 500, error: 'HTTP 500' }] });
  });

  it('when the message comes back before the next attempt is due, then nothing is sent and it is held for the rest of the wait', async () => {
    const { receive, posts, queue, clock } = await setup([500]);
    await expect(receive(1)).rejects.toBeInstanceOf(RetryLater);
    clock.advance(2_000);
    await expect(receive(2)).rejects.toBeInstanceOf(RetryLater);
    expect(posts).toHaveLength(1);
    expect(queue.visibility[1]).toEqual({ receiptHandle: 'rh-2', seconds: 3 });
  });

  it('when every attempt of the schedule fails, then the delivery is failed, dead-lettered, and the message passed on to the DLQ', async () => {
    const { receive, get, queue, clock, posts } = await setup([500, 500, 500]);
    await expect(receive(1)).rejects.toBeInstanceOf(RetryLater);
    clock.advance(5_000);
    await expect(receive(2)).rejects.toBeInstanceOf(RetryLater);
    clock.advance(300_000);
    await expect(receive(3)).rejects.toBeInstanceOf(RetryLater);
    expect(posts).toHaveLength(3);
    expect(await get()).toMatchObject({ status: 'failed', dead_lettered: true, final_error: 'gave up after 3 attempts in run 1: HTTP 500' });
    expect(queue.visibility.at(-1)).toEqual({ receiptHandle: 'rh-3', seconds: 0 });
  });

  it('when the receiver answers 410 Gone, then the endpoint is disabled and the delivery failed without retries', async () => {
    const { receive, get, deps } = await setup([410]);
    await receive(1);
    expect(await get()).toMatchObject({ status: 'failed', final_error: 'endpoint disabled: the receiver answered 410 Gone at 2031-03-04T05:06:10.000Z' });
    expect(await deps.endpoints.findById(webhookEndpoint().endpoint_id)).toMatchObject({ status: 'disabled' });
  });

  it('when the wait would run past the message\'s last receive, then a fresh message carries the run on', async () => {
    const { receive, queue } = await setup([500]);
    await receive(10);
    expect(queue.sent).toEqual([{ body: JSON.stringify({ kind: 'delivery', delivery_id: deliveryRecord().delivery_id, run: 1 }), delaySeconds: 5 }]);
    expect(queue.visibility).toEqual([]);
  });
});
