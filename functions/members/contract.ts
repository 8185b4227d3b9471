/**
 * Dashboard members: the member record, its store port, sign-up (and its refusal) and sign-in. Everything else in
 * this folder is internal to it.
 */
export type { MemberStore } from './member-store';
export type { Member } from './member';
export { signIn } from './sign-in';
export { signUp, SignUpRefused } from './sign-up';
