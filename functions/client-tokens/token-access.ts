import { DomainError } from '../kernel/errors';
import type { Principal } from '../keys/contract';

/**
 * What a client token may call: create and read its user's scans (and their overlays), read its user's score,
 * make uploads, read the marker catalogue. Everything else (deleting, erasing, routines, ingredients, minting
 * tokens) is a 403 whatever the scopes say: a token lives inside an app, where anyone can take it out.
 */
const TOKEN_OPERATIONS: readonly [method: string, path: RegExp][] = [
  ['POST', /^\/v1\/scans\/?$/],
  ['GET', /^\/v1\/scans\/?$/],
  ['GET', /^\/v1\/scans\/[^/]+\/?$/],
  ['GET', /^\/v1\/scans\/[^/]+\/overlay\/?$/],
  ['GET', /^\/v1\/users\/[^/]+\/score\/?$/],
  ['POST', /^\/v1\/uploads\/?$/],
  ['GET', /^\/v1\/markers\/?$/],
];

export function assertTokenMayCall(principal: Principal, method: string, path: string): void {
  if (!principal.clientToken) return;
  if (TOKEN_OPERATIONS.some(([m, pattern]) => m === method && pattern.test(path))) return;
  throw new DomainError('insufficient_scope', `A client token cannot call ${method} ${path.slice(0, 100)}: it may only create and read its user's scans and score. Use a secret key from your back end.`, [
    { param: 'Authorization', message: 'client tokens cannot call this operation' },
  ]);
}

/**
 * The user a request acts for. A key acts for whoever it names (or nobody); a client token for its own user only:
 * naming another is a 403, naming none means its own.
 */
export function actingUserId(principal: Principal, requested: string | null | undefined, param = 'user_id'): string | null {
  const bound = principal.clientToken?.userId;
  if (bound === undefined) return requested ?? null;
  if (requested !== undefined && requested !== null && requested !== bound) {
    throw new DomainError('insufficient_scope', `${param}: this client token acts for its own user only.`, [
      { param, message: 'a client token acts for its own user only' },
    ]);
  }
  return bound;
}

/** Whether the caller may see a record of this user: keys see their tenant's, tokens their user's. */
export function mayRead(principal: Principal, record: { user_id: string | null }): boolean {
  return principal.clientToken === undefined || record.user_id === principal.clientToken.userId;
}
