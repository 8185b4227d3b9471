/** The /v1/scans operations: submit a photo (or an upload), list, read, delete, and a marker's overlay image. */
import type { Context } from 'hono';
import { z } from 'zod';
import { ERROR_CATALOGUE, notFound, type ErrorCode } from '../../kernel/errors';
import { ApiError } from '../api-error';
import type { Tenant } from '../../kernel/tenant';
import { METRIC } from '../../kernel/metrics';
import { acceptImage, tooLarge, type AcceptedImage, IMAGE_LIMITS, MAX_WAIT_SECONDS, waitFromPrefer, type WaitPreference, submitScan, waitForScan, deleteScan, toPublicScan, type ScanRecord } from '../../scans/contract';
import { getOverlay } from '../../overlays/contract';
import type { MarkerName } from '../../analysis/contract';
import { UPLOAD_LIMITS, assertUploadUsable, findUpload, takeUploadedImage } from '../../uploads/contract';
import { actingUserId, mayRead } from '../../client-tokens/contract';
import { runIdempotent, type StoredResponse } from '../../idempotency/contract';
import { readMultipart } from '../multipart';
import { jsonWithETag } from '../middleware/conditional-get';
import { problemOf, problemTypeBase, PROBLEM_CONTENT_TYPE } from '../problem';
import type { ApiDeps, ApiEnv } from '../deps';
import { jsonBody } from '../json-body';
import { basePath } from '../../http/base-path';
import { defineRoute, CURL_AUTH } from '../route';
import { tenantOf } from '../tenant-of';
import { parseInput } from '../schemas/parse-input';
import { overlayMarkerSchema, overlayQuerySchema, scanCreateFormSchema, scanListQuerySchema } from '../schemas/scan-requests';
import { scanPathSchema } from '../schemas/path-params';
import { scanFromUploadSchema } from '../schemas/uploads';
import { scanListSchema, scanSchema } from '../schemas/scan';


/** Room for the multipart framing and the small fields around the image. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const SCAN_IMAGE_ERRORS: ErrorCode[] = [
  'image_unreadable',
  'image_too_small',
  'image_too_large',
  'no_face',
  'multiple_faces',
  'face_too_small',
  'face_cut_off',
  'face_not_frontal',
  'too_dark',
  'too_bright',
  'blurry',
  'eyes_closed',
  'expression_not_neutral',
  'grayscale_photo',
  'not_human_skin',
  'analysis_failed',
];

/** The multipart form as the schema reads it: its fields and the `image` part. A declared size far over the limit is refused unread. */
async function readScanForm(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  const declaredLength = Number(c.req.header('Content-Length') ?? 0);
  if (declaredLength > IMAGE_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(declaredLength);
  const form = await readMultipart(c.req.header('Content-Type'), c.req.raw.body, {
    fileBytes: IMAGE_LIMITS.maxBytes,
    fieldBytes: 4096,
    fields: 8,
    files: 1,
  });
  return { ...form.fields, image: form.files.image };
}

/**
 * The photo in the request (multipart), or already uploaded to S3 (JSON `{upload_id, markers, user_id}`, after
 * POST /v1/uploads): both go through the same checks, idempotency, submission and wait.
 */
export const createScanRoute = defineRoute(
  {
    method: 'post',
    path: '/v1/scans',
    operationId: 'createScan',
    tag: 'Scans',
    summary: 'Analyse a face photo',
    description: [
      'Uploads a photo and analyses it. The API waits up to 10 s for the result (`Prefer: wait=N` changes that, clamped to',
      '25; `Prefer: respond-async` means 0; `Preference-Applied` says which was applied):',
      '',
      '- **201** with the completed scan when the analysis finished in time;',
      '- **202** with the scan `processing` and `Location` otherwise: poll `GET /v1/scans/{scan_id}` (or listen for `scan.completed`);',
      '- **422** with the check\'s code (`no_face`, `blurry`, …) when the photo failed a quality check within the wait; the',
      '  problem carries the stored `failed` scan\'s `scan_id`.',
      '',
      `Cheap checks answer at once: at most ${IMAGE_LIMITS.maxBytes} bytes, inclusive (413 above), a supported format (415), at least ${IMAGE_LIMITS.minShortSide} px on`,
      'the short side and at most 40 megapixels (422). Send `Idempotency-Key` to retry safely.',
      '',
      `**From a direct upload**: send JSON \`{"upload_id", "markers", "user_id"}\` instead (after \`POST /v1/uploads\`; photos up to ${UPLOAD_LIMITS.maxBytes} bytes).`,
      'The same checks run on the uploaded object, which is deleted either way; an upload id starts one scan only',
      '(`upload_already_used`, 409), not before the file arrived (`upload_incomplete`, 409), not after it expired (`upload_expired`, 410).',
      '',
      'A client token creates scans for its own user only (`user_id` omitted or its own).',
    ].join('\n'),
    auth: 'scans:write',
    headers: ['Idempotency-Key', 'Prefer'],
    body: {
      description: 'The photo as the `image` file part, plus the optional `markers` and `user_id` fields.',
      content: {
        'multipart/form-data': {
          schema: scanCreateFormSchema,
          read: readScanForm,
          // The API reads the format from the bytes; the part's declared type does not matter.
          encoding: { image: { contentType: [...IMAGE_LIMITS.formats.map((format) => `image/${format}`), 'application/octet-stream'].join(', ') } },
        },
        'application/json': {
          schema: scanFromUploadSchema,
          read: jsonBody(4096),
          example: { upload_id: 'upl_01JD3Q8Z5X9V4N2M7K6H5G4F3E', markers: ['acne', 'hydration'] },
        },
      },
    },
    responses: [
      { status: 201, description: 'The completed scan.', body: { contentType: 'application/json', schema: scanSchema }, headers: ['Location'], optionalHeaders: ['Idempotent-Replayed', 'Preference-Applied'] },
      {
        status: 202,
        description: 'The scan is still `processing`: poll `Location`.',
        body: { contentType: 'application/json', schema: scanSchema },
        headers: ['Location'],
        optionalHeaders: ['Idempotent-Replayed', 'Preference-Applied'],
      },
    ],
    errors: ['invalid_request', 'unknown_marker', 'idempotency_conflict', 'idempotency_key_reused', 'payload_too_large', 'unsupported_media_type', 'not_found', 'upload_already_used', 'upload_incomplete', 'upload_expired', ...SCAN_IMAGE_ERRORS],
    errorHeaders: { 422: { optional: ['Location', 'Idempotent-Replayed'] } },
    curl: `curl "$SKIN_API_URL/v1/scans" ${CURL_AUTH} \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -F image=@face.jpg -F markers=acne,hydration -F user_id=user-42`,
  },
  (deps: ApiDeps) => {
    const uploadDeps = { uploads: deps.stores.uploads, objects: deps.stores.uploadObjects, clock: deps.clock };
    const submitAndWait = scanSubmission(deps);
    return async (c, { body }) => {
      const principal = c.get('principal');
      const wait = waitFromPrefer(c.req.header('Prefer'), deps.config.SCAN_WAIT_SECONDS);
      const tenant = tenantOf(principal);
      if (body.mediaType === 'application/json') {
        const request = body.value;
        const upload = await findUpload(uploadDeps, tenant, request.upload_id, principal.clientToken?.userId);
        const requested = actingUserId(principal, request.user_id);
        if (requested !== null && upload.user_id !== null && requested !== upload.user_id) {
          throw new ApiError('invalid_request', `user_id: upload ${upload.upload_id} was made for another user.`, [{ param: 'user_id', message: 'differs from the upload\'s user' }]);
        }
        const userId = upload.user_id ?? requested;
        // Spent or expired is checked inside the idempotent work: a retry with the same key replays the first answer.
        const image = async () => {
          await assertUploadUsable(uploadDeps, upload);
          return takeUploadedImage(uploadDeps, tenant, upload);
        };
        return submitAndWait(c, { tenant, markers: request.markers, userId, wait, fingerprint: [upload.upload_id], image });
      }
      const fields = body.value;
      const userId = actingUserId(principal, fields.user_id);
      const image = await acceptImage(fields.image.bytes);
      return submitAndWait(c, { tenant, markers: fields.markers, userId, wait, fingerprint: [image.bytes], image: async () => image });
    };
  },
);

interface ScanSubmission {
  tenant: Tenant;
  markers: MarkerName[];
  userId: string | null;
  wait: WaitPreference;
  fingerprint: (string | Uint8Array)[];
  image: () => Promise<AcceptedImage>;
}

/** Submits a scan once per idempotency key and waits for it within the preference. */
function scanSubmission(deps: ApiDeps): (c: Context<ApiEnv>, request: ScanSubmission) => Promise<Response> {
  const { scans, images } = deps.stores;
  const idempotency = {
    store: deps.stores.idempotency,
    clock: deps.clock,
    ttlSeconds: deps.config.IDEMPOTENCY_TTL_SECONDS,
    waitSeconds: MAX_WAIT_SECONDS + 5,
  };
  return async (c, request) => {
    const { tenant, markers, userId, wait } = request;
    const result = await runIdempotent(
      idempotency,
      { tenant, operation: 'scans.create', key: c.req.header('Idempotency-Key'), userId },
      [...request.fingerprint, markers.join(','), userId ?? ''],
      async () => {
        const submitted = await submitScan(
          { clock: deps.clock, scans, images, scanQueue: deps.scanQueue },
          { tenant, image: await request.image(), markers, userId },
        );
        deps.metrics.count(METRIC.scansSubmitted);
        const scan = await waitForScan(scans, tenant, submitted, wait.seconds, deps.clock);
        return scanResponse(scan, wait, c.get('requestId'), basePath(c), problemTypeBase(c));
      },
    );
    return c.body(result.body, result.status as 201, {
      ...result.headers,
      ...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
  };
}

export const listScansRoute = defineRoute(
  {
    method: 'get',
    path: '/v1/scans',
    operationId: 'listScans',
    tag: 'Scans',
    summary: 'List scans',
    description: 'The scans of this account and environment, newest first, a page at a time; `user_id` narrows them to one person. Pass `next_cursor` back as `cursor` (with the same `user_id`) while `has_more` is true. Cursors are opaque and signed for the query and key that got them: an altered one, or one from another filter or account, is a 400 `invalid_cursor`.',
    auth: 'scans:read',
    query: scanListQuerySchema,
    responses: [{ status: 200, description: 'One page of scans.', body: { contentType: 'application/json', schema: scanListSchema } }],
    errors: ['invalid_request', 'invalid_cursor'],
    curl: `curl "$SKIN_API_URL/v1/scans?user_id=user-42&limit=20" ${CURL_AUTH}`,
  },
  (deps: ApiDeps) => async (c, { query }) => {
    const principal = c.get('principal');
    const { limit, user_id: requested, cursor } = query;
    // A client token lists its own user's scans only.
    const userId = actingUserId(principal, requested) ?? undefined;
    const tenant = tenantOf(principal);
    const scope = { listing: 'scans.list', tenant, filter: { user_id: userId } };
    const afterScanId = cursor === undefined ? undefined : deps.cursors.open(scope, cursor);
    const page = await deps.stores.scans.list(tenant, { userId, limit, afterScanId });
    const nextCursor = page.lastScanId === null ? null : deps.cursors.seal(scope, page.lastScanId);
    return c.json({ data: page.items.map(toPublicScan), has_more: nextCursor !== null, next_cursor: nextCursor });
  },
);

/** The scan of the path, when this principal may read it (a client token: its own user's only). */
async function readableScan(deps: ApiDeps, c: Context<ApiEnv>, scanId: string): Promise<ScanRecord> {
  const principal = c.get('principal');
  const scan = await deps.stores.scans.get(tenantOf(principal), scanId, { consistent: true });
  if (!scan || !mayRead(principal, scan)) throw notFound(`Scan ${scanId.slice(0, 64)}`);
  return scan;
}

export const getScanRoute = defineRoute(
  {
    method: 'get',
    path: '/v1/scans/{scan_id}',
    operationId: 'getScan',
    tag: 'Scans',
    summary: 'Get a scan',
    description: 'One scan, also while it is `processing` (strongly consistent: poll this after a 202).',
    auth: 'scans:read',
    params: scanPathSchema,
    malformedParamIsNotFound: 'Scan',
    headers: ['If-None-Match'],
    responses: [
      { status: 200, description: 'The scan.', body: { contentType: 'application/json', schema: scanSchema }, headers: ['ETag'] },
      { status: 304, description: 'Not modified: the scan still matches `If-None-Match`.', headers: ['ETag'] },
    ],
    errors: ['not_found'],
    curl: `curl "$SKIN_API_URL/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E" ${CURL_AUTH}`,
  },
  (deps: ApiDeps) => async (c, { params }) => jsonWithETag(c, toPublicScan(await readableScan(deps, c, params.scan_id))),
);

export const deleteScanRoute = defineRoute(
  {
    method: 'delete',
    path: '/v1/scans/{scan_id}',
    operationId: 'deleteScan',
    tag: 'Scans',
    summary: 'Delete a scan',
    description: 'Deletes the scan record, its stored image and its overlays. A second delete is a 404.',
    auth: 'scans:write',
    params: scanPathSchema,
    malformedParamIsNotFound: 'Scan',
    responses: [{ status: 204, description: 'Deleted.' }],
    errors: ['not_found'],
    curl: `curl -X DELETE "$SKIN_API_URL/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E" ${CURL_AUTH}`,
  },
  (deps: ApiDeps) => async (c, { params }) => {
    await deleteScan({ scans: deps.stores.scans, images: deps.stores.images }, tenantOf(c.get('principal')), params.scan_id);
    return c.body(null, 204);
  },
);

export const getScanOverlayRoute = defineRoute(
  {
    method: 'get',
    path: '/v1/scans/{scan_id}/overlay',
    operationId: 'getScanOverlay',
    tag: 'Scans',
    summary: "Get a marker's overlay image",
    description:
      "A PNG showing where the marker's score comes from: its regions tinted by severity (`style=regions`), its per-pixel evidence (`heatmap`) or rings at the counted acne and pigmentation spots (`spots`); drawn on the aligned face crop, or (`aligned=original`) as a transparent layer the size of the upright photo to lay over it. Drawn on the first request and kept beside the scan (deleted with it), so a repeat is a read. Only for completed scans and the markers they analysed.",
    auth: 'scans:read',
    params: scanPathSchema,
    malformedParamIsNotFound: 'Scan',
    query: overlayQuerySchema(),
    responses: [
      {
        status: 200,
        description: 'The overlay: `aligned=crop` a square `width` px (default 256), opaque; `aligned=original` RGBA, `width` px wide (default the photo\'s) with the photo\'s aspect ratio, transparent where there is nothing to show.',
        body: { contentType: 'image/png', schema: { type: 'string', contentMediaType: 'image/png' } },
        headers: ['Cache-Control'],
      },
    ],
    errors: ['invalid_request', 'not_found'],
    curl: `curl "$SKIN_API_URL/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E/overlay?marker=acne&style=heatmap&aligned=original" ${CURL_AUTH} -o acne.png`,
  },
  (deps: ApiDeps) => async (c, { params, query }) => {
    const scan = await readableScan(deps, c, params.scan_id);
    // Which markers are drawable depends on the scan: checked against it once it is read.
    const { marker = scan.requested_markers[0]! } = parseInput(z.object({ marker: overlayMarkerSchema(scan.requested_markers) }), { marker: query.marker });
    if (scan.status !== 'completed') throw notFound(`The overlay of scan ${scan.scan_id} (the scan is ${scan.status})`);
    const png = await getOverlay(deps.stores.images, scan, { marker, style: query.style, aligned: query.aligned, width: query.width, legend: query.legend });
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=3600' });
  },
);

/**
 * 201 completed, 202 still processing, or (failed within the wait window) 422 with the check's code: as a
 * stored response, so that an idempotent retry gets exactly this answer again.
 */
function scanResponse(scan: ScanRecord, wait: WaitPreference, requestId: string, prefix: string, problemTypeBase: string): StoredResponse {
  // Behind an API Gateway stage the prefix (`/prod`) is part of the URL the client polls.
  const location = `${prefix}/v1/scans/${scan.scan_id}`;
  if (scan.status === 'failed') {
    const { apiError, body } = problemOf(scanFailed(scan), requestId, problemTypeBase);
    return { status: apiError.status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, Location: location }, body: JSON.stringify(body) };
  }
  return {
    status: scan.status === 'completed' ? 201 : 202,
    headers: {
      'Content-Type': 'application/json',
      Location: location,
      ...(wait.applied ? { 'Preference-Applied': wait.applied } : {}),
    },
    body: JSON.stringify(toPublicScan(scan)),
  };
}

function scanFailed(scan: ScanRecord): ApiError {
  const code = scan.error?.code ?? '';
  const isImageCheck = code in ERROR_CATALOGUE && ERROR_CATALOGUE[code as ErrorCode].status === 422;
  return new ApiError(
    isImageCheck ? (code as ErrorCode) : 'analysis_failed',
    scan.error?.message ?? 'The image could not be analysed.',
    [{ param: 'image', message: scan.error?.message ?? 'analysis failed' }],
    {},
    { scan_id: scan.scan_id },
  );
}
