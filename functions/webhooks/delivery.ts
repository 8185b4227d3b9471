import type { Environment } from '../kernel/tenant';

/** Deliveries and their attempts are kept this long after the last change (DynamoDB TTL on `expires_at`). */
export const DELIVERY_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** pending: attempts are running or scheduled; succeeded: a 2xx arrived; failed: gave up (replayable). */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];

/** One HTTP attempt, as the delivery log shows it. */
export interface DeliveryAttempt {
  /** 1, 2, 3 … over the whole life of the delivery, replays included. */
  attempt: number;
  /** 1 for the original schedule; each replay starts a new run. */
  run: number;
  /** When the request started. */
  at: string;
  /** The receiver's HTTP status, or null when no answer arrived (timeout, refused, blocked address). */
  status_code: number | null;
  duration_ms: number;
  /** Why the attempt failed, or null on a 2xx. Never the response body. */
  error: string | null;
}

/** One event for one endpoint: `dlv_` id derived from (event id, endpoint id), so a re-publish finds it. */
export interface DeliveryRecord {
  delivery_id: string;
  event_id: string;
  event_type: string;
  endpoint_id: string;
  account_id: string;
  environment: Environment;
  /** The JSON body exactly as signed and sent on every attempt. */
  body: string;
  status: DeliveryStatus;
  run: number;
  /** Attempts made in the current run: the position in the retry schedule. */
  run_attempts: number;
  attempts: DeliveryAttempt[];
  /** Epoch ms until which one worker holds the delivery for an attempt in flight; 0 when none does. */
  lease_until: number;
  /**
   * The queue message (SQS MessageId) whose receive made the latest claim of this run, or null (none yet, or an
   * operator's attempt made at once). A receive that finds the lease held by its own message is that message come
   * back while an earlier receive of it is still attempting: it keeps the message; a different message is a copy.
   */
  claimed_by: string | null;
  /** Set once the delivery's queue message was sent; a re-publish re-sends only when it is missing. */
  enqueued_at: string | null;
  next_attempt_at: string | null;
  /** Why the delivery ended failed (retries exhausted, endpoint gone, 410), or null. */
  final_error: string | null;
  /** Retries ran out in the current run: its queue message is passed on to the DLQ. */
  dead_lettered: boolean;
  created_at: string;
  updated_at: string;
  /** Epoch seconds (TTL): 30 days after the last change. */
  expires_at: number;
}

/** What the CLI prints: everything but the body. */
export type DeliverySummary = Omit<DeliveryRecord, 'body' | 'lease_until' | 'claimed_by'>;

export function deliverySummary(record: DeliveryRecord): DeliverySummary {
  const { body: _body, lease_until: _lease, claimed_by: _claimedBy, ...summary } = record;
  return summary;
}
