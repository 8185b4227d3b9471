/**
 * The client's retries: a 429 waits exactly what Retry-After says (against a stack with an injected clock, so the
 * minute passes at once), 5xx and network errors back off within bounds, POSTs keep one Idempotency-Key across
 * their retries, and nothing else is retried.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SkinApiError,
  SkinClient,
  SkinConflictError,
  SkinConnectionError,
  SkinServerError,
  SkinTimeoutError,
  type AttemptInfo,
} from '../../clients/typescript/src/index';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer } from '../helpers/http';
import { ContractValidator, contractFetch } from '../openapi/contract';

// Ten seconds into a 60-second window: the stack answers a 429 with Retry-After: 50.
const clock = { t: Date.parse('2031-03-04T05:06:10Z'), now() { return this.t; } };
let stack: TestStack;
const validator = new ContractValidator();

beforeAll(async () => {
  stack = await startTestStack({ clock });
});
afterAll(() => stack?.close());

/** A sandbox key (30 requests a minute) whose budget for this window is spent. */
async function spentSandboxKey(): Promise<string> {
  const accountId = await stack.newAccount('sandbox');
  const { key } = await stack.newKey({ accountId });
  const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await fetch(`${stack.apiUrl}/v1/markers`, { headers: bearer(key) })).status));
  expect(statuses.every((s) => s === 200)).toBe(true);
  return key;
}

/** Records every attempt's request headers and the waits; a wait moves the stack's clock instead of sleeping. */
function recordingClient(key: string, extra: Partial<ConstructorParameters<typeof SkinClient>[0]> = {}) {
  const waits: number[] = [];
  const requests: { method: string; idempotencyKey: string | null }[] = [];
  const attempts: AttemptInfo[] = [];
  const checked = contractFetch(validator);
  const client = new SkinClient({
    apiKey: key,
    baseUrl: stack.apiUrl,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push({ method: request.method, idempotencyKey: request.headers.get('idempotency-key') });
      return checked(request);
    },
    sleep: async (ms) => {
      waits.push(ms);
      clock.t += ms;
    },
    onResponse: (a) => attempts.push(a),
    ...extra,
  });
  return { client, waits, requests, attempts };
}

describe('429 Too Many Requests', () => {
  it('when a sandbox key makes its 31st call in a minute, then the client waits the Retry-After seconds and the retry succeeds', async () => {
    const key = await spentSandboxKey();
    const { client, waits, attempts } = recordingClient(key);
    const before = clock.t;

    const markers = await client.markers.list();

    expect(markers.length).toBe(14);
    expect(attempts.map((a) => [a.status, a.retryInMs])).toEqual([[429, 50_000], [200, undefined]]);
    expect(waits).toEqual([50_000]);
    expect(clock.t - before).toBe(50_000);
    clock.t = before;
  });

  it('when a POST meets a 429, then its retry carries the same Idempotency-Key', async () => {
    const key = await spentSandboxKey();
    const { client, waits, requests } = recordingClient(key);
    const before = clock.t;

    const analysis = await client.ingredients.analyze({ ingredients: 'Aqua, Glycerin' }, { idempotencyKey: undefined });

    expect(analysis.summary.count).toBe(2);
    expect(waits).toEqual([50_000]);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.idempotencyKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requests[1]!.idempotencyKey).toBe(requests[0]!.idempotencyKey);
    clock.t = before;
  });

  it('when Retry-After is longer than the client may wait, then the 429 is thrown at once with its code and Retry-After', async () => {
    const key = await spentSandboxKey();
    const { client, waits } = recordingClient(key, { maxRetryAfterSeconds: 30 });
    const error = (await client.markers.list().catch((e: unknown) => e)) as SkinApiError;
    expect(error).toBeInstanceOf(SkinApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 50, requestId: expect.stringMatching(/^req_/) });
    expect(waits).toEqual([]);
  });

  it('when every response the stack gave in these tests is checked, then each matches the OpenAPI document', () => {
    expect(validator.checked.some((c) => c.status === 429)).toBe(true);
    expect(validator.failures()).toEqual([]);
  });
});

/** A fetch that answers from a script: each entry is a status (with a problem body) or a thrown network error. */
function scriptedFetch(script: (number | 'network')[]) {
  const calls: Request[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push(request);
    const step = script[Math.min(calls.length - 1, script.length - 1)]!;
    if (step === 'network') throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    if (step < 300) return Response.json({ data: [] }, { status: step, headers: { 'Request-Id': `req_${calls.length}` } });
    const problem = { type: 'x', title: 'Internal error', status: step, detail: 'Something went wrong on our side; retry later.', code: 'internal_error', request_id: `req_${calls.length}`, errors: [] };
    return new Response(JSON.stringify(problem), { status: step, headers: { 'Content-Type': 'application/problem+json', 'Request-Id': `req_${calls.length}` } });
  };
  return { fetcher, calls };
}

describe('5xx, network errors and everything else', () => {
  it('when the API answers 503, 500, then 200, then the client backs off twice (bounded, growing) and returns the answer', async () => {
    const { fetcher, calls } = scriptedFetch([503, 500, 200]);
    const waits: number[] = [];
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: 'http://api.test', fetch: fetcher, sleep: async (ms) => void waits.push(ms), retryBaseDelayMs: 100, retryMaxDelayMs: 1_000 });
    expect(await client.markers.list()).toEqual([]);
    expect(calls).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeLessThanOrEqual(200);
  });

  it('when the API keeps failing, then the client stops after maxRetries and throws the last error with its request id', async () => {
    const { fetcher, calls } = scriptedFetch([500]);
    const waits: number[] = [];
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: 'http://api.test', fetch: fetcher, sleep: async (ms) => void waits.push(ms), maxRetries: 4, retryBaseDelayMs: 1_000, retryMaxDelayMs: 3_000 });
    const error = await client.scans.get('scan_x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkinServerError);
    expect(error).toMatchObject({ status: 500, code: 'internal_error', requestId: 'req_5' });
    expect(calls).toHaveLength(5);
    expect(Math.max(...waits)).toBeLessThanOrEqual(3_000);
  });

  it('when the connection fails every time, then the client gives up after its retries with a SkinConnectionError', async () => {
    const port = await closedPort();
    const waits: number[] = [];
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: `http://127.0.0.1:${port}`, sleep: async (ms) => void waits.push(ms), maxRetries: 2 });
    const error = await client.markers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkinConnectionError);
    expect((error as Error).message).toMatch(/no answer after 3 attempts/);
    expect(waits).toHaveLength(2);
  });

  it('when every attempt times out, then the client gives up with a SkinTimeoutError (a kind of connection error)', async () => {
    // Answers nothing until the attempt's own signal gives up.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason), { once: true }));
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: 'http://api.test', fetch: hanging, sleep: async () => undefined, maxRetries: 1, timeoutMs: 50 });
    const error = await client.markers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkinTimeoutError);
    expect(error).toBeInstanceOf(SkinConnectionError);
    expect((error as Error).message).toMatch(/no answer within 50 ms, 2 attempts/);
  });

  it('when the API answers 409, then it is thrown at once as a SkinConflictError', async () => {
    const conflict = { type: 'x', title: 'Idempotency key still in use', status: 409, detail: 'd', code: 'idempotency_conflict', request_id: 'req_1', errors: [] };
    const calls: number[] = [];
    const fetcher: typeof fetch = async () => {
      calls.push(1);
      return new Response(JSON.stringify(conflict), { status: 409, headers: { 'Content-Type': 'application/problem+json' } });
    };
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: 'http://api.test', fetch: fetcher, sleep: async () => undefined });
    const error = await client.routines.create({ markers: { acne: { score: 30 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkinConflictError);
    expect(error).toMatchObject({ code: 'idempotency_conflict', requestId: 'req_1' });
    expect(calls).toHaveLength(1);
  });

  it('when a POST fails on the network, then every retry carries the first attempt\'s Idempotency-Key; a new call gets a new key', async () => {
    const { fetcher, calls } = scriptedFetch(['network', 'network', 200]);
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: 'http://api.test', fetch: fetcher, sleep: async () => undefined });
    await client.routines.create({ markers: { acne: { score: 30 } } });
    const keys = calls.map((c) => c.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(1);
    await client.routines.create({ markers: { acne: { score: 30 } } }, { idempotencyKey: 'my-own-key' });
    expect(calls.at(-1)!.headers.get('idempotency-key')).toBe('my-own-key');
    expect(keys[0]).not.toBe('my-own-key');
  });

  it('when the API answers a 4xx other than 429, then there is exactly one attempt', async () => {
    const { fetcher, calls } = scriptedFetch([404]);
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: 'http://api.test', fetch: fetcher, sleep: async () => undefined });
    await expect(client.scans.get('scan_x')).rejects.toBeInstanceOf(SkinApiError);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('idempotency-key')).toBeNull();
  });

  it('when the caller aborts during a backoff, then the call rejects with the abort and no further attempt is made', async () => {
    const { fetcher, calls } = scriptedFetch([503]);
    const controller = new AbortController();
    const client = new SkinClient({ apiKey: 'sk_test_x', baseUrl: 'http://api.test', fetch: fetcher, retryBaseDelayMs: 60_000, retryMaxDelayMs: 60_000 });
    const pending = client.markers.list({ signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(calls).toHaveLength(1);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
