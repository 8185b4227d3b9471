/**
 * The conventions a newcomer meets first: conditional GETs (ETag, If-None-Match → 304) on scans and routines,
 * problem `type` URIs under the deployment's own /docs, GET / → /docs, and HOST binding another interface.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../local/local-stack';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';

let stack: TestStack;
let frontal: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  frontal = await faceJpeg('frontal');
});
afterAll(async () => {
  await stack?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.apiUrl}${path}`, { headers: bearer(stack.key, headers) });

describe('conditional GET', () => {
  it('when a scan is read again with its ETag in If-None-Match, then 304 with no body, the same ETag and the usual headers', async () => {
    const created = await (await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', headers: bearer(stack.key), body: scanForm({ image: frontal, markers: 'acne' }) })).json();
    const first = await get(`/v1/scans/${created.scan_id}`);
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(await first.json()).toEqual(created);

    const again = await get(`/v1/scans/${created.scan_id}`, { 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('request-id')).toMatch(/^req_/);
    expect(again.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);

    // Another validator (or a list of others) is not a match: the whole scan comes back.
    const other = await get(`/v1/scans/${created.scan_id}`, { 'If-None-Match': '"0000", "1111"' });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
    expect(await other.json()).toEqual(created);
  });

  it('when a scan changes (processing → completed), then the old ETag no longer matches and the new state comes back', async () => {
    const processing = await (
      await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', headers: bearer(stack.key, { Prefer: 'respond-async' }), body: scanForm({ image: frontal, markers: 'acne' }) })
    ).json();
    const early = await get(`/v1/scans/${processing.scan_id}`);
    const earlyBody = await early.json();
    const earlyTag = early.headers.get('etag')!;
    let completed = earlyBody;
    for (let i = 0; i < 200 && completed.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      completed = await (await get(`/v1/scans/${processing.scan_id}`)).json();
    }
    expect(completed.status).toBe('completed');
    const later = await get(`/v1/scans/${processing.scan_id}`, { 'If-None-Match': earlyTag });
    if (earlyBody.status === 'processing') {
      expect(later.status).toBe(200);
      expect(later.headers.get('etag')).not.toBe(earlyTag);
      expect(await later.json()).toEqual(completed);
    } else {
      // The analysis beat the first read: the scan did not change between the two reads.
      expect(later.status).toBe(304);
    }
  });

  it('when a routine is read again with its ETag, then 304; a scan-scoped ETag never matches the routine', async () => {
    const created = await (
      await fetch(`${stack.apiUrl}/v1/routines`, {
        method: 'POST',
        headers: bearer(stack.key, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ markers: { acne: { score: 31 } }, profile: { skin_type: 'oily' } }),
      })
    ).json();
    const first = await get(`/v1/routines/${created.routine_id}`);
    const etag = first.headers.get('etag')!;
    expect(await first.json()).toEqual(created);
    expect((await get(`/v1/routines/${created.routine_id}`, { 'If-None-Match': etag })).status).toBe(304);
    expect((await get(`/v1/routines/${created.routine_id}`, { 'If-None-Match': '"not-this-one"' })).status).toBe(200);
  });
});

describe("the deployment's own addresses", () => {
  it('when an error is answered, then its type is under this server\'s /docs, at the code\'s anchor in the errors section of the document', async () => {
    const response = await get('/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E');
    const problem = await response.json();
    expect(problem.type).toBe(`${stack.apiUrl}/docs#section/Errors/not_found`);
    const document = await (await fetch(`${stack.apiUrl}/v1/openapi.json`)).json();
    const description: string = document.info.description;
    expect(description).toContain('\n# Errors\n');
    expect(description.slice(description.indexOf('\n# Errors\n'))).toContain('\n## not_found\n');
  });

  it('when a browser opens the bare address, then it is redirected to /docs', async () => {
    const response = await fetch(`${stack.apiUrl}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${stack.apiUrl}/docs`);
    const followed = await fetch(`${stack.apiUrl}/`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain('<title>Skin Analysis API reference</title>');
  });
});

describe('HOST', () => {
  const lan = Object.values(networkInterfaces()).flat().find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
  let wide: LocalStack | undefined;
  afterAll(async () => {
    await wide?.close();
  });

  it.skipIf(!lan)('when the stack binds 0.0.0.0, then another device reaches it on the LAN address; by default it does not', async () => {
    const defaultPort = new URL(stack.apiUrl).port;
    await expect(fetch(`http://${lan}:${defaultPort}/docs`)).rejects.toThrow();

    wide = await startLocalStack({ port: 0, host: '0.0.0.0', env: { LOG_LEVEL: 'ERROR' } });
    expect(wide.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = new URL(wide.apiUrl).port;
    const response = await fetch(`http://${lan}:${port}/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect((await response.json()).servers).toEqual([{ url: `http://${lan}:${port}`, description: 'This server' }]);
  });
});
