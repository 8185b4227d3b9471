import { createHash } from 'node:crypto';
import { encodeTime } from 'ulid';
import type { IdPrefix } from '../kernel/ids';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An id shaped like `newId` (prefix + 26 Crockford base32 characters, the first 10 the time) but computed, not
 * random: the same inputs always give the same id. A redelivered scan job therefore publishes the same `evt_`
 * id, and one event sent to one endpoint is always the same `dlv_` delivery.
 */
export function stableId(prefix: IdPrefix, timeMs: number, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let random = '';
  // 16 characters x 5 bits = 80 bits of the digest, as in a ULID's random part.
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && random.length < 16) {
      bits -= 5;
      random += CROCKFORD[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
    if (random.length === 16) break;
  }
  return `${prefix}_${encodeTime(Math.max(0, Math.floor(timeMs)), 10)}${random}`;
}

/** The time part of a ULID-based id, in ms (to keep derived ids in the order of what they derive from). */
export function idTime(id: string): number {
  const ulid = id.slice(id.indexOf('_') + 1, id.indexOf('_') + 11);
  let ms = 0;
  for (const char of ulid) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return 0;
    ms = ms * 32 + digit;
  }
  return ms;
}
