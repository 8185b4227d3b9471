import { invalidParam } from '../kernel/errors';

const USER_ID = /^[A-Za-z0-9_.:@-]{1,128}$/;

/** Your own identifier for the person scanned: 1 to 128 characters of letters, digits and `_ . : @ -`. */
export function parseUserId(raw: string | undefined, param = 'user_id'): string | null {
  if (raw === undefined || raw === '') return null;
  if (!USER_ID.test(raw)) {
    throw invalidParam(param, `expected 1 to 128 characters of letters, digits and _ . : @ -, received ${JSON.stringify(raw.slice(0, 40))}`);
  }
  return raw;
}
