import { monotonicFactory } from 'ulid';

const nextUlid = monotonicFactory();

export type IdPrefix = 'scan' | 'rtn' | 'evt' | 'key' | 'whk' | 'acct' | 'dlv' | 'req' | 'ct' | 'upl';

/** Prefixed, time-sortable identifier, e.g. `scan_01JD3…`: lexical order is creation order. */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  return `${prefix}_${nextUlid(now)}`;
}

/** True when `value` looks like an id of that prefix (used to reject garbage before a database read). */
export function isId(prefix: IdPrefix, value: string): boolean {
  return new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`).test(value);
}
