import { isoTimestamp } from '../../functions/kernel/clock';
import { issueKey } from '../../functions/keys/issue-key';
import { rotateKey } from '../../functions/keys/rotate-key';
import { isScope, SCOPES, type Scope } from '../../functions/keys/scopes';
import type { ApiKeyRecord } from '../../functions/keys/key-store';
import { CliError, openAdminContext } from '../admin-context';
import { parseActionArgs } from '../action-args';
import { parseDuration } from '../duration';
import { print, table } from '../output';
import { defaultAccountId } from './accounts';

/** `skin keys create|list|rotate|revoke`: the dashboard's key management. */
export async function keysCommand(args: string[]): Promise<void> {
  const { action, values, positionals } = parseActionArgs(args, {
    account: { type: 'string' },
    env: { type: 'string', default: 'test' },
    scopes: { type: 'string' },
    grace: { type: 'string', default: '24h' },
    json: { type: 'boolean', default: false },
  });
  const context = await openAdminContext();
  const { keys, accounts } = context.stores;
  const deps = { keys, accounts, clock: context.clock };

  switch (action) {
    case 'create': {
      if (values.env !== 'test' && values.env !== 'live') throw new CliError(`--env: expected test or live, received ${values.env}`);
      const accountId = values.account ?? (await defaultAccountId(accounts));
      const issued = await issueKey(deps, { accountId, environment: values.env, scopes: parseScopes(values.scopes) });
      print(values.json, { key: issued.key, ...publicKey(issued.record) }, () =>
        `Created ${issued.record.key_id} (${issued.record.environment}, account ${accountId}).\nKey (shown once): ${issued.key}`,
      );
      return;
    }
    case 'list': {
      const accountList = values.account ? [values.account] : (await accounts.list()).map((a) => a.account_id);
      const records = (await Promise.all(accountList.map((id) => keys.listByAccount(id)))).flat();
      const rows = records.map(publicKey);
      print(values.json, rows, () => table(rows.map((r) => ({ ...r, scopes: r.scopes.length === SCOPES.length ? 'all' : r.scopes.join(',') })), ['key_id', 'account_id', 'environment', 'last4', 'scopes', 'created_at', 'expires_at', 'revoked_at']));
      return;
    }
    case 'rotate': {
      const old = await findKey(context, positionals[0]);
      const graceMs = parseDuration(values.grace, '--grace');
      const { oldKeyExpiresAt: expiresAt, ...issued } = await rotateKey(deps, old, graceMs);
      print(values.json, { key: issued.key, ...publicKey(issued.record), replaces: old.key_id, old_key_expires_at: expiresAt }, () =>
        `Rotated ${old.key_id}: it works until ${expiresAt}.\nNew key ${issued.record.key_id} (shown once): ${issued.key}`,
      );
      return;
    }
    case 'revoke': {
      const old = await findKey(context, positionals[0]);
      const revokedAt = isoTimestamp(context.clock.now());
      await keys.update(old.key_hash, { revoked_at: revokedAt });
      print(values.json, { ...publicKey(old), revoked_at: revokedAt }, () => `Revoked ${old.key_id}; API functions stop accepting it within 30 s (their key cache).`);
      return;
    }
    default:
      throw new CliError('usage: skin keys create [--account ID] [--env test|live] [--scopes a,b] [--json] | list | rotate KEY_ID [--grace 24h] | revoke KEY_ID');
  }
}

function parseScopes(raw: string | undefined): Scope[] | undefined {
  if (raw === undefined) return undefined;
  const scopes = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new CliError(`--scopes: unknown ${unknown.join(', ')}; valid scopes are ${SCOPES.join(', ')}`);
  return scopes as Scope[];
}

async function findKey(context: Awaited<ReturnType<typeof openAdminContext>>, keyId: string | undefined): Promise<ApiKeyRecord> {
  if (!keyId) throw new CliError('a KEY_ID is required (see `skin keys list`)');
  const record = await context.stores.keys.findById(keyId);
  if (!record) throw new CliError(`No key ${keyId}`);
  return record;
}

/** What may be shown of a key: never its hash. */
function publicKey(record: ApiKeyRecord) {
  const { key_hash: _hash, ...shown } = record;
  return shown;
}
