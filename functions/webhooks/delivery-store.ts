import { type Tenant } from '../kernel/tenant';
import { type DeliveryAttempt, type DeliveryRecord, type DeliveryStatus } from './delivery';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-delivery-store.ts. */
export interface DeliveryStore {
  /** False when the delivery already exists: this (event, endpoint) pair was fanned out before. */
  createIfAbsent(record: DeliveryRecord): Promise<boolean>;

  get(deliveryId: string): Promise<DeliveryRecord | undefined>;

  markEnqueued(deliveryId: string, at: string): Promise<void>;

  /**
   * Takes the next attempt of `run`: moves run_attempts from `runAttempts` to +1 and sets a lease held by
   * `claimedBy` (the queue message, or null for an operator's attempt), only while the delivery is pending in that
   * run, at that position and not leased. False: another receive got there first.
   */
  claimAttempt(
    deliveryId: string,
    claim: { run: number; runAttempts: number; nowMs: number; leaseUntil: number; claimedBy: string | null },
  ): Promise<boolean>;

  /** Appends the attempt and sets the outcome, in the run that made it. */
  recordAttempt(
    deliveryId: string,
    run: number,
    attempt: DeliveryAttempt,
    outcome: { status: DeliveryStatus; next_attempt_at: string | null; final_error: string | null; dead_lettered?: boolean },
    nowMs: number,
  ): Promise<void>;

  /** Ends a pending run without an attempt (endpoint removed or disabled, retries exhausted by receives). */
  fail(deliveryId: string, run: number, reason: string, nowMs: number, options?: { deadLettered?: boolean }): Promise<boolean>;

  /** Replay: a new run from the start of the schedule. Returns the run number, or undefined if `fromRun` is stale. */
  startRun(deliveryId: string, fromRun: number, nowMs: number): Promise<number | undefined>;

  /** A tenant's deliveries, newest first, optionally only those of one status, endpoint or event type. */
  list(tenant: Tenant, options: { status?: DeliveryStatus; endpointId?: string; eventType?: string; limit: number }): Promise<DeliveryRecord[]>;

  /**
   * Erasure: deletes the tenant's deliveries whose body names the user (their payloads carry `user_id`).
   * A query of the tenant's index with a filter, not a table scan; erasure is rare.
   */
  deleteAllOfUser(tenant: Tenant, userId: string): Promise<void>;
}
