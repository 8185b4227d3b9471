import type { RateLimitCounters } from '../../../functions/limits/rate-limiter';

/** Rate-limit windows in memory: a counter per window key, raised only below the limit. */
export class MemoryRateLimitCounters implements RateLimitCounters {
  readonly counts = new Map<string, number>();

  async incrementBelow(key: string, limit: number): Promise<number | undefined> {
    const count = this.counts.get(key) ?? 0;
    if (count >= limit) return undefined;
    this.counts.set(key, count + 1);
    return count + 1;
  }
}
