import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A session ends this long after sign-in, whatever happens in between. */
export const SESSION_LIFETIME_MS = 12 * 3_600_000;
/** …and earlier when unused this long. */
export const SESSION_IDLE_MS = 2 * 3_600_000;

/** A dashboard session as stored: under the SHA-256 of its id, never the id itself. */
export interface Session {
  id_hash: string;
  account_id: string;
  email: string;
  /** The synchronizer token every state-changing form must send back. */
  csrf_token: string;
  created_at: string;
  /** Epoch ms: the absolute end. */
  ends_at: number;
  /** Epoch ms of the last request that refreshed it (at most once a minute). */
  seen_at: number;
}

/** 256 random bits, base64url: the cookie value and the CSRF token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time equality of two tokens of any length (compared as SHA-256 digests). */
export function sameToken(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

export function isLive(session: Session, nowMs: number): boolean {
  return nowMs < session.ends_at && nowMs < session.seen_at + SESSION_IDLE_MS;
}
