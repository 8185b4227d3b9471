import { BatchGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { conditionalWrite, queryAll, setChanges, withoutKeys } from './dynamo-items';
import { GSI1 } from './tables';
import type { KeyStore, ApiKeyRecord } from '../../keys/contract';

const hashKey = (hash: string) => `hash#${hash}`;

const idKey = (keyId: string) => `id#${keyId}`;

const accountKey = (accountId: string) => `acct#${accountId}`;

/**
 * Keys in DynamoDB. Two items per key: the record under its hash (the only lookup the API makes) and a
 * pointer under its id (for rotate and revoke); gsi1 lists an account's keys.
 */
export class DynamoKeyStore extends DynamoTable implements KeyStore {
  private readonly changeListeners = new Set<(keyHash: string) => void>();

  /**
   * Hears of every key this store creates, rotates or revokes, in this process: the API's key cache drops its
   * copy at once, so a change made here takes effect here on the next request (other processes: their cache bound).
   */
  onChange(listener: (keyHash: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(keyHash: string): void {
    for (const listener of this.changeListeners) listener(keyHash);
  }

  /**
   * Two conditional puts, pointer first: an orphaned pointer (the second put failing) leads nowhere, while a
   * record without its pointer could not be rotated or revoked. (dynalite has no transactions, and the same code
   * runs against it and DynamoDB.)
   */
  async create(record: ApiKeyRecord): Promise<void> {
    await this.putNew({ pk: idKey(record.key_id), sk: 'key', key_hash: record.key_hash });
    await this.putNew({ pk: hashKey(record.key_hash), sk: 'key', gsi1pk: accountKey(record.account_id), gsi1sk: record.key_id, ...record });
    // A lookup of this hash before it existed may be cached as unknown.
    this.changed(record.key_hash);
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const { Item } = await this.readItem({ pk: hashKey(keyHash), sk: 'key' }, { consistent: true });
    return Item ? withoutKeys<ApiKeyRecord>(Item) : undefined;
  }

  async findById(keyId: string): Promise<ApiKeyRecord | undefined> {
    const { Item } = await this.readItem({ pk: idKey(keyId), sk: 'key' });
    return Item ? this.findByHash(String(Item.key_hash)) : undefined;
  }

  async listByAccount(accountId: string): Promise<ApiKeyRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': accountKey(accountId) },
    });
    return items.map((item) => withoutKeys<ApiKeyRecord>(item));
  }

  async update(keyHash: string, changes: Partial<Pick<ApiKeyRecord, 'expires_at' | 'revoked_at'>>): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: hashKey(keyHash), sk: 'key' },
        ...setChanges(changes),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    this.changed(keyHash);
  }

  /**
   * Marks the key used at `at`, unless it was marked after `notBefore` already: the mark lives on the id pointer,
   * not on the record the API reads, and the condition makes it at most one write per key per interval however
   * many containers serve the key.
   */
  async touchLastUsed(keyId: string, at: string, notBefore: string): Promise<void> {
    await conditionalWrite(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: idKey(keyId), sk: 'key' },
          UpdateExpression: 'SET last_used_at = :at',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(last_used_at) OR last_used_at < :notBefore)',
          ExpressionAttributeValues: { ':at': at, ':notBefore': notBefore },
        }),
      ),
    );
  }

  /** When each key was last used (ISO time), by key id; keys never used are absent. */
  async lastUsed(keyIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let i = 0; i < keyIds.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = keyIds.slice(i, i + 100).map((id) => ({ pk: idKey(id), sk: 'key' }));
      while (keys && keys.length > 0) {
        const { Responses, UnprocessedKeys } = await this.db.send(new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys } } }));
        for (const item of Responses?.[this.tableName] ?? []) {
          if (typeof item.last_used_at === 'string') found.set(String(item.pk).slice('id#'.length), item.last_used_at);
        }
        keys = UnprocessedKeys?.[this.tableName]?.Keys as Record<string, unknown>[] | undefined;
      }
    }
    return found;
  }
}

