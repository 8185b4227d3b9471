import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { conditionalWrite, queryAll, withoutKeys } from './dynamo-items';
import { GSI1 } from './tables';
import type { IdempotencyStore, StoredResponse, IdempotencyRecord } from '../../idempotency/contract';

/** Record ids start with the tenant key (`acct#env#operation#key`); the user index groups them per tenant and user. */
function userPartition(id: string, userId: string): string {
  const [account, environment] = id.split('#');
  return `${account}#${environment}#user#${userId}`;
}

/** Idempotency records in DynamoDB, one per tenant and key. */
export class DynamoIdempotencyStore extends DynamoTable implements IdempotencyStore {
  /** Claims the key; false when a live record already holds it. */
  async claim(id: string, record: IdempotencyRecord, nowSeconds: number): Promise<boolean> {
    return conditionalWrite(
      this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { pk: id, sk: 'idempotency', ...(record.user_id ? { gsi1pk: userPartition(id, record.user_id), gsi1sk: id } : {}), ...record },
          // An expired record that TTL has not swept yet counts as absent.
          ConditionExpression: 'attribute_not_exists(pk) OR expires_at < :now',
          ExpressionAttributeValues: { ':now': nowSeconds },
        }),
      ),
    );
  }

  async get(id: string): Promise<IdempotencyRecord | undefined> {
    const { Item } = await this.readItem({ pk: id, sk: 'idempotency' }, { consistent: true });
    return Item ? withoutKeys<IdempotencyRecord>(Item) : undefined;
  }

  /** Stores the response; `userId`, when only the work found out whose request it was, files the record under them. */
  async complete(id: string, response: StoredResponse, userId?: string | null): Promise<void> {
    const byUser = userId ? ', user_id = :user, gsi1pk = :gsi1pk, gsi1sk = :pk' : '';
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: id, sk: 'idempotency' },
        UpdateExpression: `SET #state = :completed, #response = :response${byUser}`,
        ExpressionAttributeNames: { '#state': 'state', '#response': 'response' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':response': response,
          ...(userId ? { ':user': userId, ':gsi1pk': userPartition(id, userId), ':pk': id } : {}),
        },
      }),
    );
  }

  /** Every record a user's requests left (for erasure). */
  async deleteAllOfUser(tenantPk: string, userId: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `${tenantPk}#user#${userId}` },
      ProjectionExpression: 'pk',
    });
    for (const item of items) await this.release(String(item.pk));
  }

  async release(id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: id, sk: 'idempotency' } }));
  }
}

