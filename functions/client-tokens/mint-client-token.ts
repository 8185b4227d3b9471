import { hashApiKey, requireScope, type Principal, CLIENT_TOKEN_SCOPES, type ClientTokenScope } from '../keys/contract';
import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import { newId } from '../kernel/ids';
import { CLIENT_TOKEN_TTL, generateClientToken, type ClientTokenRecord } from './client-token';
import type { ClientTokenStore } from './client-token-store';

export interface MintRequest {
  userId: string;
  scopes?: ClientTokenScope[];
  expiresInSeconds?: number;
}

/**
 * A client token for one user, minted by a secret key: its scopes are the requested ones (default all three a token
 * may carry), each of which the minting key must hold itself, so a token never grants more than its key.
 */
export async function mintClientToken(
  deps: { tokens: ClientTokenStore; clock: Clock },
  minter: Principal,
  request: MintRequest,
): Promise<{ token: string; record: ClientTokenRecord }> {
  const scopes = CLIENT_TOKEN_SCOPES.filter((scope) => (request.scopes ?? CLIENT_TOKEN_SCOPES).includes(scope));
  for (const scope of scopes) requireScope(minter, scope);
  const now = deps.clock.now();
  const token = generateClientToken(minter.environment);
  const record: ClientTokenRecord = {
    token_id: newId('ct', now),
    token_hash: hashApiKey(token),
    account_id: minter.accountId,
    environment: minter.environment,
    user_id: request.userId,
    scopes,
    key_id: minter.keyId,
    key_hash: minter.keyHash,
    created_at: isoTimestamp(now),
    expires_at: isoTimestamp(now + (request.expiresInSeconds ?? CLIENT_TOKEN_TTL.defaultSeconds) * 1000),
  };
  await deps.tokens.create(record);
  return { token, record };
}
