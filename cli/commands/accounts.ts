import { parseArgs } from 'node:util';
import type { AccountStore } from '../../functions/accounts/account-store';
import { PLANS, type Plan } from '../../functions/accounts/account';
import { createAccount } from '../../functions/accounts/create-account';
import { CliError, openAdminContext } from '../admin-context';
import { print, table } from '../output';

/** `skin accounts create|list`. */
export async function accountsCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values } = parseArgs({
    args: rest,
    options: {
      plan: { type: 'string', default: 'sandbox' },
      limit: { type: 'string' },
      name: { type: 'string', default: 'Unnamed account' },
      json: { type: 'boolean', default: false },
    },
  });
  const context = await openAdminContext();
  switch (action) {
    case 'create': {
      if (!PLANS.includes(values.plan as Plan)) throw new CliError(`--plan: expected ${PLANS.join(', ')}, received ${values.plan}`);
      const limit = values.limit === undefined ? undefined : Number(values.limit);
      const account = await createAccount({ accounts: context.stores.accounts, clock: context.clock }, { name: values.name, plan: values.plan as Plan, limit });
      print(values.json, account, () => account.account_id);
      return;
    }
    case 'list': {
      const accounts = await context.stores.accounts.list();
      print(values.json, accounts, () => table(accounts as unknown as Record<string, unknown>[], ['account_id', 'name', 'plan', 'rate_limit', 'created_at']));
      return;
    }
    default:
      throw new CliError('usage: skin accounts create [--plan sandbox|business|enterprise] [--limit N] [--name NAME] [--json] | list [--json]');
  }
}

/** The local stack's first account (created on first start), used when `--account` is omitted. */
export async function defaultAccountId(accounts: AccountStore): Promise<string> {
  const first = (await accounts.list())[0];
  if (!first) throw new CliError('No account exists yet: create one with `skin accounts create`.');
  return first.account_id;
}
