/**
 * Regression tests from the hostile-input campaign (issue 14): forged and re-used cursors (were 500s with an
 * ERROR log), `markers=,,,` (accepted as an empty list), the 5 MB boundary (off by one), invalid EXIF
 * orientations (wrong size), a wrong method (404), `Prefer` values that are not decimal or too large, and routine
 * fingerprints that depended on JSON key order. Each answers the documented status and whole body, and the
 * server keeps answering, with the scan stored before still there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { imageSize } from 'image-size';
import { expectEarlierScanUnchanged, stackWithEarlierScan } from '../helpers/earlier-scan';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceApiSample } from '../helpers/images';
import { rawRequest } from '../helpers/raw-http';
import { withCapturedOutput } from '../helpers/captured-output';
import { MARKER_NAMES } from '../../functions/analysis/skin/markers';

const fixture = stackWithEarlierScan();

function post(form: FormData, headers: Record<string, string> = {}, key = fixture.stack.key): Promise<Response> {
  return fetch(`${fixture.stack.apiUrl}/v1/scans`, { method: 'POST', body: form, headers: bearer(key, headers) });
}
const get = (path: string, key = fixture.stack.key) => fetch(`${fixture.stack.apiUrl}${path}`, { headers: bearer(key) });

function problem(code: string, title: string, status: number, detail: string, errors: { param: string; message: string }[], response: Response | { headers: Headers }) {
  return { type: `${fixture.stack.apiUrl}/docs#section/Errors/${code}`, title, status, detail, code, request_id: response.headers.get('request-id'), errors };
}

const expectServerUp = () => expectEarlierScanUnchanged(fixture);

async function waitUntilDone(scanId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const scan = await (await get(`/v1/scans/${scanId}`)).json();
    if (scan.status !== 'processing') return scan;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`scan ${scanId} still processing`);
}

describe('cursors', () => {
  const INVALID_CURSOR = {
    detail: 'cursor: not a next_cursor this listing handed out for this filter and key (altered, truncated, or from another query); list again without a cursor.',
    errors: [{ param: 'cursor', message: 'expected the next_cursor of a previous page of the same query' }],
  };
  let cursor: string;
  let firstPage: { scan_id: string }[];

  beforeAll(async () => {
    for (const user of ['pager', 'pager', 'pager', 'other']) {
      expect((await post(scanForm({ image: fixture.frontal, markers: 'acne', user_id: user }), { Prefer: 'respond-async' })).status).toBe(202);
    }
    const page = await (await get('/v1/scans?user_id=pager&limit=2')).json();
    firstPage = page.data;
    cursor = page.next_cursor;
    expect(page.has_more).toBe(true);
  });

  it('when a page has a next_cursor, then it is opaque (no account id, no table key) and continues the same query', async () => {
    const [position = '', tag = ''] = cursor.split('.');
    const decodedPosition = Buffer.from(position, 'base64url').toString('latin1');
    for (const text of [cursor, decodedPosition, Buffer.from(tag, 'base64url').toString('latin1')]) expect(text).not.toContain(fixture.stack.accountId);
    // The position is the last scan id of the page, which the client already has; no table key (`account#env`).
    expect(decodedPosition).toBe(firstPage[1]!.scan_id);
    const next = await (await get(`/v1/scans?user_id=pager&limit=2&cursor=${cursor}`)).json();
    expect(next.data).toHaveLength(1);
    expect(next).toMatchObject({ has_more: false, next_cursor: null });
    expect(firstPage.map((s) => s.scan_id)).not.toContain(next.data[0].scan_id);
  });

  const otherKeys: Record<string, () => Promise<string>> = {
    'the same key': async () => fixture.stack.key,
    'another account': async () => (await fixture.stack.newKey({ accountId: await fixture.stack.newAccount('business') })).key,
    'the live environment of the same account': async () => (await fixture.stack.newKey({ environment: 'live' })).key,
  };
  const forgeries: { name: string; query: () => string; key: keyof typeof otherKeys }[] = [
    { name: 'e30 (base64 of {})', query: () => 'user_id=pager&cursor=e30', key: 'the same key' },
    { name: 'an unsigned key object', query: () => `cursor=${Buffer.from(JSON.stringify({ pk: `${fixture.stack.accountId}#test`, sk: 'scan_x' })).toString('base64url')}`, key: 'the same key' },
    { name: 'a truncated cursor', query: () => `user_id=pager&cursor=${cursor.slice(0, -4)}`, key: 'the same key' },
    { name: 'a cursor with another position', query: () => `user_id=pager&cursor=${Buffer.from(String(fixture.earlier.scan_id)).toString('base64url')}.${cursor.split('.')[1]}`, key: 'the same key' },
    { name: 'a cursor of another user_id filter', query: () => `user_id=other&cursor=${cursor}`, key: 'the same key' },
    { name: 'a cursor of a filtered list used unfiltered', query: () => `cursor=${cursor}`, key: 'the same key' },
    { name: 'a cursor of another account', query: () => `user_id=pager&cursor=${cursor}`, key: 'another account' },
    { name: 'a cursor of the test environment used live', query: () => `user_id=pager&cursor=${cursor}`, key: 'the live environment of the same account' },
  ];

  it.each(forgeries)('when the cursor is $name, then 400 invalid_cursor naming cursor, no ERROR logged', async ({ query, key }) => {
    const { result: response, logged } = await withCapturedOutput(async () => get(`/v1/scans?${query()}`, await otherKeys[key]!()));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(problem('invalid_cursor', 'Invalid cursor', 400, INVALID_CURSOR.detail, INVALID_CURSOR.errors, response));
    expect(logged.filter((line) => /ERROR/.test(line))).toEqual([]);
    await expectServerUp();
  });
});

describe('markers', () => {
  it.each([',,,', ' , ,', ','])('when markers is %j, then 400 naming markers and no scan is made', async (markers) => {
    const before = (await (await get('/v1/scans?limit=100')).json()).data.length;
    const response = await post(scanForm({ image: fixture.frontal, markers }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      problem('invalid_request', 'Invalid request', 400, 'markers: the list names no marker; send marker names separated by commas, or omit the field for all of them.', [
        { param: 'markers', message: `names no marker; expected any of ${MARKER_NAMES.join(', ')}` },
      ], response),
    );
    expect((await (await get('/v1/scans?limit=100')).json()).data.length).toBe(before);
    await expectServerUp();
  });
});

describe('the 5 MB boundary', () => {
  const LIMIT = 5 * 1024 * 1024;
  /** The face photo with bytes after its end marker (a phone "trailer"), `size` bytes in all. */
  const paddedTo = (size: number) => Buffer.concat([fixture.frontal, Buffer.alloc(size - fixture.frontal.length, 0x20)]);

  it('when the image is exactly 5,242,880 bytes, then it is accepted', async () => {
    expect(LIMIT).toBe(5_242_880);
    const response = await post(scanForm({ image: paddedTo(LIMIT) }), { Prefer: 'respond-async' });
    expect(response.status).toBe(202);
    expect((await response.json()).image).toEqual({ width: 560, height: 560, format: 'jpeg' });
  });

  it('when the image is 5,242,881 bytes, then 413 naming image', async () => {
    const response = await post(scanForm({ image: paddedTo(LIMIT + 1) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(
      problem('payload_too_large', 'Payload too large', 413, 'image: at most 5242880 bytes, received more.', [{ param: 'image', message: 'larger than 5242880 bytes' }], response),
    );
    await expectServerUp();
  });
});

describe('invalid EXIF orientation', () => {
  /** A landscape face photo (700x560) whose EXIF orientation tag holds `value`. */
  async function withOrientation(value: number): Promise<Buffer> {
    const landscape = await sharp(faceApiSample(6)).extract({ left: 400, top: 170, width: 700, height: 560 }).withMetadata({ orientation: 6 }).jpeg({ quality: 92 }).toBuffer();
    const bigEndian = Buffer.from([0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06]);
    const littleEndian = Buffer.from([0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x06, 0x00]);
    let at = landscape.indexOf(bigEndian);
    if (at >= 0) landscape[at + 9] = value;
    else {
      at = landscape.indexOf(littleEndian);
      landscape[at + 8] = value;
    }
    expect(at).toBeGreaterThan(0);
    expect(imageSize(landscape).orientation).toBe(value);
    return landscape;
  }

  it.each([9, 255])('when the orientation is %i, then it counts as 1: the scan reports 700x560 and analyses the photo as stored', async (value) => {
    const response = await post(scanForm({ image: await withOrientation(value), markers: 'acne' }), { Prefer: 'respond-async' });
    expect(response.status).toBe(202);
    const accepted = await response.json();
    expect(accepted.image).toEqual({ width: 700, height: 560, format: 'jpeg' });
    const done = await waitUntilDone(accepted.scan_id);
    expect(done).toMatchObject({ status: 'completed', image: { width: 700, height: 560, format: 'jpeg' } });
  });
});

describe('a wrong method on an existing route', () => {
  it.each([
    { method: 'PUT', path: '/v1/scans', allow: 'GET, HEAD, POST' },
    { method: 'PATCH', path: '/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E', allow: 'DELETE, GET, HEAD' },
    { method: 'DELETE', path: '/v1/markers', allow: 'GET, HEAD' },
    { method: 'POST', path: '/v1/openapi.json', allow: 'GET, HEAD' },
  ])('when $method $path, then 405 method_not_allowed with Allow: $allow', async ({ method, path, allow }) => {
    const response = await rawRequest(method, `${fixture.stack.apiUrl}${path}`, bearer(fixture.stack.key));
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(response.body)).toEqual({
      type: `${fixture.stack.apiUrl}/docs#section/Errors/method_not_allowed`,
      title: 'Method not allowed',
      status: 405,
      detail: `${method} is not allowed on ${path}; allowed: ${allow}.`,
      code: 'method_not_allowed',
      request_id: response.headers['request-id'],
      errors: [],
    });
    await expectServerUp();
  });

  it('when the path does not exist at all, then it is still a 404', async () => {
    const response = await rawRequest('PUT', `${fixture.stack.apiUrl}/v1/nothing-here`, bearer(fixture.stack.key));
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body).code).toBe('not_found');
  });
});

describe('routine idempotency', () => {
  it('when a retry sends the same JSON with its keys in another order, then it is the same request (replayed, not 422)', async () => {
    const create = (body: string) =>
      fetch(`${fixture.stack.apiUrl}/v1/routines`, { method: 'POST', body, headers: bearer(fixture.stack.key, { 'Content-Type': 'application/json', 'Idempotency-Key': 'reordered-1' }) });
    const first = await create(JSON.stringify({ markers: { acne: { score: 60 }, pigmentation: { score: 30 } }, user_id: 'reorder', profile: { skin_type: 'combination' } }));
    expect(first.status).toBe(201);
    const second = await create(JSON.stringify({ profile: { skin_type: 'combination' }, user_id: 'reorder', markers: { pigmentation: { score: 30 }, acne: { score: 60 } } }));
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    const different = await create(JSON.stringify({ profile: { skin_type: 'oily' }, user_id: 'reorder', markers: { pigmentation: { score: 30 }, acne: { score: 60 } } }));
    // A really different request with the key: 422 idempotency_key_reused (draft-ietf-httpapi-idempotency-key-header).
    expect(different.status).toBe(422);
    expect(await different.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });
});

describe('Prefer', () => {
  // Analysis held for 3 s and a default wait of 1 s, so that how long the API waited shows in the status.
  let slow: TestStack;
  beforeAll(async () => {
    slow = await startTestStack({
      env: { SCAN_WAIT_SECONDS: '1' },
      wrapAnalyzer: (analyzer) => ({
        model: analyzer.model,
        analyze: async (image, markers) => {
          await new Promise((resolve) => setTimeout(resolve, 3000));
          return analyzer.analyze(image, markers);
        },
      }),
    });
  });
  afterAll(() => slow?.close());
  const postSlow = (prefer: string) =>
    fetch(`${slow.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: fixture.frontal, markers: 'acne' }), headers: bearer(slow.key, { Prefer: prefer }) });

  it.each([
    { prefer: 'wait=0x10', status: 202, applied: null },
    { prefer: 'wait=-1', status: 202, applied: null },
    { prefer: 'wait=2.5', status: 202, applied: null },
    { prefer: 'wait=abc, handling=lenient', status: 202, applied: null },
    { prefer: 'wait=99', status: 201, applied: 'wait=25' },
    { prefer: 'wait=20', status: 201, applied: 'wait=20' },
    { prefer: 'respond-async, wait=20', status: 202, applied: 'respond-async' },
  ])('when Prefer is "$prefer", then $status with Preference-Applied $applied', async ({ prefer, status, applied }) => {
    const response = await postSlow(prefer);
    expect(response.status).toBe(status);
    expect(response.headers.get('preference-applied')).toBe(applied);
    expect((await response.json()).status).toBe(status === 201 ? 'completed' : 'processing');
  });
});
