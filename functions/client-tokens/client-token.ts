import { randomBytes } from 'node:crypto';
import type { Environment } from '../kernel/tenant';
import type { ClientTokenScope } from '../keys/contract';

/**
 * A client token: a short-lived Bearer credential an app's back end mints with its secret key and hands to the
 * app (a phone, a web page), bound to one user and a few scopes. `ct_test_` or `ct_live_` plus 32 random bytes.
 *
 * Stored, not signed: the record (under the token's SHA-256, like keys) names the minting key, so revoking that
 * key ends its tokens on the next lookup, and no signing secret has to be provisioned or rotated. DynamoDB's TTL
 * removes records after they expire; the authenticator compares the expiry with its clock on every request.
 */
const TOKEN_PATTERN = /^ct_(test|live)_[A-Za-z0-9_-]{43,}$/;

export function generateClientToken(environment: Environment): string {
  return `ct_${environment}_${randomBytes(32).toString('base64url')}`;
}

export function isClientToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** Default and longest lifetime: 15 minutes, 24 hours. */
export const CLIENT_TOKEN_TTL = { defaultSeconds: 900, minSeconds: 60, maxSeconds: 86_400 } as const;

export interface ClientTokenRecord {
  token_id: string;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  account_id: string;
  environment: Environment;
  user_id: string;
  scopes: ClientTokenScope[];
  /** The key that minted it: the token works only while that key does. */
  key_id: string;
  key_hash: string;
  created_at: string;
  /** ISO time the token stops working. */
  expires_at: string;
}
