import { isoTimestamp, type Clock } from '../kernel/clock';
import { hashToken, isLive, newToken, SESSION_LIFETIME_MS, type Session } from './session';
import type { SessionStore } from './session-store';

/** How often a live session's idle timer is pushed forward (one write a minute at most). */
const TOUCH_EVERY_MS = 60_000;

export interface SessionDeps {
  sessions: SessionStore;
  clock: Clock;
}

/** A new session: the id goes into the cookie, only its hash into the store. */
export async function startSession(deps: SessionDeps, member: { account_id: string; email: string }): Promise<{ id: string; session: Session }> {
  const id = newToken();
  const now = deps.clock.now();
  const session: Session = {
    id_hash: hashToken(id),
    account_id: member.account_id,
    email: member.email,
    csrf_token: newToken(),
    created_at: isoTimestamp(now),
    ends_at: now + SESSION_LIFETIME_MS,
    seen_at: now,
  };
  await deps.sessions.create(session);
  return { id, session };
}

/** The live session a cookie names, or undefined (unknown, signed out, ended or idle too long). */
export async function resolveSession(deps: SessionDeps, id: string | undefined): Promise<Session | undefined> {
  if (!id || id.length > 100) return undefined;
  const session = await deps.sessions.get(hashToken(id));
  const now = deps.clock.now();
  if (!session || !isLive(session, now)) return undefined;
  if (now - session.seen_at >= TOUCH_EVERY_MS) await deps.sessions.touch(session.id_hash, now);
  return session;
}

export async function endSession(deps: SessionDeps, id: string | undefined): Promise<void> {
  if (id && id.length <= 100) await deps.sessions.delete(hashToken(id));
}
