import { isoTimestamp } from '../kernel/clock';
import { METRIC } from '../kernel/metrics';
import type { DeliveryAttempt, DeliveryRecord } from './delivery';
import { signingSecrets, type WebhookEndpoint } from './endpoint';
import type { PostResult } from './http-sender';
import { webhookHeaders } from './signature';
import type { DeliveryDeps } from './delivery-deps';

/** Time beyond the HTTP limit that a worker keeps its claim on a delivery (writing the outcome). */
const LEASE_MARGIN_MS = 10_000;

export type AttemptOutcome =
  /** Another copy of the message holds or has moved past this position; nothing was sent. */
  | { kind: 'skipped'; why: string }
  /** The endpoint is gone or disabled: the run ended failed without an attempt. */
  | { kind: 'ended'; why: string }
  | { kind: 'sent'; result: PostResult; attempt: DeliveryAttempt; endpoint: WebhookEndpoint; position: number };

/**
 * Claims the next attempt of the delivery's current run (a conditional write: one worker per attempt), then signs
 * the stored body for this moment and POSTs it. The caller records the attempt and decides what comes next.
 * `claimedBy`: the queue message this receive belongs to (null for an operator's attempt made at once).
 */
export async function attemptDelivery(deps: DeliveryDeps, record: DeliveryRecord, claimedBy: string | null): Promise<AttemptOutcome> {
  const claimedAt = deps.clock.now();
  if (record.lease_until >= claimedAt) return { kind: 'skipped', why: 'another worker holds the delivery' };
  const claimed = await deps.deliveries.claimAttempt(record.delivery_id, {
    run: record.run,
    runAttempts: record.run_attempts,
    nowMs: claimedAt,
    leaseUntil: claimedAt + deps.timeoutMs + LEASE_MARGIN_MS,
    claimedBy,
  });
  if (!claimed) return { kind: 'skipped', why: 'another copy of the message claimed this attempt' };

  const tenant = { accountId: record.account_id, environment: record.environment };
  const endpoint = await deps.endpoints.get(tenant, record.endpoint_id);
  if (endpoint?.status !== 'enabled') {
    const why = endpoint ? `endpoint ${record.endpoint_id} is disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}` : `endpoint ${record.endpoint_id} was removed`;
    await deps.deliveries.fail(record.delivery_id, record.run, why, deps.clock.now());
    deps.metrics.count(METRIC.webhookDeliveriesFailed, { reason: 'endpoint_unavailable' });
    return { kind: 'ended', why };
  }

  // Signed now, for this attempt: the timestamp is the attempt's, the body is the stored bytes.
  const sentAt = deps.clock.now();
  const headers = webhookHeaders(record.event_id, record.body, signingSecrets(endpoint, sentAt), sentAt);
  const result = await deps.post({ url: endpoint.url, environment: endpoint.environment }, { headers, body: record.body });
  deps.metrics.count(METRIC.webhookAttempts, { result: result.ok ? 'success' : 'failure' });
  deps.metrics.duration(METRIC.webhookAttemptLatency, result.durationMs);
  const attempt: DeliveryAttempt = {
    attempt: record.attempts.length + 1,
    run: record.run,
    at: isoTimestamp(sentAt),
    status_code: result.statusCode,
    duration_ms: result.durationMs,
    error: result.ok ? null : result.error ?? `HTTP ${result.statusCode}`,
  };
  return { kind: 'sent', result, attempt, endpoint, position: record.run_attempts + 1 };
}

/** 410 Gone: the receiver asks for no more deliveries; the endpoint is disabled until an operator enables it. */
export async function disableGoneEndpoint(deps: DeliveryDeps, endpoint: WebhookEndpoint): Promise<string> {
  const now = isoTimestamp(deps.clock.now());
  const reason = `the receiver answered 410 Gone at ${now}`;
  await deps.endpoints.update(endpoint, { status: 'disabled', disabled_reason: reason, updated_at: now });
  deps.logger.warn('webhook endpoint disabled by 410 Gone', { endpointId: endpoint.endpoint_id });
  return reason;
}
