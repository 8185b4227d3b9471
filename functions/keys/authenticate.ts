import { DomainError } from '../kernel/errors';
import type { Environment } from '../kernel/tenant';
import type { Scope } from './scopes';

/** Who is calling: resolved from the Bearer key (or a client token the key minted). */
export interface Principal {
  /** The secret key, or for a client token the key that minted it. */
  keyId: string;
  /** That key's SHA-256 (what a client token records to follow the key's revocation). */
  keyHash: string;
  accountId: string;
  environment: Environment;
  scopes: readonly Scope[];
  /** Requests per minute of the key's account, per environment. */
  rateLimit: number;
  /** Set when the credential is a client token: it acts for this one user only (functions/client-tokens). */
  clientToken?: { tokenId: string; userId: string };
}

/** 403 naming the scope the route needs. */
export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.includes(scope)) {
    throw new DomainError('insufficient_scope', `This key lacks the scope ${scope}.`, [
      { param: 'Authorization', message: `requires scope ${scope}` },
    ]);
  }
}
