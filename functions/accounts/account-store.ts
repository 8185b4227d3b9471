import type { Account } from './account';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-account-store.ts. */
export interface AccountStore {
  create(account: Account): Promise<void>;

  get(accountId: string): Promise<Account | undefined>;

  /** Moves an existing account to another plan and limit (an operator's action); undefined when there is none. */
  setPlan(accountId: string, plan: Account['plan'], rateLimit: number): Promise<Account | undefined>;

  list(): Promise<Account[]>;
}
