/** Idempotent execution (functions/idempotency/run-idempotent.ts) over the in-memory store and a manual clock. */
import { describe, expect, it } from 'vitest';
import { runIdempotent } from '../../functions/idempotency/run-idempotent';
import { ManualClock } from '../support/memory/clock';
import { MemoryIdempotencyStore } from '../support/memory/idempotency-store';
import { TENANT } from '../support/factories';

function setup(waitSeconds = 0) {
  const store = new MemoryIdempotencyStore();
  const clock = new ManualClock();
  return { store, clock, options: { store, clock, ttlSeconds: 86_400, waitSeconds } };
}

const scope = (key: string | undefined) => ({ tenant: TENANT, operation: 'createScan', key, userId: null });

function counter() {
  let runs = 0;
  return {
    runs: () => runs,
    work: async () => ({ status: 201, headers: { 'Content-Type': 'application/json' }, body: `{"n":${++runs}}` }),
  };
}

describe('runIdempotent', () => {
  it('when no key is sent, then every call runs the work', async () => {
    const { options } = setup();
    const { runs, work } = counter();
    await runIdempotent(options, scope(undefined), ['a'], work);
    const second = await runIdempotent(options, scope(undefined), ['a'], work);
    expect(second).toEqual({ status: 201, headers: { 'Content-Type': 'application/json' }, body: '{"n":2}', replayed: false });
    expect(runs()).toBe(2);
  });

  it('when the same request comes again with its key, then the first response is replayed and the work runs once', async () => {
    const { options } = setup();
    const { runs, work } = counter();
    const first = await runIdempotent(options, scope('k-1'), ['image', new Uint8Array([1, 2])], work);
    const again = await runIdempotent(options, scope('k-1'), ['image', new Uint8Array([1, 2])], work);
    expect(first).toEqual({ status: 201, headers: { 'Content-Type': 'application/json' }, body: '{"n":1}', replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(runs()).toBe(1);
  });

  it('when the key comes with a different request, then idempotency_key_reused naming Idempotency-Key', async () => {
    const { options } = setup();
    const { work } = counter();
    await runIdempotent(options, scope('k-1'), ['a'], work);
    await expect(runIdempotent(options, scope('k-1'), ['b'], work)).rejects.toMatchObject({
      code: 'idempotency_key_reused',
      errors: [{ param: 'Idempotency-Key', message: 'reused with a different request' }],
    });
  });

  it('when the first request is still running past the wait, then idempotency_conflict, the wait measured by the injected clock', async () => {
    // Each reading of this clock is 16 s later: the 30-second wait is over on the second poll, in real time about
    // one poll interval (100 ms), not 30 s.
    const store = new MemoryIdempotencyStore();
    let t = 0;
    const options = { store, clock: { now: () => (t += 16_000) }, ttlSeconds: 86_400, waitSeconds: 30 };
    const { work } = counter();
    let release: () => void = () => undefined;
    const slow = runIdempotent(options, scope('k-1'), ['a'], () => new Promise((resolve) => (release = () => resolve({ status: 201, headers: {}, body: '{}' }))));
    const started = performance.now();
    await expect(runIdempotent(options, scope('k-1'), ['a'], work)).rejects.toMatchObject({ code: 'idempotency_conflict' });
    expect(performance.now() - started).toBeLessThan(5_000);
    release();
    await slow;
  });

  it('when the work fails, then the key is released and a retry runs the work', async () => {
    const { options, store } = setup();
    await expect(runIdempotent(options, scope('k-1'), ['a'], async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(store.records.size).toBe(0);
    const { runs, work } = counter();
    expect((await runIdempotent(options, scope('k-1'), ['a'], work)).replayed).toBe(false);
    expect(runs()).toBe(1);
  });

  it('when the TTL has passed, then the key is free again', async () => {
    const { options, clock } = setup();
    const { runs, work } = counter();
    await runIdempotent(options, scope('k-1'), ['a'], work);
    clock.advance(86_400_000 + 1_000);
    expect((await runIdempotent(options, scope('k-1'), ['a'], work)).replayed).toBe(false);
    expect(runs()).toBe(2);
  });

  it('when the key is not 1 to 255 visible ASCII characters, then invalid_request naming Idempotency-Key', async () => {
    const { options } = setup();
    const { runs, work } = counter();
    for (const key of ['', 'x'.repeat(256), 'with space', 'é']) {
      await expect(runIdempotent(options, scope(key), ['a'], work)).rejects.toMatchObject({
        code: 'invalid_request',
        errors: [{ param: 'Idempotency-Key', message: 'expected 1 to 255 visible ASCII characters' }],
      });
    }
    expect(runs()).toBe(0);
  });
});
