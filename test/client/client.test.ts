/**
 * The TypeScript client (clients/typescript) against a real local stack. Every response it receives is also
 * checked against the OpenAPI document (contractFetch).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import {
  SkinApiError,
  SkinAuthenticationError,
  SkinClient,
  SkinInvalidRequestError,
  SkinNotFoundError,
  SkinPermissionError,
  SkinRateLimitError,
  SkinUnprocessableError,
  USER_AGENT,
  VERSION,
  verifyWebhook,
  type AttemptInfo,
  type Scan,
} from '../../clients/typescript/src/index';
import { rotateEndpointSecret } from '../../functions/webhooks/manage-endpoints';
import { startTestStack, type TestStack } from '../helpers/stack';
import { faceJpeg, gradientJpeg } from '../helpers/images';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';
import { registerEndpoint } from '../webhooks/helpers/endpoints';
import { ContractValidator, contractFetch } from '../openapi/contract';

let stack: TestStack;
let receiver: Receiver;
let frontal: Buffer;
const validator = new ContractValidator();
const attempts: AttemptInfo[] = [];

function clientFor(key = stack.key, extra: Partial<ConstructorParameters<typeof SkinClient>[0]> = {}): SkinClient {
  return new SkinClient({ apiKey: key, baseUrl: stack.apiUrl, fetch: contractFetch(validator), onResponse: (a) => attempts.push(a), ...extra });
}

beforeAll(async () => {
  stack = await startTestStack();
  receiver = await startReceiver();
  frontal = await faceJpeg('frontal');
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

describe('the client against the local stack', () => {
  it('when a photo is scanned, then the completed scan comes back typed, and get, overlay and delete work on it', async () => {
    const client = clientFor();
    const scan = await client.scans.create({ image: frontal, filename: 'face.jpg', markers: ['acne', 'hydration'], userId: 'client-user' });
    expect(scan).toMatchObject({ status: 'completed', user_id: 'client-user', error: null });
    expect(Object.keys(scan.markers)).toEqual(['acne', 'hydration']);
    expect(scan.skin_score).toEqual(expect.any(Number));

    expect(await client.scans.get(scan.scan_id)).toEqual(scan);
    const overlay = await client.scans.overlay(scan.scan_id, { marker: 'hydration' });
    expect(overlay.type).toBe('image/png');
    expect([...new Uint8Array(await overlay.arrayBuffer()).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const labelled = await client.scans.overlay(scan.scan_id, { marker: 'hydration', legend: true });
    expect(labelled.type).toBe('image/png');
    expect(Buffer.from(await labelled.arrayBuffer()).equals(Buffer.from(await overlay.arrayBuffer()))).toBe(false);

    await client.scans.delete(scan.scan_id);
    await expect(client.scans.get(scan.scan_id)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('when a scan is asked to answer at once, then it comes back processing and waitFor reaches completed', async () => {
    const client = clientFor();
    const processing = await client.scans.create({ image: new Blob([new Uint8Array(frontal)], { type: 'image/jpeg' }), markers: 'acne', wait: 'async' });
    expect(processing).toMatchObject({ status: 'processing', skin_score: null, markers: {} });
    const done = await client.scans.waitFor(processing.scan_id, { intervalMs: 100 });
    expect(done.status).toBe('completed');
  });

  it('when a user has five scans and pages hold two, then the async iterator walks three pages newest first', async () => {
    const client = clientFor();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await client.scans.create({ image: frontal, markers: ['acne'], userId: 'pager' })).scan_id);

    const pages = [];
    for await (const page of client.scans.list({ userId: 'pager', limit: 2 })) pages.push(page);
    expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    expect(pages.flatMap((p) => p.data.map((s) => s.scan_id))).toEqual([...ids].reverse());

    const items: Scan[] = [];
    for await (const scan of client.scans.list({ userId: 'pager', limit: 3 }).items()) items.push(scan);
    expect(items.map((s) => s.scan_id)).toEqual([...ids].reverse());
    expect((await client.scans.list({ userId: 'pager', limit: 4 }).firstPage()).data).toHaveLength(4);
    // first() is the newest scan itself, not a page.
    expect((await client.scans.list({ userId: 'pager', limit: 4 }).first())?.scan_id).toBe(ids.at(-1));
    expect(await client.scans.list({ userId: 'nobody-has-scans' }).first()).toBeUndefined();
    // Five scans, pages of five: the API may say has_more on a full last page; the iterator stops at the empty one.
    const full = [];
    for await (const page of client.scans.list({ userId: 'pager', limit: 5 })) full.push(page.data.length);
    expect(full).toEqual([5]);
  });

  it('when the API refuses a request, then the error carries the code, status, detail, parameter and request id', async () => {
    const client = clientFor();
    const error = await client.scans.create({ image: frontal, markers: 'acne,freckles' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SkinApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'unknown_marker',
      title: 'Unknown marker',
      errors: [{ param: 'markers', message: expect.stringContaining('"freckles"') }],
      requestId: expect.stringMatching(/^req_/),
    });
    expect((error as SkinApiError).message).toContain('unknown_marker');

    const noFace = (await client.scans.create({ image: await gradientJpeg() }).catch((e: unknown) => e)) as SkinApiError;
    expect(noFace).toMatchObject({ status: 422, code: 'no_face', scanId: expect.stringMatching(/^scan_/) });
    expect((await client.scans.get(noFace.scanId!)).status).toBe('failed');

    const { key } = await stack.newKey({ scopes: ['scans:read'] });
    await expect(clientFor(key).users.erase('someone')).rejects.toMatchObject({ status: 403, code: 'insufficient_scope' });
    await expect(clientFor(`sk_test_${'x'.repeat(43)}`, { maxRetries: 0 }).markers.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
  });

  it('when errors of each family come back from the stack, then each is its own class with what a caller acts on', async () => {
    const client = clientFor(stack.key, { maxRetries: 0 });
    const unknownMarker = await client.scans.create({ image: frontal, markers: 'freckles' }).catch((e: unknown) => e);
    expect(unknownMarker).toBeInstanceOf(SkinInvalidRequestError);

    const noFace = await client.scans.create({ image: await gradientJpeg() }).catch((e: unknown) => e);
    expect(noFace).toBeInstanceOf(SkinUnprocessableError);
    expect(noFace).toMatchObject({ status: 422, code: 'no_face', qualityCode: 'no_face', scanId: expect.stringMatching(/^scan_/) });

    const missing = await client.scans.get('scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SkinNotFoundError);

    const { key: readOnly } = await stack.newKey({ scopes: ['scans:read'] });
    expect(await clientFor(readOnly, { maxRetries: 0 }).users.erase('someone').catch((e: unknown) => e)).toBeInstanceOf(SkinPermissionError);
    expect(await clientFor(`sk_test_${'x'.repeat(43)}`, { maxRetries: 0 }).markers.list().catch((e: unknown) => e)).toBeInstanceOf(SkinAuthenticationError);

    const { key: oneAMinute } = await stack.newKey({ accountId: await stack.newAccount('enterprise', 1) });
    const limited = clientFor(oneAMinute, { maxRetries: 0 });
    await limited.markers.list();
    const refused = await limited.markers.list().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SkinRateLimitError);
    expect((refused as SkinRateLimitError).retryAfter).toBeGreaterThanOrEqual(1);
    expect((refused as SkinRateLimitError).retryAfter).toBeLessThanOrEqual(60);
  });

  it('when a call succeeds, then its result carries the Request-Id (not as data), and the request carried the User-Agent with the version', async () => {
    const sent: (string | null)[] = [];
    const received: (string | null)[] = [];
    const recording: typeof fetch = async (input, init) => {
      sent.push(new Request(input, init).headers.get('user-agent'));
      const response = await contractFetch(validator)(input, init);
      received.push(response.headers.get('request-id'));
      return response;
    };
    const client = new SkinClient({ apiKey: stack.key, baseUrl: stack.apiUrl, fetch: recording });
    const scan = await client.scans.create({ image: frontal, markers: ['acne'] });
    expect(scan.requestId).toBe(received[0]);
    expect(scan.requestId).toMatch(/^req_/);
    expect(Object.keys(scan)).not.toContain('requestId');
    expect(JSON.parse(JSON.stringify(scan))).not.toHaveProperty('requestId');
    const deleted = await client.scans.delete(scan.scan_id);
    expect(deleted.requestId).toBe(received[1]);
    expect((await client.markers.list()).requestId).toBe(received[2]);
    expect(sent[0]).toBe(`skin-analysis-client-typescript/${VERSION} node/${process.versions.node}`);
    expect(sent[0]!.startsWith(USER_AGENT)).toBe(true);
  });

  it('when no options are given, then SKIN_API_KEY and SKIN_API_URL are read; without a URL there is no silent localhost default', async () => {
    const saved = { key: process.env.SKIN_API_KEY, url: process.env.SKIN_API_URL };
    try {
      process.env.SKIN_API_KEY = stack.key;
      process.env.SKIN_API_URL = stack.apiUrl;
      expect((await new SkinClient().markers.list()).map((m) => m.name)).toContain('acne');
      delete process.env.SKIN_API_URL;
      expect(() => new SkinClient()).toThrow(/baseUrl is required.*SKIN_API_URL/);
      delete process.env.SKIN_API_KEY;
      expect(() => new SkinClient({ baseUrl: stack.apiUrl })).toThrow(/apiKey is required.*SKIN_API_KEY/);
    } finally {
      for (const [name, value] of [['SKIN_API_KEY', saved.key], ['SKIN_API_URL', saved.url]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('when the response to a POST is lost, then the retry carries the same Idempotency-Key and gets the first scan back', async () => {
    const seen: { key: string | null; replayed: string | null }[] = [];
    let lost = false;
    const losingFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await contractFetch(validator)(request.clone());
      seen.push({ key: request.headers.get('idempotency-key'), replayed: response.headers.get('idempotent-replayed') });
      if (request.method === 'POST' && !lost) {
        lost = true;
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      }
      return response;
    };
    const waits: number[] = [];
    const client = new SkinClient({ apiKey: stack.key, baseUrl: stack.apiUrl, fetch: losingFetch, sleep: async (ms) => void waits.push(ms) });
    const scan = await client.scans.create({ image: frontal, markers: 'acne', userId: 'lost-response' });

    expect(seen).toHaveLength(2);
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]).toEqual({ key: seen[0]!.key, replayed: 'true' });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);
    const listed = await client.scans.list({ userId: 'lost-response' }).firstPage();
    expect(listed.data.map((s) => s.scan_id)).toEqual([scan.scan_id]);
  });

  it('when ingredients, routines, markers and a user score are asked for, then each typed answer comes back', async () => {
    const client = clientFor();
    const analysis = await client.ingredients.analyze({ ingredients: 'Aqua, Glycerin, Niacinamide, Salicylic Acid', markers: ['acne'] });
    expect(analysis.ingredients.map((i) => i.name)).toEqual(['Aqua', 'Glycerin', 'Niacinamide', 'Salicylic Acid']);
    expect(analysis.suitability[0]!.marker).toBe('acne');

    const scan = await client.scans.create({ image: frontal, userId: 'routine-user' });
    const routine = await client.routines.create({ scan_id: scan.scan_id, profile: { skin_type: 'oily' } });
    expect(routine).toMatchObject({ routine_id: expect.stringMatching(/^rtn_/), scan_id: scan.scan_id, user_id: 'routine-user' });
    expect(routine.am.at(-1)!.step).toBe('protect');
    expect(await client.routines.get(routine.routine_id)).toEqual(routine);

    const markers = await client.markers.list();
    expect(markers.map((m) => m.name)).toContain('hydration');

    let score;
    for (let i = 0; i < 100 && !score; i++) {
      score = await client.users.score('routine-user').catch((e: SkinApiError) => (e.code === 'not_found' ? undefined : Promise.reject(e)));
      if (!score) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(score).toMatchObject({ user_id: 'routine-user', scan_count: 1 });
    await client.users.erase('routine-user');
    await expect(client.users.score('routine-user')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('when a scan completes, then its webhook delivery is verified by verifyWebhook and by the standardwebhooks library alike', async () => {
    const endpoint = await registerEndpoint(stack, { accountId: stack.accountId, url: receiver.url, events: ['scan.completed'] });
    const scan = await clientFor().scans.create({ image: frontal, markers: 'acne', userId: 'hooked' });
    const [delivery] = await receiver.waitFor((requests) => requests.some((r) => r.body.includes(scan.scan_id)));
    const request = receiver.requests.find((r) => r.body.includes(scan.scan_id)) ?? delivery!;

    const ours = await verifyWebhook(request.body, request.headers, endpoint.secret);
    const theirs = new Webhook(endpoint.secret).verify(request.body, request.headers);
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ event: 'scan.completed', scan_id: scan.scan_id, user_id: 'hooked', skin_score: scan.skin_score });
    if (ours.event === 'scan.completed') expect(ours.markers).toEqual(scan.markers);
    expect(validator.validateSchema('ScanCompletedEvent', ours)).toEqual([]);

    // Bytes as received work too (a Uint8Array, and fetch-style Headers).
    expect(await verifyWebhook(new TextEncoder().encode(request.body), new Headers(request.headers), endpoint.secret)).toEqual(ours);

    // After a secret rotation both signatures are sent; either secret verifies, with both implementations.
    const rotated = await rotateEndpointSecret({ endpoints: stack.stores.webhooks, clock: stack.clock, rules: { allowLoopback: true } }, endpoint);
    const second = await clientFor().scans.create({ image: frontal, markers: 'acne', userId: 'hooked' });
    await receiver.waitFor((requests) => requests.some((r) => r.body.includes(second.scan_id)));
    const rotatedRequest = receiver.requests.find((r) => r.body.includes(second.scan_id))!;
    expect(rotatedRequest.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret]) {
      expect(await verifyWebhook(rotatedRequest.body, rotatedRequest.headers, secret)).toEqual(new Webhook(secret).verify(rotatedRequest.body, rotatedRequest.headers));
    }
  });

  it('when every test above has run, then every response the client received matched the OpenAPI document', () => {
    expect(validator.checked.length).toBeGreaterThan(20);
    expect(validator.failures()).toEqual([]);
    expect(attempts.every((a) => a.requestId?.startsWith('req_'))).toBe(true);
  });
});
