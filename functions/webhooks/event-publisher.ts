import type { MessageSender } from '../kernel/queue';
import type { Tenant } from '../kernel/tenant';
import type { ScanFinishedListener } from '../scans/contract';
import { scanFinishedEvent, type WebhookEvent } from './events';
import { eventMessage } from './queue-messages';

/**
 * Publishes an event of a tenant to its webhook endpoints. Call it only after the record the event describes is
 * stored, and call it again if unsure (a redelivered job, a retried request): the event id is derived from the
 * record, and the fan-out writes one delivery per (event id, endpoint) with a conditional write, so a repeated
 * publish never delivers twice. Rejects when the event could not be handed over: let the caller's retry run.
 */
export interface EventPublisher {
  publish(tenant: Tenant, event: WebhookEvent): Promise<void>;
}

/** Puts the event on the delivery queue; the delivery function fans it out (AWS: SQS; local: the in-process queue). */
export class QueueEventPublisher implements EventPublisher {
  constructor(private readonly queue: MessageSender) {}

  async publish(tenant: Tenant, event: WebhookEvent): Promise<void> {
    await this.queue.send(eventMessage(tenant, event));
  }
}

/** The inference function's listener: scan.completed or scan.failed once the outcome is stored (and on redelivery). */
export function publishScanEvents(publisher: EventPublisher): ScanFinishedListener {
  return async (scan) => {
    const event = scanFinishedEvent(scan);
    if (event) await publisher.publish({ accountId: scan.account_id, environment: scan.environment }, event);
  };
}
