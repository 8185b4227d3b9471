import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../functions/kernel/clock';
import type { Stores } from '../functions/ports/stores';
import { createAccount } from '../functions/accounts/create-account';
import { issueKey } from '../functions/keys/issue-key';

/**
 * On the first start, a default Business account and a test key. Locally only, the key is also kept in
 * DATA_DIR/sandbox-key (mode 600) so every later start can print it again; deployed stacks never store a secret.
 */
export async function ensureDefaultKey(stores: Stores, clock: Clock, dataDir: string): Promise<{ key: string | undefined; accountId: string }> {
  const keyFile = join(dataDir, 'sandbox-key');
  const existing = (await stores.accounts.list())[0];
  if (existing) {
    const key = await readFile(keyFile, 'utf8').then((k) => k.trim(), () => undefined);
    return { key, accountId: existing.account_id };
  }
  const account = await createAccount({ accounts: stores.accounts, clock }, { name: 'Local default', plan: 'business' });
  const issued = await issueKey({ keys: stores.keys, accounts: stores.accounts, clock }, { accountId: account.account_id, environment: 'test' });
  await writeFile(keyFile, `${issued.key}\n`, { mode: 0o600 });
  await chmod(keyFile, 0o600);
  return { key: issued.key, accountId: account.account_id };
}
