import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import { newId } from '../kernel/ids';
import type { MessageSender } from '../kernel/queue';
import type { Tenant } from '../kernel/tenant';
import type { MarkerName } from '../analysis/contract';
import type { AcceptedImage } from './image-intake';
import { CONTENT_TYPES, EXTENSIONS } from './image-limits';
import { scanObjectPrefix, type ImageStore } from './image-store';
import type { ScanJob, ScanRecord } from './scan';
import type { ScanStore } from './scan-store';
import { failedOutcome } from './failed-outcome';

export interface SubmitScanDeps {
  clock: Clock;
  scans: ScanStore;
  images: ImageStore;
  scanQueue: MessageSender;
}

export interface ScanRequest {
  tenant: Tenant;
  image: AcceptedImage;
  markers: MarkerName[];
  userId: string | null;
}

/**
 * Stores the image, then the scan record (processing), then enqueues the job: in that order, so a job never
 * points at a missing record and a record never at a missing image.
 */
export async function submitScan(deps: SubmitScanDeps, request: ScanRequest): Promise<ScanRecord> {
  const now = deps.clock.now();
  const scanId = newId('scan', now);
  const imageKey = `${scanObjectPrefix(request.tenant.accountId, request.tenant.environment, scanId)}image.${EXTENSIONS[request.image.format]}`;
  await deps.images.put(imageKey, request.image.bytes, CONTENT_TYPES[request.image.format], request.tenant.environment);

  const record: ScanRecord = {
    scan_id: scanId,
    status: 'processing',
    user_id: request.userId,
    skin_score: null,
    markers: {},
    created_at: isoTimestamp(now),
    completed_at: null,
    model: null,
    image: request.image.info,
    face: null,
    quality: null,
    error: null,
    account_id: request.tenant.accountId,
    environment: request.tenant.environment,
    requested_markers: request.markers,
    image_key: imageKey,
  };
  await deps.scans.create(record);

  const job: ScanJob = { scan_id: scanId, account_id: request.tenant.accountId, environment: request.tenant.environment };
  try {
    await deps.scanQueue.send(JSON.stringify(job));
  } catch (error) {
    // The job never left: the scan would wait forever, so it is failed now and the client sees why.
    await deps.scans.finish(request.tenant, scanId, failedOutcome(deps.clock.now(), { code: 'internal_error', message: 'The scan could not be queued; submit it again.' }));
    throw error;
  }
  return record;
}
