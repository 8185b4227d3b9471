/**
 * Accounts and plans: what other folders may use of this capability (the account record, its store port, account
 * creation). Everything else in this folder is internal to it.
 */
export type { AccountStore } from './account-store';
export type { Account } from './account';
export { createAccount } from './create-account';
