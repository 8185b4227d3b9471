import { isoTimestamp } from '../kernel/clock';
import { METRIC } from '../kernel/metrics';
import { deliveryMessage } from './queue-messages';
import { MAX_WAIT_SECONDS } from '../kernel/wait-list';
import { withJitter } from './retry-schedule';
import type { DeliveryRecord } from './delivery';
import { attemptDelivery, disableGoneEndpoint } from './attempt';
import type { DeliveryDeps } from './delivery-deps';
import { queueSeconds } from './fan-out';

/** Thrown after the message's visibility was set: the batch reports the item failed so SQS keeps it for later. */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

export interface Receipt {
  /** SQS MessageId: the same on every receive of this message, different for every other message. */
  messageId: string;
  receiptHandle: string;
  /** SQS ApproximateReceiveCount of this message. */
  receiveCount: number;
}

/** A receive less than this before the next attempt's time counts as on time (SQS visibility is whole seconds). */
const EARLY_TOLERANCE_MS = 1_000;
/** After another receive's attempt can have ended, this much longer before looking again, for its outcome to be written. */
const LEASE_GRACE_SECONDS = 1;
/** SQS DelaySeconds limit: a fresh message can be held back this long at most, and waits out the rest on arrival. */
const MAX_DELAY_SECONDS = 900;

/**
 * One receive of a delivery message. The message lives for the whole run: after a failed attempt its visibility
 * is set to the next wait of the schedule (with jitter, at most 12 h) and the item is reported failed, so SQS
 * hands the same message back then; ApproximateReceiveCount grows with it. The number of attempts is the
 * schedule's, counted by the delivery (run_attempts), never by the queue's receives: a receive that makes no
 * attempt (the message came back early, or while an earlier receive of it is still attempting) just holds the
 * message again, and on a message's last receive a run that goes on is handed to a fresh message. After the last
 * attempt of the schedule the delivery is marked failed and the message is passed on to the DLQ: it keeps being
 * reported failed at once until the queue's redrive moves it.
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

  const now = deps.clock.now();
  if (record.lease_until >= now) return leaseHeld(deps, message, receipt, record, now);
  if (record.run_attempts >= deps.schedule.length) {
    // The last attempt was claimed, its lease ran out and its outcome was never written (a crash): the run is over.
    await deps.deliveries.fail(record.delivery_id, record.run, `gave up after ${record.run_attempts} attempts`, now, { deadLettered: true });
    deps.metrics.count(METRIC.webhookDeliveriesFailed, { reason: 'exhausted' });
    return passToDeadLetters(deps, receipt);
  }
  const dueInMs = dueAt(record) - now;
  if (dueInMs > EARLY_TOLERANCE_MS) {
    // Back before the next attempt's time: an earlier receive could not set the wait on this message (its receipt
    // handle went stale), or a fresh message could not be held back for the whole wait (15 min at most).
    return holdMessage(deps, message, receipt, dueInMs / 1000, 'before the next attempt is due');
  }

  const outcome = await attemptDelivery(deps, record, receipt.messageId);
  if (outcome.kind === 'ended') return;
  if (outcome.kind === 'skipped') {
    // Another receive claimed this position between our read and our claim: decide by who holds it now.
    const latest = await deps.deliveries.get(message.delivery_id);
    if (!latest || latest.run !== message.run || latest.status !== 'pending') return;
    return leaseHeld(deps, message, receipt, latest, deps.clock.now());
  }
  const { result, attempt, endpoint, position } = outcome;
  const attemptedAt = deps.clock.now();

  if (result.ok) {
    await deps.deliveries.recordAttempt(record.delivery_id, record.run, attempt, { status: 'succeeded', next_attempt_at: null, final_error: null }, attemptedAt);
    deps.metrics.count(METRIC.webhookDeliveriesSucceeded);
    return;
  }
  if (result.gone) {
    const reason = await disableGoneEndpoint(deps, endpoint);
    await deps.deliveries.recordAttempt(record.delivery_id, record.run, attempt, { status: 'failed', next_attempt_at: null, final_error: `endpoint disabled: ${reason}` }, attemptedAt);
    deps.metrics.count(METRIC.webhookDeliveriesFailed, { reason: 'gone' });
    return;
  }
  if (position >= deps.schedule.length) {
    await deps.deliveries.recordAttempt(
      record.delivery_id,
      record.run,
      attempt,
      { status: 'failed', next_attempt_at: null, final_error: `gave up after ${position} attempts in run ${record.run}: ${attempt.error}`, dead_lettered: true },
      attemptedAt,
    );
    deps.logger.warn('webhook delivery failed for good', { deliveryId: record.delivery_id, endpointId: record.endpoint_id, attempts: position });
    deps.metrics.count(METRIC.webhookDeliveriesFailed, { reason: 'exhausted' });
    return passToDeadLetters(deps, receipt);
  }

  const waitSeconds = withJitter(deps.schedule[position], deps.random);
  await deps.deliveries.recordAttempt(
    record.delivery_id,
    record.run,
    attempt,
    { status: 'pending', next_attempt_at: isoTimestamp(attemptedAt + waitSeconds * 1000), final_error: null },
    attemptedAt,
  );
  return holdMessage(deps, message, receipt, waitSeconds, `attempt ${position} failed (${attempt.error})`);
}

/**
 * Another receive holds the run's lease (an attempt in flight). If it is a receive of this same message, that
 * message came back while the earlier receive is still attempting (SQS at-least-once, or a visibility timeout
 * shorter than the attempt): the earlier receive's handle is stale now and cannot set the next wait, so this
 * receive keeps the message and looks again once that attempt is over; dropping it would lose the run. A different
 * message (a copy sent twice) is redundant: the holder's message carries the run.
 */
async function leaseHeld(deps: DeliveryDeps, message: { delivery_id: string; run: number }, receipt: Receipt, record: DeliveryRecord, now: number): Promise<void> {
  if (record.claimed_by !== receipt.messageId) {
    deps.logger.debug('delivery message dropped: another message carries the run', { deliveryId: record.delivery_id });
    return;
  }
  // The attempt ends within the HTTP time limit; the lease runs longer to cover writing the outcome.
  const seconds = Math.max(0, Math.min(record.lease_until - now, deps.timeoutMs)) / 1000 + LEASE_GRACE_SECONDS;
  return holdMessage(deps, message, receipt, seconds, 'an earlier receive of this message holds the lease');
}

/**
 * The run goes on after `seconds`: the message is kept invisible that long and reported failed, so the queue hands
 * it back then. On the message's last receive the queue would move it to the DLQ instead, so a fresh message (whose
 * receives start from zero) takes the run over and this one is let go: receives that made no attempt, lost to
 * crashes or timeouts, or held back early can never cut the schedule short.
 */
async function holdMessage(deps: DeliveryDeps, message: { delivery_id: string; run: number }, receipt: Receipt, seconds: number, why: string): Promise<void> {
  if (receipt.receiveCount >= deps.maxReceives) {
    await deps.queue.send(deliveryMessage(message.delivery_id, message.run), { delaySeconds: queueSeconds(Math.min(seconds, MAX_DELAY_SECONDS)) });
    deps.logger.info('delivery run handed to a fresh queue message on the last receive', { deliveryId: message.delivery_id, receives: receipt.receiveCount });
    return;
  }
  await deps.queue.changeVisibility(receipt.receiptHandle, Math.min(seconds, MAX_WAIT_SECONDS));
  throw new RetryLater(`${why}; next in ${seconds.toFixed(1)} s`);
}

/** When the next attempt of the run is due (epoch ms); a run without a time is due now. */
function dueAt(record: DeliveryRecord): number {
  const at = record.next_attempt_at ? Date.parse(record.next_attempt_at) : NaN;
  return Number.isFinite(at) ? at : 0;
}

/** Visible again at once and reported failed: the queue moves it to its DLQ when the receives run out. */
async function passToDeadLetters(deps: DeliveryDeps, receipt: Receipt): Promise<never> {
  await deps.queue.changeVisibility(receipt.receiptHandle, 0);
  throw new RetryLater('delivery failed; passing the message on to the dead-letter queue');
}
