import { invalidParam, notFound } from '../kernel/errors';
import { PLAN_LIMITS, type Account, type Plan } from './account';
import type { AccountStore } from './account-store';

/**
 * An operator moves an account to another plan: the plan's limit unless one is given (Enterprise needs one).
 * Moving to Sandbox leaves existing live keys as they are; only new live keys are refused.
 */
export async function changePlan(deps: { accounts: AccountStore }, request: { accountId: string; plan: Plan; limit?: number }): Promise<Account> {
  if (request.limit !== undefined && (!Number.isInteger(request.limit) || request.limit < 1)) {
    throw invalidParam('limit', 'expected a positive integer (requests per minute)');
  }
  if (request.plan === 'enterprise' && request.limit === undefined) {
    throw invalidParam('limit', 'enterprise accounts need a positive integer limit (requests per minute)');
  }
  const limit = request.plan === 'enterprise' ? request.limit! : (request.limit ?? PLAN_LIMITS[request.plan]);
  const account = await deps.accounts.setPlan(request.accountId, request.plan, limit);
  if (!account) throw notFound(`Account ${request.accountId}`);
  return account;
}
