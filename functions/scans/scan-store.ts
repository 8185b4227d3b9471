import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GSI1 } from '../shared/tables';
import { withoutKeys } from '../shared/aws/dynamo-items';
import { tenantKey, type Tenant } from '../shared/tenant';
import type { ScanRecord } from './scan';

export interface ScanPage {
  items: ScanRecord[];
  /** The scan id the next page starts after; null on the last page. (The API seals it into an opaque cursor.) */
  lastScanId: string | null;
}

/** The outcome of analysis, written once: a completed or failed scan is never overwritten. */
export type ScanOutcome = Pick<
  ScanRecord,
  'status' | 'skin_score' | 'markers' | 'completed_at' | 'model' | 'face' | 'quality' | 'error'
>;

/** Scans in DynamoDB: partition per tenant, sorted by the time-ordered scan id; gsi1 per tenant and user. */
export class ScanStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(record: ScanRecord): Promise<void> {
    const pk = tenantKey({ accountId: record.account_id, environment: record.environment });
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk,
          sk: record.scan_id,
          ...(record.user_id ? { gsi1pk: userPartition(pk, record.user_id), gsi1sk: record.scan_id } : {}),
          ...record,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(tenant: Tenant, scanId: string, options: { consistent?: boolean } = {}): Promise<ScanRecord | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({
        TableName: this.tableName,
        Key: { pk: tenantKey(tenant), sk: scanId },
        ConsistentRead: options.consistent ?? false,
      }),
    );
    return Item ? stripKeys(Item) : undefined;
  }

  /**
   * Newest first. With `userId`, only that user's scans; with `afterScanId`, the page after that scan. The start
   * key is built here from the caller's tenant and filter, so no client input ever becomes a table key.
   */
  async list(tenant: Tenant, options: { userId?: string; limit: number; afterScanId?: string }): Promise<ScanPage> {
    const pk = tenantKey(tenant);
    const byUser = options.userId !== undefined;
    const after = options.afterScanId;
    const startKey =
      after === undefined ? undefined : byUser ? { gsi1pk: userPartition(pk, options.userId!), gsi1sk: after, pk, sk: after } : { pk, sk: after };
    const { Items = [], LastEvaluatedKey } = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        ...(byUser ? { IndexName: GSI1 } : {}),
        KeyConditionExpression: byUser ? 'gsi1pk = :pk' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': byUser ? userPartition(pk, options.userId!) : pk },
        ScanIndexForward: false,
        Limit: options.limit,
        ExclusiveStartKey: startKey,
      }),
    );
    return {
      items: Items.map(stripKeys),
      lastScanId: LastEvaluatedKey ? String(LastEvaluatedKey.sk) : null,
    };
  }

  /** Writes the outcome only while the scan is still processing; false when another delivery already did. */
  async finish(tenant: Tenant, scanId: string, outcome: ScanOutcome): Promise<boolean> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':processing': 'processing' };
    const sets = Object.entries(outcome).map(([field, value]) => {
      names[`#${field}`] = field;
      values[`:${field}`] = value;
      return `#${field} = :${field}`;
    });
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(tenant), sk: scanId },
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: '#status = :processing',
          ExpressionAttributeNames: { ...names, '#status': 'status' },
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** Ids of every scan of a user (for erasure), following every page. */
  async idsOfUser(tenant: Tenant, userId: string): Promise<string[]> {
    const ids: string[] = [];
    let afterScanId: string | undefined;
    do {
      const page = await this.list(tenant, { userId, limit: 100, afterScanId });
      ids.push(...page.items.map((scan) => scan.scan_id));
      afterScanId = page.lastScanId ?? undefined;
    } while (afterScanId);
    return ids;
  }

  async delete(tenant: Tenant, scanId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: tenantKey(tenant), sk: scanId } }));
  }
}

function userPartition(tenantPk: string, userId: string): string {
  return `${tenantPk}#user#${userId}`;
}

const stripKeys = (item: Record<string, unknown>) => withoutKeys<ScanRecord>(item);
