/**
 * Dashboard sessions: the session record, its store port, its lifecycle and the sign-in throttle. Everything else
 * in this folder is internal to it.
 */
export { endSession, resolveSession, startSession } from './session-lifecycle';
export type { SessionStore } from './session-store';
export { newToken, sameToken, type Session, SESSION_LIFETIME_MS } from './session';
export { SignInThrottle } from './sign-in-throttle';
