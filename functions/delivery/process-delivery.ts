import { isoTimestamp } from '../shared/clock';
import { withJitter } from '../webhooks/retry-schedule';
import { attemptDelivery, disableGoneEndpoint } from './attempt';
import type { DeliveryDeps } from './deps';

/** Thrown after the message's visibility was set: the batch reports the item failed so SQS keeps it for later. */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

export interface Receipt {
  receiptHandle: string;
  /** SQS ApproximateReceiveCount of this message. */
  receiveCount: number;
}

/**
 * One receive of a delivery message. The message lives for the whole run: after a failed attempt its visibility
 * is set to the next wait of the schedule (with jitter, at most 12 h) and the item is reported failed, so SQS
 * hands the same message back then; ApproximateReceiveCount grows with it. After the last attempt (end of the
 * schedule, or the queue's last receive) the delivery is marked failed and the message is passed on to the
 * DLQ: it keeps being reported failed at once until the queue's redrive moves it.
 */
export async function processDelivery(deps: DeliveryDeps, message: { delivery_id: string; run: number }, receipt: Receipt): Promise<void> {
  const record = await deps.deliveries.get(message.delivery_id);
  if (!record) {
    deps.logger.info('delivery message for a delivery that no longer exists dropped', { deliveryId: message.delivery_id });
    return;
  }
  if (record.run !== message.run || record.status === 'succeeded') return; // a replay superseded it, or it is done
  if (record.status === 'failed') {
    if (record.dead_lettered) return passToDeadLetters(deps, receipt);
    return;
  }

  const lastReceive = receipt.receiveCount >= deps.maxReceives;
  if (record.run_attempts >= deps.schedule.length) {
    // The last attempt was claimed but its outcome never written (a crash): the run is over.
    await deps.deliveries.fail(record.delivery_id, record.run, `gave up after ${record.run_attempts} attempts`, deps.clock.now(), { deadLettered: true });
    return passToDeadLetters(deps, receipt);
  }

  const outcome = await attemptDelivery(deps, record);
  if (outcome.kind !== 'sent') {
    if (outcome.kind === 'skipped') deps.logger.debug('delivery attempt skipped', { deliveryId: record.delivery_id, why: outcome.why });
    return;
  }
  const { result, attempt, endpoint, position } = outcome;
  const now = deps.clock.now();

  if (result.ok) {
    await deps.deliveries.recordAttempt(record.delivery_id, record.run, attempt, { status: 'succeeded', next_attempt_at: null, final_error: null }, now);
    return;
  }
  if (result.gone) {
    const reason = await disableGoneEndpoint(deps, endpoint);
    await deps.deliveries.recordAttempt(record.delivery_id, record.run, attempt, { status: 'failed', next_attempt_at: null, final_error: `endpoint disabled: ${reason}` }, now);
    return;
  }
  if (position >= deps.schedule.length || lastReceive) {
    await deps.deliveries.recordAttempt(
      record.delivery_id,
      record.run,
      attempt,
      { status: 'failed', next_attempt_at: null, final_error: `gave up after ${position} attempts in run ${record.run}: ${attempt.error}`, dead_lettered: true },
      now,
    );
    deps.logger.warn('webhook delivery failed for good', { deliveryId: record.delivery_id, endpointId: record.endpoint_id, attempts: position });
    return passToDeadLetters(deps, receipt);
  }

  const waitSeconds = withJitter(deps.schedule[position], deps.random);
  await deps.deliveries.recordAttempt(
    record.delivery_id,
    record.run,
    attempt,
    { status: 'pending', next_attempt_at: isoTimestamp(now + waitSeconds * 1000), final_error: null },
    now,
  );
  await deps.queue.changeVisibility(receipt.receiptHandle, waitSeconds);
  throw new RetryLater(`attempt ${position} failed (${attempt.error}); next in ${waitSeconds.toFixed(1)} s`);
}

/** Visible again at once and reported failed: the queue moves it to its DLQ when the receives run out. */
async function passToDeadLetters(deps: DeliveryDeps, receipt: Receipt): Promise<never> {
  await deps.queue.changeVisibility(receipt.receiptHandle, 0);
  throw new RetryLater('delivery failed; passing the message on to the dead-letter queue');
}
