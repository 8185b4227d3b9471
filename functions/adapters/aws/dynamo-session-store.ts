import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { withoutKeys } from './dynamo-items';
import type { Session, SessionStore } from '../../sessions/contract';

const sessionKey = (idHash: string) => `session#${idHash}`;

/**
 * The `sessions` table: sessions under `session#<sha256 of the id>`, and failed sign-in counters under
 * `failures#<kind>#<sha256 of the email or address>` (the times of recent failures). Both carry `expires_at` (TTL, epoch s).
 */
export class DynamoSessionStore extends DynamoTable implements SessionStore {
  async create(session: Session): Promise<void> {
    await this.putNew({ pk: sessionKey(session.id_hash), sk: 'session', ...session, expires_at: Math.ceil(session.ends_at / 1000) });
  }

  async get(idHash: string): Promise<Session | undefined> {
    const { Item } = await this.readItem({ pk: sessionKey(idHash), sk: 'session' }, { consistent: true });
    if (!Item) return undefined;
    const { expires_at: _ttl, ...session } = withoutKeys<Session & { expires_at: number }>(Item);
    return session;
  }

  async touch(idHash: string, seenAt: number): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: sessionKey(idHash), sk: 'session' },
        UpdateExpression: 'SET seen_at = :seen',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':seen': seenAt },
      }),
    ).catch(() => undefined); // signed out meanwhile: nothing to refresh
  }

  async delete(idHash: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: sessionKey(idHash), sk: 'session' } }));
  }

  /** Appends the time of one failed sign-in to the subject's list (one atomic update) and returns the list. */
  async addFailure(subject: string, atMs: number, expiresAt: number): Promise<number[]> {
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: `failures#${subject}`, sk: 'failures' },
        UpdateExpression: 'SET times = list_append(if_not_exists(times, :empty), :at), expires_at = :expires',
        ExpressionAttributeValues: { ':empty': [], ':at': [atMs], ':expires': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return ((Attributes?.times as number[] | undefined) ?? []).map(Number);
  }

  /** The times (epoch ms) of the subject's recent failed sign-ins, oldest first. */
  async failures(subject: string): Promise<number[]> {
    const { Item } = await this.readItem({ pk: `failures#${subject}`, sk: 'failures' }, { consistent: true });
    return ((Item?.times as number[] | undefined) ?? []).map(Number);
  }

  /** Drops the `count` oldest times (only while the list still has them: a concurrent trim is not repeated). */
  async dropOldestFailures(subject: string, count: number): Promise<void> {
    if (count < 1) return;
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: `failures#${subject}`, sk: 'failures' },
          UpdateExpression: `REMOVE ${Array.from({ length: count }, (_, i) => `times[${i}]`).join(', ')}`,
          ConditionExpression: 'size(times) >= :count',
          ExpressionAttributeValues: { ':count': count },
        }),
      )
      .catch(() => undefined); // trimmed meanwhile by another request
  }
}

