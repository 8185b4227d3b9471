import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { queryAll } from './dynamo-items';
import type { Environment } from '../../kernel/tenant';
import { USAGE_RETENTION_DAYS, type UsageDay, type UsageIncrement, type UsageStore } from '../../usage/contract';

/**
 * The `usage` table: one item per account, day, environment and key (pk = account id, sk = `day#env#key`),
 * counted with atomic ADDs as requests happen, so concurrent API containers never lose a count and reading
 * 30 days is one query of one partition.
 */
export class DynamoUsageStore extends DynamoTable implements UsageStore {
  async add(accountId: string, day: string, environment: Environment, keyId: string, increment: UsageIncrement): Promise<void> {
    const expires = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + USAGE_RETENTION_DAYS * 86_400;
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: accountId, sk: `${day}#${environment}#${keyId}` },
        UpdateExpression: 'ADD requests :requests, scans :scans, rate_limited :limited SET #day = :day, environment = :env, key_id = :key, expires_at = :expires',
        ExpressionAttributeNames: { '#day': 'day' },
        ExpressionAttributeValues: {
          ':requests': increment.requests,
          ':scans': increment.scans,
          ':limited': increment.rate_limited,
          ':day': day,
          ':env': environment,
          ':key': keyId,
          ':expires': expires,
        },
      }),
    );
  }

  /** Every counter of the account from `fromDay` to `toDay` (inclusive). */
  async list(accountId: string, fromDay: string, toDay: string): Promise<UsageDay[]> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': accountId, ':from': fromDay, ':to': `${toDay}~` },
      ConsistentRead: true,
    });
    return items.map((item) => ({
      day: String(item.day),
      environment: item.environment as Environment,
      key_id: String(item.key_id),
      requests: Number(item.requests ?? 0),
      scans: Number(item.scans ?? 0),
      rate_limited: Number(item.rate_limited ?? 0),
    }));
  }
}

