import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { createS3Client } from '../functions/adapters/aws/clients';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { resultRegionsOf } from '../functions/analysis/skin/result-regions';
import { startTestStack, type TestStack } from './helpers/stack';
import { bearer, ISO_UTC, scanForm } from './helpers/http';
import {
  faceJpeg,
  onePixelPng,
  oversizedFile,
  pdfBytes,
  pngHeaderClaiming,
  truncatedJpeg,
} from './helpers/images';

let stack: TestStack;
let frontal: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  frontal = await faceJpeg('frontal');
});
afterAll(() => stack?.close());

const post = (form: FormData, headers: Record<string, string> = {}) =>
  fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: form, headers: { ...bearer(stack.key), ...headers } });
const get = (path: string, key = stack.key) => fetch(`${stack.apiUrl}${path}`, { headers: bearer(key) });

function severityOf(score: number): string {
  return score >= 70 ? 'low' : score >= 40 ? 'moderate' : 'high';
}

describe('POST /v1/scans', () => {
  it('when a face photo is posted with markers acne,hydration, then 201 with the completed scan and exactly those markers', async () => {
    const response = await post(scanForm({ image: frontal, markers: 'acne,hydration' }));
    const scan = await response.json();

    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/v1/scans/${scan.scan_id}`);
    expect(response.headers.get('request-id')).toMatch(/^req_/);
    expect(scan).toEqual({
      scan_id: expect.stringMatching(/^scan_[0-9A-Z]{26}$/),
      status: 'completed',
      user_id: null,
      skin_score: expect.any(Number),
      markers: {
        acne: { score: expect.any(Number), severity: expect.any(String) },
        hydration: { score: expect.any(Number), severity: expect.any(String) },
      },
      created_at: expect.stringMatching(ISO_UTC),
      completed_at: expect.stringMatching(ISO_UTC),
      model: { name: expect.any(String), version: expect.any(String) },
      image: { width: 560, height: 560, format: 'jpeg' },
      face: expect.anything(),
      quality: expect.any(Object),
      error: null,
      spots: expect.any(Array),
      lesion_counts: { total: expect.any(Number), inflamed: expect.any(Number), dark_spot: expect.any(Number), by_region: expect.any(Object) },
      skin_tone: { ita: expect.any(Number), category: expect.any(String), hue_angle: expect.any(Number), lab: { l: expect.any(Number), a: expect.any(Number), b: expect.any(Number) } },
      skin_type: {
        type: expect.stringMatching(/^(dry|oily|combination|normal)$/),
        sensitive_prone: expect.any(Boolean),
        measures: { t_zone_shine: expect.any(Number), u_zone_shine: expect.any(Number), u_zone_dryness: expect.any(Number), redness: expect.any(Number) },
      },
      // Per region for the requested markers that have regions: acne's five face regions, hydration's two cheeks.
      region_results: {
        acne: { forehead: expect.any(Object), nose: expect.any(Object), left_cheek: expect.any(Object), right_cheek: expect.any(Object), chin: expect.any(Object) },
        hydration: { left_cheek: expect.any(Object), right_cheek: expect.any(Object) },
      },
    });
    for (const result of Object.values(scan.markers) as { score: number; severity: string }[]) {
      expect(Number.isInteger(result.score) && result.score >= 0 && result.score <= 100).toBe(true);
      expect(result.severity).toBe(severityOf(result.score));
    }
    expect(Number.isInteger(scan.skin_score) && scan.skin_score >= 0 && scan.skin_score <= 100).toBe(true);

    const again = await get(`/v1/scans/${scan.scan_id}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(scan);
  });

  it('when markers is omitted, then every marker of the catalogue is scored and broken down into its regions', async () => {
    const response = await post(scanForm({ image: frontal, user_id: 'user-omit' }));
    const scan = await response.json();
    expect(response.status).toBe(201);
    expect(Object.keys(scan.markers).sort()).toEqual([...MARKER_NAMES].sort());
    // All fourteen have regions (the five added markers too, measured on the full maps); a region without enough
    // skin on this face (its crow's feet) is left out.
    expect(Object.keys(scan.region_results).sort()).toEqual([...MARKER_NAMES].sort());
    for (const marker of MARKER_NAMES) {
      const regions = Object.keys(scan.region_results[marker]);
      expect(regions.length, marker).toBeGreaterThanOrEqual(2);
      for (const region of regions) expect(resultRegionsOf(marker), marker).toContain(region);
    }
    expect(scan.user_id).toBe('user-omit');
  });

  it('when markers has odd case, spaces and repeats, then each named marker appears once', async () => {
    const response = await post(scanForm({ image: frontal, markers: ' Acne, PIGMENTATION ,acne,' }));
    expect(response.status).toBe(201);
    expect(Object.keys((await response.json()).markers)).toEqual(['acne', 'pigmentation']);
  });

  it('when the same image is posted twice, then the scores are identical; a different face scores differently', async () => {
    const first = await (await post(scanForm({ image: frontal }))).json();
    const second = await (await post(scanForm({ image: frontal }))).json();
    const other = await (await post(scanForm({ image: await faceJpeg('tilted') }))).json();
    expect(second.scan_id).not.toBe(first.scan_id);
    expect(second.markers).toEqual(first.markers);
    expect(second.skin_score).toBe(first.skin_score);
    expect(other.markers).not.toEqual(first.markers);
  });

  it('when the client prefers respond-async, then 202 with Location, and polling reaches completed', async () => {
    const response = await post(scanForm({ image: frontal, markers: 'acne' }), { Prefer: 'respond-async' });
    const body = await response.json();
    expect(response.status).toBe(202);
    expect(response.headers.get('preference-applied')).toBe('respond-async');
    expect(body).toMatchObject({ status: 'processing', skin_score: null, markers: {}, completed_at: null });
    const location = response.headers.get('location');
    expect(location).toBe(`/v1/scans/${body.scan_id}`);

    let scan = body;
    for (let i = 0; i < 200 && scan.status === 'processing'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      scan = await (await get(location!)).json();
    }
    expect(scan.status).toBe('completed');
    expect(Object.keys(scan.markers)).toEqual(['acne']);
  });
});

describe('bad input to POST /v1/scans', () => {
  const cases: { name: string; request: () => Promise<Response>; status: number; code: string; param: string }[] = [
    {
      name: 'no Authorization header',
      request: async () => fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: frontal }) }),
      status: 401, code: 'unauthenticated', param: '',
    },
    { name: 'a PDF', request: async () => post(scanForm({ image: pdfBytes(), filename: 'x.pdf', contentType: 'application/pdf' })), status: 415, code: 'unsupported_media_type', param: 'image' },
    { name: 'a truncated JPEG', request: async () => post(scanForm({ image: await truncatedJpeg() })), status: 422, code: 'image_unreadable', param: 'image' },
    { name: 'an empty file', request: async () => post(scanForm({ image: Buffer.alloc(0) })), status: 400, code: 'invalid_request', param: 'image' },
    { name: 'a 6 MB file', request: async () => post(scanForm({ image: oversizedFile(6 * 1024 * 1024) })), status: 413, code: 'payload_too_large', param: 'image' },
    { name: 'a 1x1 PNG', request: async () => post(scanForm({ image: await onePixelPng(), contentType: 'image/png' })), status: 422, code: 'image_too_small', param: 'image' },
    { name: 'a 20000x20000 PNG header', request: async () => post(scanForm({ image: pngHeaderClaiming(20000, 20000), contentType: 'image/png' })), status: 422, code: 'image_too_large', param: 'image' },
    { name: 'an unknown marker', request: async () => post(scanForm({ image: frontal, markers: 'acne,freckles' })), status: 400, code: 'unknown_marker', param: 'markers' },
    { name: 'no image field', request: async () => post(scanForm({ markers: 'acne' })), status: 400, code: 'invalid_request', param: 'image' },
    {
      // JSON is the direct-upload form of the request (docs/apps.md): it must name an upload.
      name: 'a JSON body without upload_id',
      request: async () => post(JSON.stringify({ image: 'x' }) as unknown as FormData, { 'Content-Type': 'application/json' }),
      status: 400, code: 'invalid_request', param: 'upload_id',
    },
    {
      name: 'a text body instead of multipart or JSON',
      request: async () => post('image=x' as unknown as FormData, { 'Content-Type': 'text/plain' }),
      status: 415, code: 'unsupported_media_type', param: 'Content-Type',
    },
    { name: 'an invalid user_id', request: async () => post(scanForm({ image: frontal, user_id: 'a b/c' })), status: 400, code: 'invalid_request', param: 'user_id' },
    { name: 'a markers list of only commas', request: async () => post(scanForm({ image: frontal, markers: ',,,' })), status: 400, code: 'invalid_request', param: 'markers' },
  ];

  it.each(cases)('when the request has $name, then $status $code as problem+json naming it', async ({ request, status, code, param }) => {
    const before = await (await post(scanForm({ image: frontal, markers: 'acne' }))).json();
    const response = await request();
    const problem = await response.json();

    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(problem).toEqual({
      type: `${stack.apiUrl}/docs#section/Errors/${code}`,
      title: expect.any(String),
      status,
      detail: expect.any(String),
      code,
      request_id: response.headers.get('request-id'),
      errors: param ? expect.arrayContaining([expect.objectContaining({ param })]) : [],
    });
    if (status === 401) expect(response.headers.get('www-authenticate')).toBe('Bearer');
    // The process stays up and what was stored before is intact.
    const stored = await get(`/v1/scans/${before.scan_id}`);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual(before);
  });
});

describe('photos the analysis cannot judge', () => {
  it('when the face is under 100 px across (a 400x200 photo), then 422 face_too_small with the failed scan and its measured face size', async () => {
    const small = await sharp(frontal).resize(200, 200).extend({ left: 100, right: 100, background: '#808080' }).jpeg().toBuffer();
    const response = await post(scanForm({ image: small, markers: 'acne' }));
    const problem = await response.json();
    expect(response.status).toBe(422);
    expect(problem).toMatchObject({ code: 'face_too_small', scan_id: expect.stringMatching(/^scan_/) });
    const scan = await (await get(`/v1/scans/${problem.scan_id}`)).json();
    expect(scan).toMatchObject({
      status: 'failed',
      skin_score: null,
      markers: {},
      error: { code: 'face_too_small', message: expect.stringContaining('at least 100 px') },
      quality: { face_size: { value: expect.any(Number), threshold: 100, passed: false } },
    });
    expect(scan.quality.face_size.value).toBeLessThan(100);
  });
});

describe('reading and deleting scans', () => {
  it('when scans are listed with a limit, then pages run newest first and the cursor continues them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await (await post(scanForm({ image: frontal, markers: 'acne', user_id: 'lister' }))).json()).scan_id);
    }
    const first = await (await get('/v1/scans?user_id=lister&limit=2')).json();
    expect(first.data.map((s: { scan_id: string }) => s.scan_id)).toEqual([ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = await (await get(`/v1/scans?user_id=lister&limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.data.map((s: { scan_id: string }) => s.scan_id)).toEqual([ids[0]]);

    const all = await (await get('/v1/scans?limit=100')).json();
    expect(all.data.length).toBeGreaterThanOrEqual(3);
    const times = all.data.map((s: { scan_id: string }) => s.scan_id);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('when the limit or cursor is malformed, then 400 naming it', async () => {
    for (const [query, param] of [['limit=0', 'limit'], ['limit=abc', 'limit'], ['cursor=%%%', 'cursor']]) {
      const response = await get(`/v1/scans?${query}`);
      expect(response.status).toBe(400);
      expect((await response.json()).errors[0].param).toBe(param);
    }
  });

  it('when the overlay of an analysed marker is asked for, then a PNG of the face comes back; other markers are a 400', async () => {
    const scan = await (await post(scanForm({ image: frontal, markers: 'acne,redness' }))).json();
    const response = await get(`/v1/scans/${scan.scan_id}/overlay?marker=redness`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'png', width: 256, height: 256 });

    const other = await get(`/v1/scans/${scan.scan_id}/overlay?marker=wrinkles`);
    expect(other.status).toBe(400);
    expect((await other.json()).errors).toEqual([
      { param: 'marker', message: 'expected one of the markers this scan analysed (acne, redness), received "wrinkles"' },
    ]);
  });

  it('when a scan is deleted, then its record and stored image are gone', async () => {
    const scan = await (await post(scanForm({ image: frontal, markers: 'acne' }))).json();
    const s3 = createS3Client(stack.config);
    expect((await get(`/v1/scans/${scan.scan_id}/overlay?marker=acne`)).status).toBe(200);
    const objects = async () =>
      (await s3.send(new ListObjectsV2Command({ Bucket: stack.config.IMAGES_BUCKET, Prefix: `${stack.accountId}/test/${scan.scan_id}/` }))).Contents ?? [];
    expect((await objects()).length).toBeGreaterThan(0);

    const response = await fetch(`${stack.apiUrl}/v1/scans/${scan.scan_id}`, { method: 'DELETE', headers: bearer(stack.key) });
    expect(response.status).toBe(204);
    expect((await get(`/v1/scans/${scan.scan_id}`)).status).toBe(404);
    expect(await objects()).toEqual([]);
    expect((await get(`/v1/scans/${scan.scan_id}/overlay?marker=acne`)).status).toBe(404);
    const again = await fetch(`${stack.apiUrl}/v1/scans/${scan.scan_id}`, { method: 'DELETE', headers: bearer(stack.key) });
    expect(again.status).toBe(404);
  });

  it('when an unknown or malformed scan id is read, then 404 problem+json', async () => {
    for (const id of ['scan_01JD000000000000000000000Z', 'not-an-id', '..%2F..%2Fetc']) {
      const response = await get(`/v1/scans/${id}`);
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
  });

  it('when another account reads a scan by id, then 404', async () => {
    const scan = await (await post(scanForm({ image: frontal, markers: 'acne' }))).json();
    const otherAccount = await stack.newAccount('business');
    const { key } = await stack.newKey({ accountId: otherAccount });
    expect((await get(`/v1/scans/${scan.scan_id}`, key)).status).toBe(404);
    expect((await (await get('/v1/scans', key)).json()).data).toEqual([]);
  });
});
