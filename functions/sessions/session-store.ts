import type { Session } from './session';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-session-store.ts. */
export interface SessionStore {
  create(session: Session): Promise<void>;

  get(idHash: string): Promise<Session | undefined>;

  touch(idHash: string, seenAt: number): Promise<void>;

  delete(idHash: string): Promise<void>;

  /** Appends the time of one failed sign-in to the subject's list (one atomic update) and returns the list. */
  addFailure(subject: string, atMs: number, expiresAt: number): Promise<number[]>;

  /** The times (epoch ms) of the subject's recent failed sign-ins, oldest first. */
  failures(subject: string): Promise<number[]>;

  /** Drops the `count` oldest times (only while the list still has them: a concurrent trim is not repeated). */
  dropOldestFailures(subject: string, count: number): Promise<void>;
}
