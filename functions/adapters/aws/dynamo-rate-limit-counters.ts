import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { RateLimitCounters } from '../../limits/contract';

/** Rate-limit windows in the `rateLimits` table: one item per window, one conditional ADD per request. */
export class DynamoRateLimitCounters implements RateLimitCounters {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async incrementBelow(key: string, limit: number, expiresAtSeconds: number): Promise<number | undefined> {
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: key, sk: 'window' },
          UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': expiresAtSeconds },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(Attributes?.count ?? limit);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
