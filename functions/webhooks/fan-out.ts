import { isoTimestamp } from '../kernel/clock';
import type { Tenant } from '../kernel/tenant';
import { DELIVERY_RETENTION_SECONDS, type DeliveryRecord } from './delivery';
import { wantsEvent, type WebhookEndpoint } from './endpoint';
import type { WebhookEvent } from './events';
import { deliveryMessage } from './queue-messages';
import { idTime, stableId } from './stable-id';
import type { DeliveryDeps } from './delivery-deps';

/** The delivery of one event to one endpoint always has this id. */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  return stableId('dlv', idTime(eventId), eventId, endpointId);
}

export function newDeliveryRecord(event: WebhookEvent, endpoint: WebhookEndpoint, nowMs: number): DeliveryRecord {
  const now = isoTimestamp(nowMs);
  return {
    delivery_id: deliveryIdFor(event.id, endpoint.endpoint_id),
    event_id: event.id,
    event_type: event.type,
    endpoint_id: endpoint.endpoint_id,
    account_id: endpoint.account_id,
    environment: endpoint.environment,
    body: JSON.stringify(event.payload),
    status: 'pending',
    run: 1,
    run_attempts: 0,
    attempts: [],
    lease_until: 0,
    claimed_by: null,
    enqueued_at: null,
    next_attempt_at: now,
    final_error: null,
    dead_lettered: false,
    created_at: now,
    updated_at: now,
    expires_at: Math.floor(nowMs / 1000) + DELIVERY_RETENTION_SECONDS,
  };
}

/**
 * One published event → one delivery per matching endpoint of the tenant. Idempotent: the delivery id is derived
 * from (event id, endpoint id) and written with a conditional put, so a re-published event finds its deliveries
 * and only sends the queue message of one whose message was never sent (a crash between the two writes).
 */
export async function fanOut(deps: DeliveryDeps, tenant: Tenant, event: WebhookEvent): Promise<{ created: number; existing: number }> {
  const endpoints = (await deps.endpoints.listByTenant(tenant)).filter((endpoint) => wantsEvent(endpoint, event.type));
  let created = 0;
  let existing = 0;
  await Promise.all(
    endpoints.map(async (endpoint) => {
      if ((await createDelivery(deps, event, endpoint)).created) created++;
      else existing++;
    }),
  );
  return { created, existing };
}

/** Writes the delivery (once) and sends its first queue message (once it is known to have been sent, never again). */
export async function createDelivery(deps: DeliveryDeps, event: WebhookEvent, endpoint: WebhookEndpoint): Promise<{ created: boolean; record: DeliveryRecord }> {
  const record = newDeliveryRecord(event, endpoint, deps.clock.now());
  if (await deps.deliveries.createIfAbsent(record)) {
    await enqueueRun(deps, record.delivery_id, record.run);
    return { created: true, record };
  }
  const stored = await deps.deliveries.get(record.delivery_id);
  if (stored && stored.enqueued_at === null) await enqueueRun(deps, stored.delivery_id, stored.run);
  return { created: false, record: stored ?? record };
}

/** Sends the message that carries one run of a delivery through its whole retry schedule. */
export async function enqueueRun(deps: Pick<DeliveryDeps, 'queue' | 'deliveries' | 'schedule' | 'clock'>, deliveryId: string, run: number): Promise<void> {
  await deps.queue.send(deliveryMessage(deliveryId, run), { delaySeconds: queueSeconds(deps.schedule[0] ?? 0) });
  await deps.deliveries.markEnqueued(deliveryId, isoTimestamp(deps.clock.now()));
}

/** SQS takes whole seconds; the local queue also takes fractions (short schedules in tests). */
export function queueSeconds(seconds: number): number {
  return seconds >= 1 ? Math.round(seconds) : seconds;
}
