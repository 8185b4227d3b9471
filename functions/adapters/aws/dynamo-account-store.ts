import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import type { Account, AccountStore } from '../../accounts/contract';
import { scanAll, unlessConditionFails, withoutKeys } from './dynamo-items';

const strip = (item: Record<string, unknown>) => withoutKeys<Account>(item);

/** Accounts in DynamoDB, one item each; listing is an operator's action, so a table scan is fine. */
export class DynamoAccountStore extends DynamoTable implements AccountStore {
  async create(account: Account): Promise<void> {
    await this.putNew({ pk: account.account_id, sk: 'account', ...account });
  }

  async get(accountId: string): Promise<Account | undefined> {
    const { Item } = await this.readItem({ pk: accountId, sk: 'account' });
    return Item ? strip(Item) : undefined;
  }

  /** Moves an existing account to another plan and limit (an operator's action). */
  async setPlan(accountId: string, plan: Account['plan'], rateLimit: number): Promise<Account | undefined> {
    const updated = await unlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: accountId, sk: 'account' },
          UpdateExpression: 'SET #plan = :plan, rate_limit = :limit',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': plan, ':limit': rateLimit },
          ReturnValues: 'ALL_NEW',
        }),
      ),
      undefined,
    );
    return updated && strip(updated.Attributes!);
  }

  async list(): Promise<Account[]> {
    const accounts = (await scanAll(this.db, { TableName: this.tableName })).map(strip);
    return accounts.sort((a, b) => a.account_id.localeCompare(b.account_id));
  }
}

