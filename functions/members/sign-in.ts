import type { SignInThrottle } from '../sessions/contract';
import { normaliseEmail, type Member } from './member';
import type { MemberStore } from './member-store';
import { decoyHash, PASSWORD_MAX, verifyPassword } from './password';

export type SignInResult =
  | { ok: true; member: Member }
  /** Wrong password and unknown email are one answer, by design. */
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Checks an email and password. Throttled first (per email and per client address), so a sixth guess in a
 * minute is refused without being checked; an unknown email is verified against a decoy hash so that it costs
 * the same time as a wrong password.
 */
export async function signIn(
  deps: { members: MemberStore; throttle: SignInThrottle },
  input: { email: string; password: string; address: string },
): Promise<SignInResult> {
  const email = normaliseEmail(input.email) ?? input.email.trim().toLowerCase().slice(0, 254);
  const subjects = [
    { kind: 'email' as const, value: email },
    { kind: 'address' as const, value: input.address },
  ];
  const wait = await deps.throttle.retryAfterSeconds(subjects);
  if (wait > 0) return { ok: false, reason: 'throttled', retryAfterSeconds: wait };

  const member = normaliseEmail(input.email) ? await deps.members.findByEmail(email) : undefined;
  const password = input.password.slice(0, PASSWORD_MAX + 1);
  const matches = await verifyPassword(password, member?.password_hash ?? (await decoyHash()));
  if (member && matches) return { ok: true, member };
  await deps.throttle.recordFailure(subjects);
  return { ok: false, reason: 'invalid' };
}
