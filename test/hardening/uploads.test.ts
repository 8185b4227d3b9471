/**
 * Regression tests from the hostile-input campaign (issue 14): uploads that end early or whose client goes away
 * took the whole process down (an `error` event without a listener). Each must be a 400 naming `image` (or, for a
 * client that is gone, nothing at all), store nothing, and leave the server answering, locally and through the
 * real Lambda entry.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createS3Client } from '../../functions/adapters/aws/clients';
import { expectEarlierScanUnchanged, stackWithEarlierScan } from '../helpers/earlier-scan';
import { storageEnv } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { abortMidUpload, BOUNDARY, cutScanBody } from '../helpers/multipart-body';
import { restApiEvent } from '../helpers/api-gateway-event';
import { withCapturedOutput } from '../helpers/captured-output';

const fixture = stackWithEarlierScan();

/** What the Lambda entry sees as its base URL for the proxy events below. */
const GATEWAY_BASE = 'https://abc123defg.execute-api.eu-west-1.amazonaws.com/prod';
/** Problem `type`s live under the deployment's own /docs (the base URL the request came in on). */
const CUT_BODY_TYPE = '/docs#section/Errors/invalid_request';
const CUT_BODY_PROBLEM = {
  title: 'Invalid request',
  status: 400,
  detail: 'image: the multipart body is malformed or ends before the image part is complete; nothing was stored.',
  code: 'invalid_request',
  errors: [{ param: 'image', message: 'malformed or truncated multipart body' }],
};

async function storedObjects(): Promise<number> {
  const s3 = createS3Client(fixture.stack.config);
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: fixture.stack.config.IMAGES_BUCKET }));
  return listed.KeyCount ?? 0;
}

async function scanCount(): Promise<number> {
  const page = await (await fetch(`${fixture.stack.apiUrl}/v1/scans?limit=100`, { headers: bearer(fixture.stack.key) })).json();
  return page.data.length;
}

const expectServerUpWithEarlierScan = () => expectEarlierScanUnchanged(fixture);

describe('a multipart body that ends inside the image part', () => {
  it.each([
    ['16 bytes into the image', 16],
    ['half the image', 0.5],
    ['the whole image but no closing boundary', 1],
  ])('when the body is cut after %s, then 400 naming image, nothing stored, and the server still answers', async (_name, keep) => {
    const objects = await storedObjects();
    const scans = await scanCount();
    const body = cutScanBody(fixture.frontal, keep <= 1 ? Math.floor(fixture.frontal.length * keep) : keep);
    const response = await fetch(`${fixture.stack.apiUrl}/v1/scans`, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: bearer(fixture.stack.key, { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({ type: `${fixture.stack.apiUrl}${CUT_BODY_TYPE}`, ...CUT_BODY_PROBLEM, request_id: response.headers.get('request-id') });
    expect(await storedObjects()).toBe(objects);
    expect(await scanCount()).toBe(scans);
    await expectServerUpWithEarlierScan();
  });
});

describe('a client that disconnects mid-upload', () => {
  it.each([
    { name: 'Content-Length, half the body sent', chunked: false, fraction: 0.5 },
    { name: 'Content-Length, only the part headers sent', chunked: false, fraction: 0 },
    { name: 'chunked, half the body sent', chunked: true, fraction: 0.5 },
  ])('when the socket is destroyed ($name), then nothing is stored and the server keeps answering', async ({ chunked, fraction }) => {
    const objects = await storedObjects();
    const scans = await scanCount();
    const whole = cutScanBody(fixture.frontal, fixture.frontal.length);
    const imageStart = whole.indexOf(fixture.frontal.subarray(0, 16));
    await abortMidUpload({
      url: `${fixture.stack.apiUrl}/v1/scans`,
      headers: bearer(fixture.stack.key, { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }),
      body: whole,
      sendBytes: imageStart + Math.floor(fixture.frontal.length * fraction),
      chunked,
    });
    expect(await storedObjects()).toBe(objects);
    expect(await scanCount()).toBe(scans);
    await expectServerUpWithEarlierScan();
    const later = await fetch(`${fixture.stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: fixture.frontal, markers: 'acne' }), headers: bearer(fixture.stack.key) });
    expect(later.status).toBe(201);
  });
});

describe('a client that disconnects mid JSON body', () => {
  it.each(['/v1/routines', '/v1/ingredients/analyze'])('when the socket to POST %s is destroyed halfway, then no ERROR is logged and the server keeps answering', async (path) => {
    const body = Buffer.from(JSON.stringify({ ingredients: Array.from({ length: 200 }, (_, i) => `Ingredient ${i}`), markers: ['acne'] }));
    const { logged } = await withCapturedOutput(() =>
      abortMidUpload({ url: `${fixture.stack.apiUrl}${path}`, headers: bearer(fixture.stack.key, { 'Content-Type': 'application/json' }), body, sendBytes: Math.floor(body.length / 2) }),
    );
    expect(logged.filter((line) => /ERROR|unhandled/.test(line))).toEqual([]);
    await expectServerUpWithEarlierScan();
  });
});

describe('the real Lambda entry fed a cut body', () => {
  it('when API Gateway hands the handler a base64 body cut inside the image, then 400 naming image, and the same process answers the next event', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../helpers/lambda-entry-process.ts', import.meta.url))], {
      env: {
        ...process.env,
        ...storageEnv(fixture.stack),
        // No scan reaches the queue in this test; the entry file only requires the URLs to be configured.
        SCAN_QUEUE_URL: 'http://127.0.0.1:9/000000000000/scan-jobs',
        DELIVERY_QUEUE_URL: 'http://127.0.0.1:9/000000000000/webhook-deliveries',
        POWERTOOLS_TRACE_ENABLED: 'false',
        POWERTOOLS_METRICS_DISABLED: 'true',
        LOG_LEVEL: 'SILENT',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const exit = once(child, 'exit');
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    const invoke = async (event: object) => {
      child.stdin!.write(`${JSON.stringify(event)}\n`);
      const next = await lines.next();
      if (next.done) throw new Error('the Lambda entry process exited');
      return JSON.parse(next.value);
    };

    const objects = await storedObjects();
    const cut = cutScanBody(fixture.frontal, Math.floor(fixture.frontal.length / 2));
    const result = await invoke(proxyEvent('POST', '/v1/scans', 'gw-cut-1', { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, cut));
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body)).toEqual({ type: `${GATEWAY_BASE}${CUT_BODY_TYPE}`, ...CUT_BODY_PROBLEM, request_id: 'gw-cut-1' });
    expect(await storedObjects()).toBe(objects);

    const after = await invoke(proxyEvent('GET', `/v1/scans/${fixture.earlier.scan_id}`, 'gw-after-1', {}));
    expect(after.statusCode).toBe(200);
    expect(JSON.parse(after.body)).toEqual(fixture.earlier);

    child.stdin!.end();
    const [code] = await exit;
    expect(code).toBe(0);
  });
});

/** A REST API (v1) proxy event for the stage `prod`, with the test key. */
function proxyEvent(method: string, path: string, requestId: string, headers: Record<string, string>, body?: Buffer): object {
  return restApiEvent(method, path, { headers: { Authorization: `Bearer ${fixture.stack.key}`, ...headers }, body, requestId });
}
