import type { Clock } from '../kernel/clock';
import { hashToken } from './session';
import type { SessionStore } from './session-store';

/** Failed sign-ins allowed per email and per client address within any 60 seconds; the next attempt is refused. */
export const MAX_FAILURES_PER_MINUTE = 5;
const WINDOW_MS = 60_000;
/** Times kept per subject beyond which the oldest are dropped (only the last minute's matter). */
const KEEP = 20;

export type ThrottleSubject = { kind: 'email' | 'address'; value: string };

/**
 * Failed sign-ins per email and per address, kept as the list of their times (appended atomically), so the
 * count is exact over any sliding minute: a burst across a clock-minute boundary is caught like any other. A
 * throttled attempt is refused before the password is looked at and adds no time, so the list stays short;
 * it is trimmed past KEEP entries and expires with the item (TTL). Subjects are hashed: neither emails nor
 * addresses appear in the counters' keys.
 */
export class SignInThrottle {
  constructor(
    private readonly store: SessionStore,
    private readonly clock: Clock,
  ) {}

  /** The seconds to wait when any subject has reached the limit, else 0. */
  async retryAfterSeconds(subjects: ThrottleSubject[]): Promise<number> {
    const now = this.clock.now();
    let wait = 0;
    for (const subject of subjects) {
      const recent = (await this.store.failures(subjectKey(subject))).filter((at) => at > now - WINDOW_MS && at <= now);
      if (recent.length >= MAX_FAILURES_PER_MINUTE) {
        // Free again once enough of them are older than a minute.
        const freedAt = recent[recent.length - MAX_FAILURES_PER_MINUTE] + WINDOW_MS;
        wait = Math.max(wait, Math.max(1, Math.ceil((freedAt - now) / 1000)));
      }
    }
    return wait;
  }

  async recordFailure(subjects: ThrottleSubject[]): Promise<void> {
    const now = this.clock.now();
    await Promise.all(
      subjects.map(async (subject) => {
        const key = subjectKey(subject);
        const times = await this.store.addFailure(key, now, Math.ceil((now + 2 * WINDOW_MS) / 1000));
        if (times.length > KEEP) await this.store.dropOldestFailures(key, times.length - KEEP);
      }),
    );
  }
}

function subjectKey(subject: ThrottleSubject): string {
  return `${subject.kind}#${hashToken(subject.value)}`;
}
