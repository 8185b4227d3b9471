import { tenantKey, type Tenant } from '../../../functions/kernel/tenant';
import type { ScoreStore } from '../../../functions/scores/score-store';
import type { UserScoreRecord } from '../../../functions/scores/user-score';

/** User scores in memory, with the DynamoDB adapter's optimistic version check. */
export class MemoryScoreStore implements ScoreStore {
  readonly records = new Map<string, UserScoreRecord>();

  async get(tenant: Tenant, userId: string): Promise<UserScoreRecord | undefined> {
    const record = this.records.get(`${tenantKey(tenant)}/${userId}`);
    return record ? structuredClone(record) : undefined;
  }

  async put(tenant: Tenant, record: UserScoreRecord, expectedVersion: number | null): Promise<boolean> {
    const id = `${tenantKey(tenant)}/${record.user_id}`;
    const current = this.records.get(id);
    if (expectedVersion === null ? current !== undefined : current?.version !== expectedVersion) return false;
    this.records.set(id, structuredClone(record));
    return true;
  }

  async delete(tenant: Tenant, userId: string): Promise<void> {
    this.records.delete(`${tenantKey(tenant)}/${userId}`);
  }
}
