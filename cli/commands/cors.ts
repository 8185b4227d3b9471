import { isoTimestamp } from '../../functions/kernel/clock';
import { parseOrigin } from '../../functions/cors/allowed-origin';
import type { Tenant } from '../../functions/kernel/tenant';
import { CliError, openAdminContext } from '../admin-context';
import { parseActionArgs } from '../action-args';
import { print, table } from '../output';
import { defaultAccountId } from './accounts';

const USAGE = 'usage: skin cors add ORIGIN | list | remove ORIGIN  [--account ID] [--env test|live] [--json]';

/**
 * `skin cors add|list|remove`: the browser origins allowed to call the API for an account and environment
 * (docs/apps.md). API functions pick changes up within KEY_CACHE_SECONDS (30 s).
 */
export async function corsCommand(args: string[]): Promise<void> {
  const { action, values, positionals } = parseActionArgs(args, { account: { type: 'string' }, env: { type: 'string', default: 'test' }, json: { type: 'boolean', default: false } });
  if (values.env !== 'test' && values.env !== 'live') throw new CliError(`--env: expected test or live, received ${values.env}`);
  const context = await openAdminContext();
  const { corsOrigins, accounts } = context.stores;
  const accountId = values.account ?? (await defaultAccountId(accounts));
  if (!(await accounts.get(accountId))) throw new CliError(`No account ${accountId}`);
  const tenant: Tenant = { accountId, environment: values.env };

  switch (action) {
    case 'add': {
      const origin = originArgument(positionals[0]);
      const record = { origin, account_id: accountId, environment: tenant.environment, created_at: isoTimestamp(context.clock.now()) };
      await corsOrigins.add(record);
      print(values.json, record, () => `Allowed ${origin} for ${accountId} (${tenant.environment}); API functions pick it up within 30 s.`);
      return;
    }
    case 'list': {
      const rows = await corsOrigins.listByTenant(tenant);
      print(values.json, rows, () => table(rows.map((row) => ({ ...row })), ['origin', 'account_id', 'environment', 'created_at']));
      return;
    }
    case 'remove': {
      const origin = originArgument(positionals[0]);
      if (!(await corsOrigins.remove(tenant, origin))) throw new CliError(`${origin} is not allowed for ${accountId} (${tenant.environment})`);
      print(values.json, { origin, account_id: accountId, environment: tenant.environment, removed: true }, () => `Removed ${origin} for ${accountId} (${tenant.environment}).`);
      return;
    }
    default:
      throw new CliError(USAGE);
  }
}

function originArgument(raw: string | undefined): string {
  if (!raw) throw new CliError(`an ORIGIN is required, e.g. https://app.example.com\n${USAGE}`);
  try {
    return parseOrigin(raw);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}
