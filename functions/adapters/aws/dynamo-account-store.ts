import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Account, AccountStore } from '../../accounts/contract';
import { withoutKeys } from './dynamo-items';

const strip = (item: Record<string, unknown>) => withoutKeys<Account>(item);

/** Accounts in DynamoDB, one item each; listing is an operator's action, so a table scan is fine. */
export class DynamoAccountStore implements AccountStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(account: Account): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: account.account_id, sk: 'account', ...account },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(accountId: string): Promise<Account | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: accountId, sk: 'account' } }),
    );
    return Item ? strip(Item) : undefined;
  }

  /** Moves an existing account to another plan and limit (an operator's action). */
  async setPlan(accountId: string, plan: Account['plan'], rateLimit: number): Promise<Account | undefined> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: accountId, sk: 'account' },
          UpdateExpression: 'SET #plan = :plan, rate_limit = :limit',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#plan': 'plan' },
          ExpressionAttributeValues: { ':plan': plan, ':limit': rateLimit },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return strip(Attributes!);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async list(): Promise<Account[]> {
    const accounts: Account[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new ScanCommand({ TableName: this.tableName, ExclusiveStartKey: start }));
      accounts.push(...(page.Items ?? []).map(strip));
      start = page.LastEvaluatedKey;
    } while (start);
    return accounts.sort((a, b) => a.account_id.localeCompare(b.account_id));
  }
}

