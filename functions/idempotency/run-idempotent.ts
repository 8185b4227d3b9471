import { createHash } from 'node:crypto';
import type { Clock } from '../kernel/clock';
import { DomainError, invalidParam } from '../kernel/errors';
import { tenantKey, type Tenant } from '../kernel/tenant';
import type { IdempotencyStore, StoredResponse } from './idempotency-store';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 100;

export interface IdempotencyOptions {
  store: IdempotencyStore;
  clock: Clock;
  ttlSeconds: number;
  /** How long a duplicate waits for the first request to finish before answering 409. */
  waitSeconds: number;
}

/**
 * Runs `work` at most once per (tenant, Idempotency-Key) within the TTL. A retry with the same request gets
 * the first response; a different request under the same key is a 409; a concurrent duplicate waits for the
 * first and then gets its response. When `work` fails, the key is released so the client may retry it.
 */
export async function runIdempotent(
  options: IdempotencyOptions,
  scope: { tenant: Tenant; operation: string; key: string | undefined; userId?: string | null },
  requestParts: (string | Uint8Array)[],
  work: () => Promise<StoredResponse & { userId?: string | null }>,
): Promise<StoredResponse & { replayed: boolean }> {
  if (scope.key === undefined) {
    const { userId: _userId, ...response } = await work();
    return { ...response, replayed: false };
  }
  if (!KEY_PATTERN.test(scope.key)) {
    throw invalidParam('Idempotency-Key', 'expected 1 to 255 visible ASCII characters');
  }
  const id = `${tenantKey(scope.tenant)}#${scope.operation}#${scope.key}`;
  const fingerprint = fingerprintOf(requestParts);
  const nowSeconds = Math.floor(options.clock.now() / 1000);
  const claimed = await options.store.claim(
    id,
    { fingerprint, state: 'in_progress', expires_at: nowSeconds + options.ttlSeconds, ...(scope.userId ? { user_id: scope.userId } : {}) },
    nowSeconds,
  );
  if (!claimed) return { ...(await replay(options, id, fingerprint)), replayed: true };

  try {
    const { userId, ...response } = await work();
    await options.store.complete(id, response, userId ?? scope.userId);
    return { ...response, replayed: false };
  } catch (error) {
    await options.store.release(id);
    throw error;
  }
}

async function replay(options: IdempotencyOptions, id: string, fingerprint: string): Promise<StoredResponse> {
  const deadline = options.clock.now() + options.waitSeconds * 1000;
  for (;;) {
    const record = await options.store.get(id);
    if (record && record.fingerprint !== fingerprint) {
      throw new DomainError('idempotency_key_reused', 'Idempotency-Key: this key was used with a different request in the last 24 hours.', [
        { param: 'Idempotency-Key', message: 'reused with a different request' },
      ]);
    }
    if (record?.state === 'completed' && record.response) return record.response;
    if (!record || options.clock.now() >= deadline) {
      throw new DomainError('idempotency_conflict', 'Idempotency-Key: the first request with this key is still in progress; retry shortly.', [
        { param: 'Idempotency-Key', message: 'first request still in progress' },
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The request's meaning, not its bytes on the wire (multipart boundaries differ between identical retries). */
function fingerprintOf(parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(String(bytes.length)).update(':').update(bytes);
  }
  return hash.digest('hex');
}
