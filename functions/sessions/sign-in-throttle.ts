import type { Clock } from '../shared/clock';
import { hashToken } from './session';
import type { SessionStore } from './session-store';

/** Failed sign-ins allowed per email and per client address in a sliding minute; the next attempt is refused. */
export const MAX_FAILURES_PER_MINUTE = 5;
const WINDOW_MS = 60_000;

export type ThrottleSubject = { kind: 'email' | 'address'; value: string };

/**
 * Failed sign-ins counted per email and per address in 60-second windows (atomic ADD). The count of the
 * current window plus the previous one weighted by how much of it still lies within the last minute
 * approximates a sliding minute, so a burst across a window boundary is caught too. Subjects are hashed:
 * neither emails nor addresses are stored in the counters' keys.
 */
export class SignInThrottle {
  constructor(
    private readonly store: SessionStore,
    private readonly clock: Clock,
  ) {}

  /** The seconds to wait when any subject has reached the limit, else 0. */
  async retryAfterSeconds(subjects: ThrottleSubject[]): Promise<number> {
    const now = this.clock.now();
    const current = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const previousWeight = 1 - (now - current) / WINDOW_MS;
    for (const subject of subjects) {
      const key = subjectKey(subject);
      const [inCurrent, inPrevious] = await Promise.all([this.store.failures(key, current), this.store.failures(key, current - WINDOW_MS)]);
      if (inCurrent + Math.floor(inPrevious * previousWeight) >= MAX_FAILURES_PER_MINUTE) {
        return Math.max(1, Math.ceil((current + WINDOW_MS - now) / 1000));
      }
    }
    return 0;
  }

  async recordFailure(subjects: ThrottleSubject[]): Promise<void> {
    const now = this.clock.now();
    const current = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    await Promise.all(subjects.map((subject) => this.store.addFailure(subjectKey(subject), current, Math.ceil((current + 3 * WINDOW_MS) / 1000))));
  }
}

function subjectKey(subject: ThrottleSubject): string {
  return `${subject.kind}#${hashToken(subject.value)}`;
}
