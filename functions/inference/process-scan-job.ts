import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import type { Tenant } from '../kernel/tenant';
import { elapsedMs, METRIC, type MetricsSink } from '../kernel/metrics';
import type { ScanAnalyzer } from '../analysis/analyzer';
import { overlaySourceKey, type ImageStore, type ScanJob, type ScanRecord, type ScanOutcome, type ScanStore, failedOutcome, type ScanFinishedListener } from '../scans/contract';
import { encodeOverlaySource } from '../overlays/contract';
import { isUndecodableImage, uprightImage } from './upright-image';

export interface InferenceDeps {
  clock: Clock;
  scans: ScanStore;
  images: ImageStore;
  analyzer: ScanAnalyzer;
  logger: Logger;
  /** Scans completed and failed (by code), job errors, analysis and end-to-end latency. */
  metrics: MetricsSink;
  onScanFinished: ScanFinishedListener[];
}

export interface Delivery {
  /** 1 on the first delivery of the job (SQS ApproximateReceiveCount). */
  receiveCount: number;
  /** After this many receives the queue gives the job to its DLQ. */
  maxReceives: number;
}

/**
 * One scan job: analyse the stored image and write the outcome once. Idempotent: a redelivered job whose scan
 * is already finished only re-runs the listeners (their own records de-duplicate), never analyses again.
 * An unexpected error is rethrown so the queue retries; on the last receive the scan is marked failed first.
 */
export async function processScanJob(deps: InferenceDeps, job: ScanJob, delivery: Delivery): Promise<void> {
  const tenant: Tenant = { accountId: job.account_id, environment: job.environment };
  const scan = await deps.scans.get(tenant, job.scan_id, { consistent: true });
  if (!scan) {
    deps.logger.info('scan job for a deleted scan skipped', { scanId: job.scan_id });
    return;
  }
  if (scan.status !== 'processing') {
    await notify(deps, scan);
    return;
  }

  let outcome: ScanOutcome;
  const started = performance.now();
  try {
    outcome = await analyse(deps, scan);
    deps.metrics.duration(METRIC.analysisLatency, elapsedMs(started));
  } catch (error) {
    if (isUndecodableImage(error)) {
      await finishAndNotify(deps, tenant, scan, {
        ...failedOutcome(deps.clock.now(), null),
        error: { code: 'image_unreadable', message: 'The image data is damaged and cannot be decoded.' },
      });
      return;
    }
    if (delivery.receiveCount >= delivery.maxReceives) {
      deps.logger.error('scan job failed on its last attempt', { scanId: scan.scan_id, receiveCount: delivery.receiveCount });
      await finishAndNotify(deps, tenant, scan, {
        ...failedOutcome(deps.clock.now(), null),
        error: { code: 'analysis_failed', message: 'The analysis failed repeatedly; submit the scan again.' },
      });
    }
    deps.metrics.count(METRIC.scanJobErrors);
    throw error;
  }
  await finishAndNotify(deps, tenant, scan, outcome);
}

async function analyse(deps: InferenceDeps, scan: ScanRecord): Promise<ScanOutcome> {
  const bytes = await deps.images.get(scan.image_key);
  if (!bytes) throw new Error(`image object missing for ${scan.scan_id}`);
  const result = await deps.analyzer.analyze(await uprightImage(bytes), scan.requested_markers);
  const completedAt = isoTimestamp(deps.clock.now());
  if (result.status === 'failed') {
    return { ...failedOutcome(deps.clock.now(), null), face: result.face, quality: result.quality, error: result.error };
  }
  // What the overlays are drawn from goes in before the record says completed, so a completed scan always has it;
  // the PNGs themselves are drawn on request (GET /v1/scans/{id}/overlay).
  if (result.overlaySource) {
    await deps.images.put(overlaySourceKey(scan.image_key), encodeOverlaySource(result.overlaySource), 'application/octet-stream', scan.environment);
  }
  return {
    status: 'completed',
    skin_score: result.skinScore,
    markers: result.markers,
    completed_at: completedAt,
    model: deps.analyzer.model,
    face: result.face,
    quality: result.quality,
    error: null,
    spots: result.spots,
    lesion_counts: result.lesionCounts,
    skin_tone: result.skinTone,
    skin_type: result.skinType,
    region_results: result.regionResults,
  };
}

async function finishAndNotify(deps: InferenceDeps, tenant: Tenant, scan: ScanRecord, outcome: ScanOutcome): Promise<void> {
  if (await deps.scans.finish(tenant, scan.scan_id, outcome)) recordOutcome(deps, scan, outcome);
  // Whoever won the conditional write, the stored record is the truth the listeners report.
  const stored = await deps.scans.get(tenant, scan.scan_id, { consistent: true });
  if (!stored) {
    // Deleted (or its user erased) while it was analysed: what this job just stored must go too.
    await deps.images.deletePrefix(scan.image_key.slice(0, scan.image_key.lastIndexOf('/') + 1));
    return;
  }
  if (stored.status !== 'processing') await notify(deps, stored);
}

/** Once per scan: only the job whose conditional write stored the outcome counts it. */
function recordOutcome(deps: InferenceDeps, scan: ScanRecord, outcome: ScanOutcome): void {
  if (outcome.status === 'completed') deps.metrics.count(METRIC.scansCompleted);
  else deps.metrics.count(METRIC.scansFailed, { code: outcome.error?.code ?? 'unknown' });
  const createdAt = Date.parse(scan.created_at);
  if (Number.isFinite(createdAt)) deps.metrics.duration(METRIC.scanLatency, Math.max(0, deps.clock.now() - createdAt));
}

async function notify(deps: InferenceDeps, scan: ScanRecord): Promise<void> {
  for (const listener of deps.onScanFinished) await listener(scan);
}
