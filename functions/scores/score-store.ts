import { type Tenant } from '../kernel/tenant';
import type { UserScoreRecord } from './user-score';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-score-store.ts. */
export interface ScoreStore {
  get(tenant: Tenant, userId: string): Promise<UserScoreRecord | undefined>;

  /** False when another writer got there first (the caller re-reads and retries). */
  put(tenant: Tenant, record: UserScoreRecord, expectedVersion: number | null): Promise<boolean>;

  delete(tenant: Tenant, userId: string): Promise<void>;
}
