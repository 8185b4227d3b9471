import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { unlessConditionFails } from './dynamo-items';
import type { RateLimitCounters } from '../../limits/contract';

/** Rate-limit windows in the `rateLimits` table: one item per window, one conditional ADD per request. */
export class DynamoRateLimitCounters extends DynamoTable implements RateLimitCounters {
  async incrementBelow(key: string, limit: number, expiresAtSeconds: number): Promise<number | undefined> {
    const updated = await unlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: key, sk: 'window' },
          UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': expiresAtSeconds },
          ReturnValues: 'UPDATED_NEW',
        }),
      ),
      undefined,
    );
    return updated && Number(updated.Attributes?.count ?? limit);
  }
}
