import { tenantKey, type Tenant } from '../../../functions/kernel/tenant';
import type { DeliveryAttempt, DeliveryRecord, DeliveryStatus } from '../../../functions/webhooks/delivery';
import { DELIVERY_RETENTION_SECONDS } from '../../../functions/webhooks/delivery';
import type { DeliveryStore } from '../../../functions/webhooks/delivery-store';

/** Deliveries in memory, with the DynamoDB adapter's conditional writes (one claim per position, stale runs ignored). */
export class MemoryDeliveryStore implements DeliveryStore {
  readonly records = new Map<string, DeliveryRecord>();

  async createIfAbsent(record: DeliveryRecord): Promise<boolean> {
    if (this.records.has(record.delivery_id)) return false;
    this.records.set(record.delivery_id, structuredClone(record));
    return true;
  }

  async get(deliveryId: string): Promise<DeliveryRecord | undefined> {
    const record = this.records.get(deliveryId);
    return record ? structuredClone(record) : undefined;
  }

  async markEnqueued(deliveryId: string, at: string): Promise<void> {
    const record = this.mustGet(deliveryId);
    record.enqueued_at = at;
  }

  async claimAttempt(
    deliveryId: string,
    claim: { run: number; runAttempts: number; nowMs: number; leaseUntil: number; claimedBy: string | null },
  ): Promise<boolean> {
    const record = this.records.get(deliveryId);
    if (record?.status !== 'pending' || record.run !== claim.run || record.run_attempts !== claim.runAttempts || !(record.lease_until < claim.nowMs)) {
      return false;
    }
    Object.assign(record, { run_attempts: claim.runAttempts + 1, lease_until: claim.leaseUntil, claimed_by: claim.claimedBy, updated_at: iso(claim.nowMs) });
    return true;
  }

  async recordAttempt(
    deliveryId: string,
    run: number,
    attempt: DeliveryAttempt,
    outcome: { status: DeliveryStatus; next_attempt_at: string | null; final_error: string | null; dead_lettered?: boolean },
    nowMs: number,
  ): Promise<void> {
    const record = this.mustGet(deliveryId);
    if (record.run !== run) throw new Error('ConditionalCheckFailed: run changed');
    Object.assign(record, {
      attempts: [...record.attempts, attempt],
      status: outcome.status,
      next_attempt_at: outcome.next_attempt_at,
      final_error: outcome.final_error,
      dead_lettered: outcome.dead_lettered ?? false,
      lease_until: 0,
      updated_at: iso(nowMs),
      expires_at: expiry(nowMs),
    });
  }

  async fail(deliveryId: string, run: number, reason: string, nowMs: number, options: { deadLettered?: boolean } = {}): Promise<boolean> {
    const record = this.records.get(deliveryId);
    if (record?.status !== 'pending' || record.run !== run) return false;
    Object.assign(record, {
      status: 'failed',
      final_error: reason,
      dead_lettered: options.deadLettered ?? false,
      next_attempt_at: null,
      lease_until: 0,
      updated_at: iso(nowMs),
      expires_at: expiry(nowMs),
    });
    return true;
  }

  async startRun(deliveryId: string, fromRun: number, nowMs: number): Promise<number | undefined> {
    const record = this.records.get(deliveryId);
    if (!record || record.run !== fromRun) return undefined;
    Object.assign(record, {
      run: fromRun + 1,
      run_attempts: 0,
      status: 'pending',
      lease_until: 0,
      claimed_by: null,
      final_error: null,
      dead_lettered: false,
      next_attempt_at: iso(nowMs),
      updated_at: iso(nowMs),
      expires_at: expiry(nowMs),
    });
    return fromRun + 1;
  }

  async list(tenant: Tenant, options: { status?: DeliveryStatus; endpointId?: string; eventType?: string; limit: number }): Promise<DeliveryRecord[]> {
    return [...this.records.values()]
      .filter((r) => tenantKey({ accountId: r.account_id, environment: r.environment }) === tenantKey(tenant))
      .filter((r) => !options.status || r.status === options.status)
      .filter((r) => !options.endpointId || r.endpoint_id === options.endpointId)
      .filter((r) => !options.eventType || r.event_type === options.eventType)
      .sort((a, b) => (a.delivery_id < b.delivery_id ? 1 : -1))
      .slice(0, options.limit)
      .map((r) => structuredClone(r));
  }

  async deleteAllOfUser(tenant: Tenant, userId: string): Promise<void> {
    for (const record of await this.list(tenant, { limit: Number.MAX_SAFE_INTEGER })) {
      if (record.body.includes(`"user_id":${JSON.stringify(userId)}`)) this.records.delete(record.delivery_id);
    }
  }

  private mustGet(deliveryId: string): DeliveryRecord {
    const record = this.records.get(deliveryId);
    if (!record) throw new Error('ConditionalCheckFailed: no such delivery');
    return record;
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function expiry(nowMs: number): number {
  return Math.floor(nowMs / 1000) + DELIVERY_RETENTION_SECONDS;
}
