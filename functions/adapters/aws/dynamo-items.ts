import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, ScanCommand, type DynamoDBDocumentClient, type QueryCommandInput, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { tenantKey, type Environment } from '../../kernel/tenant';

type Page = { Items?: Record<string, unknown>[]; LastEvaluatedKey?: Record<string, unknown> };

/** Reads page after page, following `LastEvaluatedKey`, until the last page or until `enough` of the items so far. */
async function allPages(read: (start: Record<string, unknown> | undefined) => Promise<Page>, enough?: (items: Record<string, unknown>[]) => boolean) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await read(start);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && !enough?.(items));
  return items;
}

/** Every item a query matches (or the pages up to `enough` of them), page after page. */
export function queryAll(
  db: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
  enough?: (items: Record<string, unknown>[]) => boolean,
): Promise<Record<string, unknown>[]> {
  return allPages((start) => db.send(new QueryCommand({ ...input, ExclusiveStartKey: start })), enough);
}

/** Every item of a table scan, page after page (operators' listings only: a scan reads the whole table). */
export function scanAll(db: DynamoDBDocumentClient, input: Omit<ScanCommandInput, 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  return allPages((start) => db.send(new ScanCommand({ ...input, ExclusiveStartKey: start })));
}

/** A stored item without the table's key attributes: the record as the code knows it. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...record } = item;
  return record as T;
}

/** The tenant partition of a record that names its account and environment. */
export function recordTenantKey(record: { account_id: string; environment: Environment }): string {
  return tenantKey({ accountId: record.account_id, environment: record.environment });
}

/**
 * `SET #field = :field, …` for each changed field, with its names and values (`valuePrefix` keeps the values apart
 * from a condition's own placeholders).
 */
export function setChanges(changes: Record<string, unknown>, valuePrefix = ':') {
  const entries = Object.entries(changes);
  return {
    UpdateExpression: `SET ${entries.map(([k]) => `#${k} = ${valuePrefix}${k}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([k, v]) => [`${valuePrefix}${k}`, v])),
  };
}

/** A conditional write's result, or `refused` when its condition did not hold; any other error is thrown. */
export async function unlessConditionFails<T, R>(write: Promise<T>, refused: R): Promise<T | R> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return refused;
    throw error;
  }
}

/** True when a conditional write was made, false when its condition did not hold. */
export function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  return unlessConditionFails(
    write.then(() => true),
    false,
  );
}
