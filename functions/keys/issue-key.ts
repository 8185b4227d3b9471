import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import { DomainError } from '../kernel/errors';
import { newId } from '../kernel/ids';
import type { Environment } from '../kernel/tenant';
import type { AccountStore } from '../accounts/contract';
import { generateApiKey, hashApiKey, lastFour } from './api-key';
import type { ApiKeyRecord, KeyStore } from './key-store';
import { SCOPES, type Scope } from './scopes';

export interface IssuedKey {
  /** The secret: shown once, never stored. */
  key: string;
  record: ApiKeyRecord;
}

/** Creates a key for an account; sandbox accounts get test keys only. */
export async function issueKey(
  deps: { keys: KeyStore; accounts: AccountStore; clock: Clock },
  request: { accountId: string; environment: Environment; scopes?: Scope[]; expiresAt?: string | null; name?: string | null },
): Promise<IssuedKey> {
  const account = await deps.accounts.get(request.accountId);
  if (!account) throw new DomainError('not_found', `Account ${request.accountId} was not found.`);
  if (account.plan === 'sandbox' && request.environment === 'live') {
    throw new DomainError('invalid_request', 'env: sandbox accounts have test keys only.', [
      { param: 'env', message: 'sandbox accounts have test keys only' },
    ]);
  }
  const key = generateApiKey(request.environment);
  const record: ApiKeyRecord = {
    key_id: newId('key', deps.clock.now()),
    name: request.name ?? null,
    key_hash: hashApiKey(key),
    account_id: account.account_id,
    environment: request.environment,
    scopes: request.scopes && request.scopes.length > 0 ? request.scopes : [...SCOPES],
    last4: lastFour(key),
    created_at: isoTimestamp(deps.clock.now()),
    expires_at: request.expiresAt ?? null,
    revoked_at: null,
  };
  await deps.keys.create(record);
  return { key, record };
}
