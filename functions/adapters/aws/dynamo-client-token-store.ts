import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { withoutKeys } from './dynamo-items';
import type { ClientTokenRecord, ClientTokenStore } from '../../client-tokens/contract';

const tokenKey = (hash: string) => `hash#${hash}`;

/** Client tokens in DynamoDB, one item per token under its hash; `ttl` (epoch seconds) lets DynamoDB drop them. */
export class DynamoClientTokenStore extends DynamoTable implements ClientTokenStore {
  async create(record: ClientTokenRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        // The table's TTL attribute is `expires_at` in epoch seconds; the record keeps its ISO time apart.
        Item: { pk: tokenKey(record.token_hash), sk: 'token', ...record, expires_at: Math.ceil(Date.parse(record.expires_at) / 1000), expires_at_iso: record.expires_at },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async findByHash(tokenHash: string): Promise<ClientTokenRecord | undefined> {
    const { Item } = await this.readItem({ pk: tokenKey(tokenHash), sk: 'token' }, { consistent: true });
    if (!Item) return undefined;
    const { expires_at: _ttl, expires_at_iso: expiresAt, ...record } = withoutKeys<Record<string, unknown>>(Item);
    return { ...record, expires_at: String(expiresAt) } as ClientTokenRecord;
  }
}

