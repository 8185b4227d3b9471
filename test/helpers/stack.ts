import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../local/local-stack';
import { createAccount } from '../../functions/accounts/create-account';
import { issueKey } from '../../functions/keys/issue-key';
import type { Plan } from '../../functions/accounts/account';
import type { Scope } from '../../functions/keys/scopes';
import type { Environment } from '../../functions/kernel/tenant';

export interface TestStack extends LocalStack {
  /** A test key with every scope on an Enterprise account with a limit no suite reaches. */
  key: string;
  accountId: string;
  /** Another key, optionally on its own account. */
  newKey(options?: { accountId?: string; environment?: Environment; scopes?: Scope[]; expiresAt?: string }): Promise<{ key: string; keyId: string }>;
  newAccount(plan: Plan, limit?: number): Promise<string>;
}

/** A whole local stack in a temporary folder, on a free port, with a Business account and a key. */
export async function startTestStack(options: LocalStackOptions = {}): Promise<TestStack> {
  const stack = await startLocalStack({ port: 0, ...options, env: { LOG_LEVEL: 'ERROR', ...options.env } });
  const deps = { accounts: stack.stores.accounts, keys: stack.stores.keys, clock: stack.clock };
  const newAccount = async (plan: Plan, limit?: number) =>
    (await createAccount(deps, { name: `test ${plan}`, plan, limit })).account_id;
  // A generous limit so that suites of many requests never meet the rate limiter by accident.
  const accountId = await newAccount('enterprise', 100_000);
  const newKey: TestStack['newKey'] = async (keyOptions = {}) => {
    const issued = await issueKey(deps, {
      accountId: keyOptions.accountId ?? accountId,
      environment: keyOptions.environment ?? 'test',
      scopes: keyOptions.scopes,
      expiresAt: keyOptions.expiresAt,
    });
    return { key: issued.key, keyId: issued.record.key_id };
  };
  const { key } = await newKey();
  return Object.assign(stack, { key, accountId, newKey, newAccount });
}

/** The environment a child process needs to share this stack's tables, bucket and cursor secret. */
export function storageEnv(stack: TestStack): NodeJS.ProcessEnv {
  const { DYNAMODB_ENDPOINT, S3_ENDPOINT, IMAGES_BUCKET, TABLE_PREFIX, CURSOR_SECRET } = stack.config;
  return { DYNAMODB_ENDPOINT, S3_ENDPOINT, IMAGES_BUCKET, TABLE_PREFIX, ...(CURSOR_SECRET ? { CURSOR_SECRET } : {}) };
}
