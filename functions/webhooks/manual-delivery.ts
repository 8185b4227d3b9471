import { isoTimestamp } from '../kernel/clock';
import { newId } from '../kernel/ids';
import type { DeliveryAttempt, DeliveryRecord } from './delivery';
import type { WebhookEndpoint } from './endpoint';
import { TEST_EVENT_TYPE, type TestPayload, type WebhookEvent } from './events';
import { attemptDelivery, disableGoneEndpoint } from './attempt';
import type { DeliveryDeps } from './delivery-deps';
import { enqueueRun, newDeliveryRecord } from './fan-out';

/**
 * How an operator's `test` or `replay` runs. `queue`: a new run through the delivery queue, with the whole
 * retry schedule (a deployed stack). `now`: one attempt made right here through the same code, recorded in the
 * delivery log like any other; a failure ends the run (used against the local stack, whose queue lives inside
 * the `skin dev` process and cannot be reached from another process).
 */
export type Dispatch = 'queue' | 'now';

export interface ManualResult {
  record: DeliveryRecord;
  /** The attempt made, with `now`. */
  attempt?: DeliveryAttempt;
}

export class DeliveryNotFound extends Error {
  override readonly name = 'DeliveryNotFound';
}

/** A new run of a delivery (failed or not), from the start of the schedule; the event id stays the same. */
export async function replayDelivery(deps: DeliveryDeps, deliveryId: string, dispatch: Dispatch): Promise<ManualResult> {
  const record = await deps.deliveries.get(deliveryId);
  if (!record) throw new DeliveryNotFound(`No delivery ${deliveryId} (deliveries are kept 30 days)`);
  const run = await deps.deliveries.startRun(deliveryId, record.run, deps.clock.now());
  if (run === undefined) throw new Error(`Delivery ${deliveryId} changed while replaying; try again`);
  return dispatchRun(deps, deliveryId, run, dispatch);
}

/** A `webhook.test` event to one endpoint, whatever its event filter. */
export async function sendTestEvent(deps: DeliveryDeps, endpoint: WebhookEndpoint, dispatch: Dispatch): Promise<ManualResult> {
  const nowMs = deps.clock.now();
  const event: WebhookEvent<TestPayload> = {
    id: newId('evt', nowMs),
    type: TEST_EVENT_TYPE,
    payload: {
      event: TEST_EVENT_TYPE,
      endpoint_id: endpoint.endpoint_id,
      message: 'A test event sent by `skin webhooks test` or the dashboard.',
      timestamp: isoTimestamp(nowMs),
    },
  };
  const record = newDeliveryRecord(event, endpoint, nowMs);
  await deps.deliveries.createIfAbsent(record);
  return dispatchRun(deps, record.delivery_id, record.run, dispatch);
}

async function dispatchRun(deps: DeliveryDeps, deliveryId: string, run: number, dispatch: Dispatch): Promise<ManualResult> {
  if (dispatch === 'queue') {
    await enqueueRun(deps, deliveryId, run);
    return { record: (await deps.deliveries.get(deliveryId))! };
  }
  const record = (await deps.deliveries.get(deliveryId))!;
  const outcome = await attemptDelivery(deps, record, null);
  if (outcome.kind === 'sent') {
    const { result, attempt, endpoint } = outcome;
    const now = deps.clock.now();
    let finalError: string | null = null;
    if (result.gone) finalError = `endpoint disabled: ${await disableGoneEndpoint(deps, endpoint)}`;
    else if (!result.ok) finalError = `attempt failed: ${attempt.error}`;
    await deps.deliveries.recordAttempt(deliveryId, run, attempt, { status: result.ok ? 'succeeded' : 'failed', next_attempt_at: null, final_error: finalError }, now);
    return { record: (await deps.deliveries.get(deliveryId))!, attempt };
  }
  if (outcome.kind === 'skipped') throw new Error(`Delivery ${deliveryId} is being attempted elsewhere right now; try again shortly`);
  return { record: (await deps.deliveries.get(deliveryId))! };
}
