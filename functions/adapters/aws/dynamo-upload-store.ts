import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { queryAll, withoutKeys } from './dynamo-items';
import { GSI1 } from './tables';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import type { UploadRecord, UploadStore } from '../../uploads/contract';

const userKey = (tenant: Tenant, userId: string) => `user#${tenantKey(tenant)}#${userId}`;

/** The stored item as the record: the ISO expiry back in `expires_at` (the item's is the TTL in epoch seconds). */
function toRecord(item: Record<string, unknown>): UploadRecord {
  const { expires_at: _ttl, expires_at_iso: expiresAt, ...record } = withoutKeys<Record<string, unknown>>(item);
  return { ...record, expires_at: String(expiresAt) } as UploadRecord;
}

/**
 * Upload records: partition per tenant (another tenant's id is simply not found), TTL a day after expiry; gsi1 per
 * tenant and user, so erasing a user finds their uploads.
 */
export class DynamoUploadStore extends DynamoTable implements UploadStore {
  async create(record: UploadRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk: tenantKey({ accountId: record.account_id, environment: record.environment }),
          sk: record.upload_id,
          ...(record.user_id ? { gsi1pk: userKey({ accountId: record.account_id, environment: record.environment }, record.user_id), gsi1sk: record.upload_id } : {}),
          ...record,
          expires_at: Math.ceil(Date.parse(record.expires_at) / 1000) + 86_400,
          expires_at_iso: record.expires_at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(tenant: Tenant, uploadId: string): Promise<UploadRecord | undefined> {
    const { Item } = await this.readItem({ pk: tenantKey(tenant), sk: uploadId }, { consistent: true });
    return Item ? toRecord(Item) : undefined;
  }

  /** The uploads made for a user (claimed or not), for erasure. */
  async ofUser(tenant: Tenant, userId: string): Promise<UploadRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': userKey(tenant, userId) },
    });
    return items.map(toRecord);
  }

  async delete(tenant: Tenant, uploadId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: tenantKey(tenant), sk: uploadId } }));
  }

  /** Marks the upload used; false when it already was (a concurrent or repeated request got there first). */
  async claim(tenant: Tenant, uploadId: string, usedAt: string): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(tenant), sk: uploadId },
          UpdateExpression: 'SET used_at = :now',
          ConditionExpression: 'attribute_exists(pk) AND used_at = :none',
          ExpressionAttributeValues: { ':now': usedAt, ':none': null },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || (error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }
}

