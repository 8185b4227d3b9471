import { Hono } from 'hono';
import { ApiError, ERROR_CATALOGUE, notFound, type ErrorCode } from '../../shared/errors';
import type { Tenant } from '../../shared/tenant';
import { METRIC } from '../../shared/metrics';
import { requireScope, type Principal } from '../../keys/authenticate';
import { acceptImage, tooLarge } from '../../scans/image-intake';
import { IMAGE_LIMITS } from '../../scans/image-limits';
import { MAX_WAIT_SECONDS, waitFromPrefer, type WaitPreference } from '../../scans/prefer-header';
import { submitScan } from '../../scans/submit-scan';
import { waitForScan } from '../../scans/wait-for-scan';
import { deleteScan } from '../../scans/delete-scan';
import { getOverlay } from '../../overlays/get-overlay';
import { toPublicScan, type ScanRecord } from '../../scans/scan';
import { readMultipart } from '../multipart';
import { jsonWithETag } from '../middleware/conditional-get';
import { problemOf, problemTypeBase, PROBLEM_CONTENT_TYPE } from '../problem';
import { runIdempotent } from '../../idempotency/run-idempotent';
import type { StoredResponse } from '../../idempotency/idempotency-store';
import type { ApiDeps, ApiEnv } from '../deps';
import { parseInput } from '../schemas/parse-input';
import { overlayQuerySchema, scanCreateFormSchema, scanListQuerySchema } from '../schemas/scan-requests';
import { isWellFormed, scanPathSchema } from '../schemas/path-params';
import { scanFromUploadSchema } from '../schemas/uploads';
import { readJsonBody } from '../json-body';
import { basePath } from '../base-path';
import { actingUserId, mayRead } from '../../client-tokens/token-access';
import { assertUploadUsable, findUpload, takeUploadedImage } from '../../uploads/take-upload';
import type { AcceptedImage } from '../../scans/image-intake';
import type { MarkerName } from '../../analysis/skin/markers';
import type { Context } from 'hono';

/** Room for the multipart framing and the small fields around the image. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export function scanRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { scans, images } = deps.stores;
  const uploadDeps = { uploads: deps.stores.uploads, objects: deps.stores.uploadObjects, clock: deps.clock };
  const idempotency = {
    store: deps.stores.idempotency,
    clock: deps.clock,
    ttlSeconds: deps.config.IDEMPOTENCY_TTL_SECONDS,
    waitSeconds: MAX_WAIT_SECONDS + 5,
  };

  /**
   * The photo in the request (multipart), or already uploaded to S3 (JSON `{upload_id, markers, user_id}`, after
   * POST /v1/uploads): both go through the same checks, idempotency, submission and wait.
   */
  app.post('/', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:write');
    const wait = waitFromPrefer(c.req.header('Prefer'), deps.config.SCAN_WAIT_SECONDS);
    const tenant = tenantOf(principal);
    if (/^application\/json\s*(;|$)/i.test(c.req.header('Content-Type') ?? '')) {
      const body = parseInput(scanFromUploadSchema, await readJsonBody(c.req.raw, 4096));
      const upload = await findUpload(uploadDeps, tenant, body.upload_id, principal.clientToken?.userId);
      const requested = actingUserId(principal, body.user_id);
      if (requested !== null && upload.user_id !== null && requested !== upload.user_id) {
        throw new ApiError('invalid_request', `user_id: upload ${upload.upload_id} was made for another user.`, [{ param: 'user_id', message: 'differs from the upload\'s user' }]);
      }
      const userId = upload.user_id ?? requested;
      // Spent or expired is checked inside the idempotent work: a retry with the same key replays the first answer.
      const image = async () => {
        await assertUploadUsable(uploadDeps, upload);
        return takeUploadedImage(uploadDeps, tenant, upload);
      };
      return submitAndWait(c, { tenant, markers: body.markers, userId, wait, fingerprint: [upload.upload_id], image });
    }

    const declaredLength = Number(c.req.header('Content-Length') ?? 0);
    if (declaredLength > IMAGE_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(declaredLength);
    const form = await readMultipart(c.req.header('Content-Type'), c.req.raw.body, {
      fileBytes: IMAGE_LIMITS.maxBytes,
      fieldBytes: 4096,
      fields: 8,
      files: 1,
    });
    const fields = parseInput(scanCreateFormSchema, { ...form.fields, image: form.files.image });
    const userId = actingUserId(principal, fields.user_id);
    const image = await acceptImage(fields.image.bytes);
    return submitAndWait(c, { tenant, markers: fields.markers, userId, wait, fingerprint: [image.bytes], image: async () => image });
  });

  async function submitAndWait(
    c: Context<ApiEnv>,
    request: { tenant: Tenant; markers: MarkerName[]; userId: string | null; wait: WaitPreference; fingerprint: (string | Uint8Array)[]; image: () => Promise<AcceptedImage> },
  ): Promise<Response> {
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
        const scan = await waitForScan(scans, tenant, submitted, wait.seconds);
        return scanResponse(scan, wait, c.get('requestId'), basePath(c), problemTypeBase(c));
      },
    );
    return c.body(result.body, result.status as 201, {
      ...result.headers,
      ...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
  }

  app.get('/', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:read');
    const { limit, user_id: requested, cursor } = parseInput(scanListQuerySchema, c.req.query());
    // A client token lists its own user's scans only.
    const userId = actingUserId(principal, requested) ?? undefined;
    const tenant = tenantOf(principal);
    const scope = { listing: 'scans.list', tenant, filter: { user_id: userId } };
    const afterScanId = cursor === undefined ? undefined : deps.cursors.open(scope, cursor);
    const page = await scans.list(tenant, { userId, limit, afterScanId });
    const nextCursor = page.lastScanId === null ? null : deps.cursors.seal(scope, page.lastScanId);
    return c.json({ data: page.items.map(toPublicScan), has_more: nextCursor !== null, next_cursor: nextCursor });
  });

  app.get('/:scan_id', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:read');
    const scanId = c.req.param('scan_id');
    const scan = isWellFormed(scanPathSchema, { scan_id: scanId }) ? await scans.get(tenantOf(principal), scanId, { consistent: true }) : undefined;
    if (!scan || !mayRead(principal, scan)) throw notFound(`Scan ${scanId.slice(0, 64)}`);
    return jsonWithETag(c, toPublicScan(scan));
  });

  app.get('/:scan_id/overlay', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:read');
    const scanId = c.req.param('scan_id');
    const scan = isWellFormed(scanPathSchema, { scan_id: scanId }) ? await scans.get(tenantOf(principal), scanId, { consistent: true }) : undefined;
    if (!scan || !mayRead(principal, scan)) throw notFound(`Scan ${scanId.slice(0, 64)}`);
    const query = parseInput(overlayQuerySchema(scan.requested_markers), {
      marker: c.req.query('marker'),
      style: c.req.query('style'),
      aligned: c.req.query('aligned'),
      width: c.req.query('width'),
      legend: c.req.query('legend'),
    });
    const marker = query.marker ?? scan.requested_markers[0]!;
    if (scan.status !== 'completed') throw notFound(`The overlay of scan ${scanId} (the scan is ${scan.status})`);
    const png = await getOverlay(images, scan, { marker, style: query.style, aligned: query.aligned, width: query.width, legend: query.legend });
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=3600' });
  });

  app.delete('/:scan_id', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:write');
    const scanId = c.req.param('scan_id');
    if (!isWellFormed(scanPathSchema, { scan_id: scanId })) throw notFound(`Scan ${scanId.slice(0, 64)}`);
    await deleteScan({ scans, images }, tenantOf(principal), scanId);
    return c.body(null, 204);
  });

  return app;
}

export function tenantOf(principal: Principal): Tenant {
  return { accountId: principal.accountId, environment: principal.environment };
}

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
