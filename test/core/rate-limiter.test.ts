/** Fixed-window rate limiting (functions/limits/rate-limiter.ts) over in-memory counters and a manual clock. */
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../functions/limits/rate-limiter';
import { ManualClock } from '../support/memory/clock';
import { MemoryRateLimitCounters } from '../support/memory/rate-limit-counters';
import { TENANT } from '../support/factories';

describe('RateLimiter', () => {
  it('when a tenant makes limit + 1 requests in one window, then the last is refused with the seconds to the reset', async () => {
    const clock = new ManualClock(Date.parse('2031-03-04T05:06:10Z')); // 10 s into a window
    const limiter = new RateLimiter(new MemoryRateLimitCounters(), clock);
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.take(TENANT, 3));
    expect(decisions).toEqual([
      { admitted: true, limit: 3, remaining: 2, resetSeconds: 50 },
      { admitted: true, limit: 3, remaining: 1, resetSeconds: 50 },
      { admitted: true, limit: 3, remaining: 0, resetSeconds: 50 },
      { admitted: false, limit: 3, remaining: 0, resetSeconds: 50 },
    ]);
  });

  it('when the next window starts, then requests are admitted again', async () => {
    const clock = new ManualClock(Date.parse('2031-03-04T05:06:59.500Z'));
    const limiter = new RateLimiter(new MemoryRateLimitCounters(), clock);
    await limiter.take(TENANT, 1);
    expect(await limiter.take(TENANT, 1)).toEqual({ admitted: false, limit: 1, remaining: 0, resetSeconds: 1 });
    clock.advance(600);
    expect(await limiter.take(TENANT, 1)).toEqual({ admitted: true, limit: 1, remaining: 0, resetSeconds: 60 });
  });

  it('when two tenants share nothing but the clock, then each has its own window', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitCounters(), new ManualClock());
    await limiter.take(TENANT, 1);
    expect((await limiter.take({ ...TENANT, environment: 'live' }, 1)).admitted).toBe(true);
    expect((await limiter.take({ accountId: 'acct_other', environment: 'test' }, 1)).admitted).toBe(true);
    expect((await limiter.take(TENANT, 1)).admitted).toBe(false);
  });
});
