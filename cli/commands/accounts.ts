import type { AccountStore } from '../../functions/accounts/account-store';
import { PLANS, type Plan } from '../../functions/accounts/account';
import { createAccount } from '../../functions/accounts/create-account';
import { changePlan } from '../../functions/accounts/change-plan';
import { isoTimestamp } from '../../functions/kernel/clock';
import { CliError, openAdminContext } from '../admin-context';
import { parseActionArgs } from '../action-args';
import { print, table } from '../output';

/** `skin accounts create|list|set-plan|signup`. */
export async function accountsCommand(args: string[]): Promise<void> {
  const { action, values, positionals } = parseActionArgs(args, {
    plan: { type: 'string' },
    limit: { type: 'string' },
    name: { type: 'string', default: 'Unnamed account' },
    json: { type: 'boolean', default: false },
  });
  const context = await openAdminContext();
  switch (action) {
    case 'create': {
      values.plan ??= 'sandbox';
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
    case 'set-plan': {
      const accountId = positionals[0];
      if (!accountId || values.plan === undefined) throw new CliError('usage: skin accounts set-plan ACCOUNT_ID --plan sandbox|business|enterprise [--limit N]');
      if (!PLANS.includes(values.plan as Plan)) throw new CliError(`--plan: expected ${PLANS.join(', ')}, received ${values.plan}`);
      const limit = values.limit === undefined ? undefined : Number(values.limit);
      const account = await changePlan({ accounts: context.stores.accounts }, { accountId, plan: values.plan as Plan, limit });
      print(values.json, account, () => `${account.account_id} is on the ${account.plan} plan, ${account.rate_limit} requests per minute per environment.`);
      return;
    }
    case 'signup': {
      const members = context.stores.members;
      const wanted = positionals[0];
      if (wanted === 'on' || wanted === 'off') await members.setSignUpEnabled(wanted === 'on', isoTimestamp(context.clock.now()));
      else if (wanted !== undefined && wanted !== 'status') throw new CliError('usage: skin accounts signup on|off|status');
      const enabled = await members.signUpEnabled();
      print(values.json, { self_serve_sign_up: enabled }, () => `Self-serve sign-up in the dashboard is ${enabled ? 'on' : 'off'}.`);
      return;
    }
    default:
      throw new CliError(
        'usage: skin accounts create [--plan sandbox|business|enterprise] [--limit N] [--name NAME] [--json] | list [--json] | set-plan ACCOUNT_ID --plan P [--limit N] | signup on|off|status',
      );
  }
}

/** The local stack's first account (created on first start), used when `--account` is omitted. */
export async function defaultAccountId(accounts: AccountStore): Promise<string> {
  const first = (await accounts.list())[0];
  if (!first) throw new CliError('No account exists yet: create one with `skin accounts create`.');
  return first.account_id;
}
