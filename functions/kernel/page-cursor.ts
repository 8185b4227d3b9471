import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from './errors';
import { tenantKey, type Tenant } from './tenant';

/** What a cursor is valid for: one listing, one tenant, one filter. A cursor from any other scope is refused. */
export interface CursorScope {
  /** The listing, e.g. `scans.list`. */
  listing: string;
  tenant: Tenant;
  /** The query's filter (e.g. `{ user_id }`); undefined values are the same as absent ones. */
  filter: Record<string, string | undefined>;
}

/** Bytes of HMAC-SHA256 kept in a cursor: 128 bits, far beyond guessing. */
const TAG_BYTES = 16;
const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{22}$/;
export const MAX_CURSOR_LENGTH = 223;

/**
 * Opaque page cursors: `base64url(position).base64url(tag)`, where the position is the last item's sort key (a
 * scan id the client has already seen; never the account id or a table key) and the tag is an HMAC, with the
 * deployment's secret, of the position AND the scope it was issued for. So a cursor that was altered, truncated,
 * forged (`e30` = `{}`), or carried to another filter, environment or account fails verification and is a 400
 * `invalid_cursor`, never a malformed database key (which was a 500). The table key is rebuilt from the verified
 * position and the caller's own tenant and filter.
 */
export class PageCursors {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('Invalid configuration: CURSOR_SECRET must be at least 32 characters');
    this.key = Buffer.from(secret, 'utf8');
  }

  seal(scope: CursorScope, position: string): string {
    return `${Buffer.from(position, 'utf8').toString('base64url')}.${this.tag(scope, position).toString('base64url')}`;
  }

  /** The position a cursor was sealed with, when it was sealed for exactly this scope; else `invalid_cursor`. */
  open(scope: CursorScope, cursor: string): string {
    if (!CURSOR_SHAPE.test(cursor)) throw invalidCursor();
    const [encodedPosition = '', encodedTag = ''] = cursor.split('.');
    const position = Buffer.from(encodedPosition, 'base64url').toString('utf8');
    const presented = Buffer.from(encodedTag, 'base64url');
    // Round trips only: base64url has several spellings of the same bytes, and only ours is accepted.
    if (Buffer.from(position, 'utf8').toString('base64url') !== encodedPosition || presented.length !== TAG_BYTES) throw invalidCursor();
    if (!timingSafeEqual(presented, this.tag(scope, position))) throw invalidCursor();
    return position;
  }

  private tag(scope: CursorScope, position: string): Buffer {
    const filter = Object.entries(scope.filter)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const signed = JSON.stringify(['cursor.v1', scope.listing, tenantKey(scope.tenant), filter, position]);
    return createHmac('sha256', this.key).update(signed, 'utf8').digest().subarray(0, TAG_BYTES);
  }
}

/** Looks like a cursor at all (checked with the query; the signature is checked once the tenant is known). */
export function hasCursorShape(cursor: string): boolean {
  return CURSOR_SHAPE.test(cursor);
}

export const INVALID_CURSOR_DETAIL =
  'cursor: not a next_cursor this listing handed out for this filter and key (altered, truncated, or from another query); list again without a cursor.';
export const INVALID_CURSOR_MESSAGE = 'expected the next_cursor of a previous page of the same query';

export function invalidCursor(): DomainError {
  return new DomainError('invalid_cursor', INVALID_CURSOR_DETAIL, [{ param: 'cursor', message: INVALID_CURSOR_MESSAGE }]);
}
