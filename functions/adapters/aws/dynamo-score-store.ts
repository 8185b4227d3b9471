import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import { conditionalWrite, withoutKeys } from './dynamo-items';
import type { UserScoreRecord, ScoreStore } from '../../scores/contract';

/** One item per tenant and user; writes are optimistic (the version read must still be there). */
export class DynamoScoreStore extends DynamoTable implements ScoreStore {
  async get(tenant: Tenant, userId: string): Promise<UserScoreRecord | undefined> {
    const { Item } = await this.readItem({ pk: tenantKey(tenant), sk: userId }, { consistent: true });
    return Item ? withoutKeys<UserScoreRecord>(Item) : undefined;
  }

  /** False when another writer got there first (the caller re-reads and retries). */
  async put(tenant: Tenant, record: UserScoreRecord, expectedVersion: number | null): Promise<boolean> {
    return conditionalWrite(
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: tenantKey(tenant), sk: record.user_id, ...record },
          ConditionExpression: expectedVersion === null ? 'attribute_not_exists(pk)' : 'version = :expected',
          ...(expectedVersion === null ? {} : { ExpressionAttributeValues: { ':expected': expectedVersion } }),
        }),
      ),
    );
  }

  async delete(tenant: Tenant, userId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: tenantKey(tenant), sk: userId } }));
  }
}

