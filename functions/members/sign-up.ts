import { type Account, type AccountStore, createAccount } from '../accounts/contract';
import { isoTimestamp, type Clock } from '../kernel/clock';
import { normaliseEmail, type Member } from './member';
import type { MemberStore } from './member-store';
import { hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './password';

/** A sign-up the form must show again; `field` names the input at fault (or null for the whole form). */
export class SignUpRefused extends Error {
  override readonly name = 'SignUpRefused';
  constructor(
    readonly field: 'email' | 'password' | 'account_name' | null,
    message: string,
    readonly status: 400 | 403 | 409 = 400,
  ) {
    super(message);
  }
}

export interface SignUpDeps {
  members: MemberStore;
  accounts: AccountStore;
  clock: Clock;
}

/** Self-serve sign-up: a new Sandbox account (test keys only) and its first member, the owner. */
export async function signUp(deps: SignUpDeps, input: { email: string; password: string; accountName: string }): Promise<{ account: Account; member: Member }> {
  if (!(await deps.members.signUpEnabled())) throw new SignUpRefused(null, 'Self-serve sign-up is turned off on this service; ask its operator for an account.', 403);
  const email = normaliseEmail(input.email);
  if (!email) throw new SignUpRefused('email', 'Enter an email address such as name@example.com.');
  if (input.password.length < PASSWORD_MIN || input.password.length > PASSWORD_MAX) {
    throw new SignUpRefused('password', `Choose a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  }
  const accountName = input.accountName.trim();
  if (accountName.length < 1 || accountName.length > 100) throw new SignUpRefused('account_name', 'Enter a name of 1 to 100 characters for the account.');
  if (await deps.members.findByEmail(email)) throw new SignUpRefused('email', 'This email already has an account: sign in instead.', 409);

  const passwordHash = await hashPassword(input.password);
  const account = await createAccount(deps, { name: accountName, plan: 'sandbox' });
  const member: Member = { email, account_id: account.account_id, password_hash: passwordHash, role: 'owner', created_at: isoTimestamp(deps.clock.now()) };
  // Two sign-ups of one email at once: the second loses here and leaves an account without members (no keys, no data).
  if (!(await deps.members.create(member))) throw new SignUpRefused('email', 'This email already has an account: sign in instead.', 409);
  return { account, member };
}
