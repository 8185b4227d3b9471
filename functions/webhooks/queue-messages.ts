import type { Tenant } from '../kernel/tenant';
import type { WebhookEvent } from './events';

/**
 * What travels on the delivery queue. `event`: a published event, fanned out by the delivery function to the
 * tenant's matching endpoints. `delivery`: one event for one endpoint; the same message comes back for every
 * retry of a run (ChangeMessageVisibility), `run` tells replays apart. Never a secret or a signature: signing
 * happens at send time.
 */
export type DeliveryQueueMessage =
  | { kind: 'event'; account_id: string; environment: Tenant['environment']; event: WebhookEvent }
  | { kind: 'delivery'; delivery_id: string; run: number };

export function eventMessage(tenant: Tenant, event: WebhookEvent): string {
  const message: DeliveryQueueMessage = { kind: 'event', account_id: tenant.accountId, environment: tenant.environment, event };
  return JSON.stringify(message);
}

export function deliveryMessage(deliveryId: string, run: number): string {
  const message: DeliveryQueueMessage = { kind: 'delivery', delivery_id: deliveryId, run };
  return JSON.stringify(message);
}

export function parseDeliveryQueueMessage(body: string): DeliveryQueueMessage {
  const message = JSON.parse(body) as Partial<DeliveryQueueMessage> & Record<string, unknown>;
  if (message.kind === 'event') {
    const event = message.event as Partial<WebhookEvent> | undefined;
    if (
      typeof message.account_id === 'string' &&
      (message.environment === 'test' || message.environment === 'live') &&
      typeof event?.id === 'string' &&
      typeof event.type === 'string' &&
      typeof event.payload === 'object' &&
      event.payload !== null
    ) {
      return message as DeliveryQueueMessage;
    }
  }
  if (message.kind === 'delivery' && typeof message.delivery_id === 'string' && Number.isInteger(message.run)) {
    return message as DeliveryQueueMessage;
  }
  throw new Error('malformed delivery queue message');
}
