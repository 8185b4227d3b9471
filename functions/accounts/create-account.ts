import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import { invalidParam } from '../kernel/errors';
import { newId } from '../kernel/ids';
import { PLAN_LIMITS, type Account, type Plan } from './account';
import type { AccountStore } from './account-store';

/** A new account; Enterprise needs its own limit, the other plans take theirs from PLAN_LIMITS. */
export async function createAccount(
  deps: { accounts: AccountStore; clock: Clock },
  request: { name: string; plan: Plan; limit?: number },
): Promise<Account> {
  if (request.plan === 'enterprise' && (request.limit === undefined || !Number.isInteger(request.limit) || request.limit < 1)) {
    throw invalidParam('limit', 'enterprise accounts need a positive integer limit (requests per minute)');
  }
  const account: Account = {
    account_id: newId('acct', deps.clock.now()),
    name: request.name,
    plan: request.plan,
    rate_limit: request.plan === 'enterprise' ? request.limit! : (request.limit ?? PLAN_LIMITS[request.plan]),
    created_at: isoTimestamp(deps.clock.now()),
  };
  await deps.accounts.create(account);
  return account;
}
