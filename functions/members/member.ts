/** A person who signs in to the dashboard; every member belongs to one account. */
export interface Member {
  /** Trimmed and lower-cased: the sign-in name. */
  email: string;
  account_id: string;
  /** `scrypt$…` (password.ts); never shown, never logged. */
  password_hash: string;
  role: 'owner';
  created_at: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX = 254;

/** The form of an email the store keys on, or undefined when it is not an address. */
export function normaliseEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  return email.length <= EMAIL_MAX && EMAIL.test(email) ? email : undefined;
}
