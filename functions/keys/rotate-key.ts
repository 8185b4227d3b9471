import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import type { AccountStore } from '../accounts/contract';
import { issueKey, type IssuedKey } from './issue-key';
import type { ApiKeyRecord, KeyStore } from './key-store';

export const DEFAULT_ROTATION_GRACE_MS = 24 * 3_600_000;

/** A new secret with the same account, environment and scopes; the old one keeps working for `graceMs`. */
export async function rotateKey(
  deps: { keys: KeyStore; accounts: AccountStore; clock: Clock },
  old: ApiKeyRecord,
  graceMs: number = DEFAULT_ROTATION_GRACE_MS,
): Promise<IssuedKey & { oldKeyExpiresAt: string }> {
  const issued = await issueKey(deps, { accountId: old.account_id, environment: old.environment, scopes: old.scopes, name: old.name ?? null });
  const graceEnd = deps.clock.now() + graceMs;
  // Never extend a key that already expires sooner.
  const oldKeyExpiresAt =
    old.expires_at !== null && Date.parse(old.expires_at) < graceEnd ? old.expires_at : isoTimestamp(graceEnd);
  await deps.keys.update(old.key_hash, { expires_at: oldKeyExpiresAt });
  return { ...issued, oldKeyExpiresAt };
}
