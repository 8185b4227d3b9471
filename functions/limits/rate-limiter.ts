import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Clock } from '../kernel/clock';
import { tenantKey, type Tenant } from '../kernel/tenant';

export const WINDOW_SECONDS = 60;

export interface RateLimitDecision {
  admitted: boolean;
  limit: number;
  /** Requests left in this window after this one. */
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  resetSeconds: number;
}

/**
 * Fixed 60-second windows per account and environment, counted in DynamoDB with one conditional ADD per
 * request: the condition `count < limit` is evaluated atomically by DynamoDB, so concurrent requests from any
 * number of processes never admit more than the limit.
 */
export class RateLimiter {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: Clock,
  ) {}

  async take(tenant: Tenant, limit: number): Promise<RateLimitDecision> {
    const nowMs = this.clock.now();
    const windowStart = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const windowEnd = windowStart + WINDOW_SECONDS;
    const resetSeconds = Math.max(1, Math.ceil(windowEnd - nowMs / 1000));
    try {
      const { Attributes } = await this.db.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { pk: `${tenantKey(tenant)}#${windowStart}`, sk: 'window' },
          UpdateExpression: 'ADD #count :one SET expires_at = if_not_exists(expires_at, :expires)',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': windowEnd + WINDOW_SECONDS },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      const count = Number(Attributes?.count ?? limit);
      return { admitted: true, limit, remaining: Math.max(0, limit - count), resetSeconds };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return { admitted: false, limit, remaining: 0, resetSeconds };
      throw error;
    }
  }
}
