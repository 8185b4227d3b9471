import type { Logger } from '@aws-lambda-powertools/logger';
import { isoTimestamp, type Clock } from '../kernel/clock';
import type { Environment } from '../kernel/tenant';
import type { KeyStore } from '../keys/contract';
import { dayOf, type UsageIncrement } from './usage';
import type { UsageStore } from './usage-store';

/** A key's "last used" moves at most this often. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * Counts one answered API request: one ADD on the day's item of its key, and at most once a minute per key
 * (in this container, and by a conditional write across containers) the key's last-used time. A failure to
 * count is logged and never fails the request it counts.
 */
export class UsageRecorder {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly usage: UsageStore,
    private readonly keys: KeyStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async record(caller: { accountId: string; environment: Environment; keyId: string }, increment: UsageIncrement): Promise<void> {
    const now = this.clock.now();
    const writes: Promise<void>[] = [this.usage.add(caller.accountId, dayOf(now), caller.environment, caller.keyId, increment)];
    const lastTouch = this.touched.get(caller.keyId) ?? 0;
    if (now - lastTouch >= LAST_USED_EVERY_MS) {
      if (this.touched.size > 10_000) this.touched.clear();
      this.touched.set(caller.keyId, now);
      writes.push(this.keys.touchLastUsed(caller.keyId, isoTimestamp(now), isoTimestamp(now - LAST_USED_EVERY_MS)));
    }
    const results = await Promise.allSettled(writes);
    for (const result of results) {
      if (result.status === 'rejected') {
        this.logger.warn('usage not recorded', { accountId: caller.accountId, keyId: caller.keyId, error: String((result.reason as Error)?.name ?? 'error') });
      }
    }
  }
}
