import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withoutKeys } from '../shared/aws/dynamo-items';
import type { Session } from './session';

/**
 * The `sessions` table: sessions under `session#<sha256 of the id>`, and failed sign-in counters under
 * `failures#<kind>#<sha256 of the email or address>` per 60-second window. Both carry `expires_at` (TTL, epoch s).
 */
export class SessionStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(session: Session): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: sessionKey(session.id_hash), sk: 'session', ...session, expires_at: Math.ceil(session.ends_at / 1000) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(idHash: string): Promise<Session | undefined> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: { pk: sessionKey(idHash), sk: 'session' }, ConsistentRead: true }));
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

  /** Adds one failure to the window and returns the window's count (one atomic ADD). */
  async addFailure(subject: string, windowStart: number, expiresAt: number): Promise<number> {
    const { Attributes } = await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: `failures#${subject}`, sk: String(windowStart) },
        UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.count ?? 1);
  }

  async failures(subject: string, windowStart: number): Promise<number> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: { pk: `failures#${subject}`, sk: String(windowStart) }, ConsistentRead: true }));
    return Number(Item?.count ?? 0);
  }
}

const sessionKey = (idHash: string) => `session#${idHash}`;
