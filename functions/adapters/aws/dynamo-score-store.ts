import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import { withoutKeys } from './dynamo-items';
import type { UserScoreRecord, ScoreStore } from '../../scores/contract';

/** One item per tenant and user; writes are optimistic (the version read must still be there). */
export class DynamoScoreStore implements ScoreStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(tenant: Tenant, userId: string): Promise<UserScoreRecord | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: tenantKey(tenant), sk: userId }, ConsistentRead: true }),
    );
    return Item ? withoutKeys<UserScoreRecord>(Item) : undefined;
  }

  /** False when another writer got there first (the caller re-reads and retries). */
  async put(tenant: Tenant, record: UserScoreRecord, expectedVersion: number | null): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: tenantKey(tenant), sk: record.user_id, ...record },
          ConditionExpression: expectedVersion === null ? 'attribute_not_exists(pk)' : 'version = :expected',
          ...(expectedVersion === null ? {} : { ExpressionAttributeValues: { ':expected': expectedVersion } }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async delete(tenant: Tenant, userId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: tenantKey(tenant), sk: userId } }));
  }
}

