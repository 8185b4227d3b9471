import type { Environment } from '../kernel/tenant';
import { type UsageDay, type UsageIncrement } from './usage';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-usage-store.ts. */
export interface UsageStore {
  add(accountId: string, day: string, environment: Environment, keyId: string, increment: UsageIncrement): Promise<void>;

  /** Every counter of the account from `fromDay` to `toDay` (inclusive). */
  list(accountId: string, fromDay: string, toDay: string): Promise<UsageDay[]>;
}
