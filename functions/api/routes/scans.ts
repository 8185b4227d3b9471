import { Hono } from 'hono';
import { ApiError, ERROR_CATALOGUE, notFound, type ErrorCode } from '../../shared/errors';
import type { Tenant } from '../../shared/tenant';
import { METRIC } from '../../shared/metrics';
import { requireScope, type Principal } from '../../keys/authenticate';
import { acceptImage, tooLarge } from '../../scans/image-intake';
import { IMAGE_LIMITS } from '../../scans/image-limits';
import { MAX_WAIT_SECONDS, waitSecondsFromPrefer } from '../../scans/prefer-header';
import { submitScan } from '../../scans/submit-scan';
import { waitForScan } from '../../scans/wait-for-scan';
import { deleteScan } from '../../scans/delete-scan';
import { overlayKey } from '../../scans/image-store';
import { toPublicScan, type ScanRecord } from '../../scans/scan';
import { readMultipart } from '../multipart';
import { conditionalGet } from '../middleware/conditional-get';
import { problemOf, problemTypeBase, PROBLEM_CONTENT_TYPE } from '../problem';
import { runIdempotent } from '../../idempotency/run-idempotent';
import type { StoredResponse } from '../../idempotency/idempotency-store';
import type { ApiDeps, ApiEnv } from '../deps';
import { parseInput } from '../schemas/parse-input';
import { overlayQuerySchema, scanCreateFormSchema, scanListQuerySchema } from '../schemas/scan-requests';
import { isWellFormed, scanPathSchema } from '../schemas/path-params';

/** Room for the multipart framing and the small fields around the image. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export function scanRoutes(deps: ApiDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { scans, images } = deps.stores;
  const idempotency = {
    store: deps.stores.idempotency,
    clock: deps.clock,
    ttlSeconds: deps.config.IDEMPOTENCY_TTL_SECONDS,
    waitSeconds: MAX_WAIT_SECONDS + 5,
  };

  app.post('/', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:write');
    const declaredLength = Number(c.req.header('Content-Length') ?? 0);
    if (declaredLength > IMAGE_LIMITS.maxBytes + FORM_OVERHEAD_BYTES) throw tooLarge(declaredLength);
    const waitSeconds = waitSecondsFromPrefer(c.req.header('Prefer'), deps.config.SCAN_WAIT_SECONDS);

    const form = await readMultipart(c.req.header('Content-Type'), c.req.raw.body, {
      fileBytes: IMAGE_LIMITS.maxBytes,
      fieldBytes: 4096,
      fields: 8,
      files: 1,
    });
    const fields = parseInput(scanCreateFormSchema, { ...form.fields, image: form.files.image });
    const { markers } = fields;
    const userId = fields.user_id ?? null;
    const image = await acceptImage(fields.image.bytes);

    const tenant = tenantOf(principal);
    const result = await runIdempotent(
      idempotency,
      { tenant, operation: 'scans.create', key: c.req.header('Idempotency-Key'), userId },
      [image.bytes, markers.join(','), userId ?? ''],
      async () => {
        const submitted = await submitScan(
          { clock: deps.clock, scans, images, scanQueue: deps.scanQueue },
          { tenant, image, markers, userId },
        );
        deps.metrics.count(METRIC.scansSubmitted);
        const scan = await waitForScan(scans, tenant, submitted, waitSeconds);
        return scanResponse(scan, waitSeconds, c.get('requestId'), problemTypeBase(c));
      },
    );
    return c.body(result.body, result.status as 201, {
      ...result.headers,
      ...(result.replayed ? { 'Idempotent-Replayed': 'true' } : {}),
    });
  });

  app.get('/', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:read');
    const { limit, user_id: userId, cursor } = parseInput(scanListQuerySchema, c.req.query());
    const page = await scans.list(tenantOf(principal), { userId, limit, cursor });
    return c.json({ data: page.items.map(toPublicScan), has_more: page.nextCursor !== null, next_cursor: page.nextCursor });
  });

  app.get('/:scan_id', conditionalGet(), async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:read');
    const scanId = c.req.param('scan_id');
    const scan = isWellFormed(scanPathSchema, { scan_id: scanId }) ? await scans.get(tenantOf(principal), scanId, { consistent: true }) : undefined;
    if (!scan) throw notFound(`Scan ${scanId.slice(0, 64)}`);
    return c.json(toPublicScan(scan));
  });

  app.get('/:scan_id/overlay', async (c) => {
    const principal = c.get('principal');
    requireScope(principal, 'scans:read');
    const scanId = c.req.param('scan_id');
    const scan = isWellFormed(scanPathSchema, { scan_id: scanId }) ? await scans.get(tenantOf(principal), scanId, { consistent: true }) : undefined;
    if (!scan) throw notFound(`Scan ${scanId.slice(0, 64)}`);
    const marker = parseInput(overlayQuerySchema(scan.requested_markers), { marker: c.req.query('marker') }).marker ?? scan.requested_markers[0];
    if (scan.status !== 'completed') throw notFound(`The overlay of scan ${scanId} (the scan is ${scan.status})`);
    const png = await images.get(overlayKey(scan.image_key, marker));
    if (!png) throw notFound(`The overlay of scan ${scanId} for ${marker}`);
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
function scanResponse(scan: ScanRecord, waitSeconds: number, requestId: string, problemTypeBase: string): StoredResponse {
  const location = `/v1/scans/${scan.scan_id}`;
  if (scan.status === 'failed') {
    const { apiError, body } = problemOf(scanFailed(scan), requestId, problemTypeBase);
    return { status: apiError.status, headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, Location: location }, body: JSON.stringify(body) };
  }
  return {
    status: scan.status === 'completed' ? 201 : 202,
    headers: {
      'Content-Type': 'application/json',
      Location: location,
      ...(waitSeconds === 0 ? { 'Preference-Applied': 'respond-async' } : {}),
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
