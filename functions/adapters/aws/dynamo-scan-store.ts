import { DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { GSI1, PROCESSING_INDEX, PROCESSING_SHARDS } from './tables';
import { conditionalWrite, withoutKeys } from './dynamo-items';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import type { ScanRecord, ScanStore, ProcessingScanRef, ScanPage, ScanOutcome } from '../../scans/contract';

function userPartition(tenantPk: string, userId: string): string {
  return `${tenantPk}#user#${userId}`;
}

function stripKeys(item: Record<string, unknown>): ScanRecord {
  const { [PROCESSING_INDEX.partitionKey]: _shard, [PROCESSING_INDEX.sortKey]: _since, ...rest } = item;
  return withoutKeys<ScanRecord>(rest);
}

/** The processing index's attributes of a new scan: its shard (from the id) and since when it is processing. */
function processingKeys(scanId: string, since: string): Record<string, string> {
  return { [PROCESSING_INDEX.partitionKey]: processingShard(shardOf(scanId)), [PROCESSING_INDEX.sortKey]: since };
}

function processingShard(shard: number): string {
  return `processing#${shard}`;
}

/** Scan ids end in random characters (ULID), so their last character spreads scans evenly over the shards. */
function shardOf(scanId: string): number {
  return scanId.charCodeAt(scanId.length - 1) % PROCESSING_SHARDS;
}

function processingRef(item: Record<string, unknown>): ProcessingScanRef[] {
  const pk = String(item.pk ?? '');
  const separator = pk.lastIndexOf('#');
  const environment = pk.slice(separator + 1);
  const since = item[PROCESSING_INDEX.sortKey];
  if (separator <= 0 || (environment !== 'test' && environment !== 'live') || typeof item.sk !== 'string' || typeof since !== 'string') return [];
  return [{ tenant: { accountId: pk.slice(0, separator), environment }, scanId: item.sk, processingSince: since }];
}

/** Scans in DynamoDB: partition per tenant, sorted by the time-ordered scan id; gsi1 per tenant and user. */
export class DynamoScanStore extends DynamoTable implements ScanStore {
  async create(record: ScanRecord): Promise<void> {
    const pk = tenantKey({ accountId: record.account_id, environment: record.environment });
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk,
          sk: record.scan_id,
          ...(record.user_id ? { gsi1pk: userPartition(pk, record.user_id), gsi1sk: record.scan_id } : {}),
          ...(record.status === 'processing' ? processingKeys(record.scan_id, record.created_at) : {}),
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
    return conditionalWrite(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(tenant), sk: scanId },
          // Leaving processing also leaves the sparse processing index (the recovery sweep's view).
          UpdateExpression: `SET ${sets.join(', ')} REMOVE #processingPk, #processingSince`,
          ConditionExpression: '#status = :processing',
          ExpressionAttributeNames: {
            ...names,
            '#status': 'status',
            '#processingPk': PROCESSING_INDEX.partitionKey,
            '#processingSince': PROCESSING_INDEX.sortKey,
          },
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }

  /**
   * Scans processing since before `cutoff` (ISO time), oldest first per shard, from the sparse processing index:
   * the cost follows the number of unfinished scans, not the table. At most `limit` in all.
   */
  async processingBefore(cutoff: string, limit: number): Promise<ProcessingScanRef[]> {
    const refs: ProcessingScanRef[] = [];
    for (let shard = 0; shard < PROCESSING_SHARDS && refs.length < limit; shard++) {
      let start: Record<string, unknown> | undefined;
      do {
        const page = await this.db.send(
          new QueryCommand({
            TableName: this.tableName,
            IndexName: PROCESSING_INDEX.name,
            KeyConditionExpression: '#shard = :shard AND #since < :cutoff',
            ExpressionAttributeNames: { '#shard': PROCESSING_INDEX.partitionKey, '#since': PROCESSING_INDEX.sortKey },
            ExpressionAttributeValues: { ':shard': processingShard(shard), ':cutoff': cutoff },
            Limit: limit - refs.length,
            ExclusiveStartKey: start,
          }),
        );
        refs.push(...(page.Items ?? []).flatMap(processingRef));
        start = page.LastEvaluatedKey;
      } while (start && refs.length < limit);
    }
    return refs;
  }

  /**
   * The same answer by a filtered table scan, for a local data folder whose scans table was created before the
   * processing index existed (dynalite cannot add an index to a table). Never used on AWS.
   */
  async processingBeforeByScan(cutoff: string, limit: number): Promise<ProcessingScanRef[]> {
    const refs: ProcessingScanRef[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression:
            '#status = :processing AND ((attribute_exists(#since) AND #since < :cutoff) OR (attribute_not_exists(#since) AND #created < :cutoff))',
          ExpressionAttributeNames: { '#status': 'status', '#created': 'created_at', '#since': PROCESSING_INDEX.sortKey },
          ExpressionAttributeValues: { ':processing': 'processing', ':cutoff': cutoff },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        refs.push(...processingRef({ ...item, [PROCESSING_INDEX.sortKey]: item[PROCESSING_INDEX.sortKey] ?? item.created_at }));
      }
      start = page.LastEvaluatedKey;
    } while (start && refs.length < limit);
    return refs.slice(0, limit);
  }

  /**
   * Records a re-queue of a stuck scan: moves `processing_since` to `now` (so the sweep looks again only after
   * another deadline) and counts it, only if the scan is still processing and nobody re-queued it since
   * `seenSince`. False when that condition failed: the job is not sent again, so concurrent sweeps send it once.
   */
  async markRequeued(ref: ProcessingScanRef, now: string): Promise<boolean> {
    return conditionalWrite(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: tenantKey(ref.tenant), sk: ref.scanId },
          UpdateExpression: 'SET #pk = :shard, #since = :now ADD #recoveries :one',
          ConditionExpression: '#status = :processing AND (#since = :seen OR (attribute_not_exists(#since) AND created_at = :seen))',
          ExpressionAttributeNames: {
            '#status': 'status',
            '#pk': PROCESSING_INDEX.partitionKey,
            '#since': PROCESSING_INDEX.sortKey,
            '#recoveries': 'recoveries',
          },
          ExpressionAttributeValues: {
            ':processing': 'processing',
            ':shard': processingShard(shardOf(ref.scanId)),
            ':now': now,
            ':seen': ref.processingSince,
            ':one': 1,
          },
        }),
      ),
    );
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

