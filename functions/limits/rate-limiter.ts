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
 * The port: one counter per window, raised only while below the limit, atomically across every process
 * (functions/adapters/aws/dynamo-rate-limit-counters.ts: one conditional ADD in DynamoDB).
 */
export interface RateLimitCounters {
  /** The count after this request, or undefined when the window already holds `limit` (nothing counted). */
  incrementBelow(key: string, limit: number, expiresAtSeconds: number): Promise<number | undefined>;
}

/**
 * Fixed 60-second windows per account and environment: the condition `count < limit` is checked by the counter
 * store in the same write, so concurrent requests from any number of processes never admit more than the limit.
 */
export class RateLimiter {
  constructor(
    private readonly counters: RateLimitCounters,
    private readonly clock: Clock,
  ) {}

  async take(tenant: Tenant, limit: number): Promise<RateLimitDecision> {
    const nowMs = this.clock.now();
    const windowStart = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const windowEnd = windowStart + WINDOW_SECONDS;
    const resetSeconds = Math.max(1, Math.ceil(windowEnd - nowMs / 1000));
    const count = await this.counters.incrementBelow(`${tenantKey(tenant)}#${windowStart}`, limit, windowEnd + WINDOW_SECONDS);
    if (count === undefined) return { admitted: false, limit, remaining: 0, resetSeconds };
    return { admitted: true, limit, remaining: Math.max(0, limit - count), resetSeconds };
  }
}
