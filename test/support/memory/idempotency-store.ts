import type { IdempotencyRecord, IdempotencyStore, StoredResponse } from '../../../functions/idempotency/idempotency-store';

/** Idempotency records in memory; as in DynamoDB, an expired record that was not swept yet counts as absent to a claim. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  readonly records = new Map<string, IdempotencyRecord>();

  async claim(id: string, record: IdempotencyRecord, nowSeconds: number): Promise<boolean> {
    const held = this.records.get(id);
    if (held && held.expires_at >= nowSeconds) return false;
    this.records.set(id, structuredClone(record));
    return true;
  }

  async get(id: string): Promise<IdempotencyRecord | undefined> {
    const record = this.records.get(id);
    return record ? structuredClone(record) : undefined;
  }

  async complete(id: string, response: StoredResponse, userId?: string | null): Promise<void> {
    const record = this.records.get(id);
    if (!record) return;
    this.records.set(id, { ...record, state: 'completed', response: structuredClone(response), ...(userId ? { user_id: userId } : {}) });
  }

  async deleteAllOfUser(tenantPk: string, userId: string): Promise<void> {
    for (const [id, record] of this.records) if (id.startsWith(`${tenantPk}#`) && record.user_id === userId) this.records.delete(id);
  }

  async release(id: string): Promise<void> {
    this.records.delete(id);
  }
}
