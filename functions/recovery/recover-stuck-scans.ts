import type { Logger } from '@aws-lambda-powertools/logger';
import { isoTimestamp, type Clock } from '../kernel/clock';
import { METRIC, type MetricsSink } from '../kernel/metrics';
import type { MessageSender } from '../kernel/queue';
import { type ScanFinishedListener, type ImageStore, type ScanJob, type ScanRecord, type ProcessingScanRef, type ScanStore, failedOutcome } from '../scans/contract';

export interface RecoveryDeps {
  clock: Clock;
  scans: ScanStore;
  images: ImageStore;
  scanQueue: MessageSender;
  logger: Logger;
  metrics: MetricsSink;
  /** Run for a scan this sweep failed, as the inference function runs them (scan.failed to webhooks). */
  onScanFinished: ScanFinishedListener[];
  /** How stuck scans are found; default the processing index (ScanStore.processingBefore). */
  findStuck?: (cutoff: string, limit: number) => Promise<ProcessingScanRef[]>;
}

export interface RecoveryPolicy {
  /**
   * A scan processing for longer than this (since its creation or its latest re-queue) is stuck. Longer than the
   * whole retry window of a job (SCAN_MAX_RECEIVES visibility timeouts and a margin), so a job that is merely
   * being retried is never re-queued beside itself.
   */
  stuckAfterMs: number;
  /** Re-queues of one scan before the sweep gives up and fails it as `analysis_failed`. */
  maxRecoveries: number;
  /** Scans handled per run; the next run takes the rest. */
  batchLimit: number;
}

export const DEFAULT_MAX_RECOVERIES = 2;
export const DEFAULT_BATCH_LIMIT = 200;

export interface RecoveryReport {
  /** Scans the index listed as stuck. */
  examined: number;
  requeued: number;
  failed: number;
  /** Finished, deleted or re-queued by someone else since the index was read. */
  skipped: number;
  /** Scans whose handling threw; they stay listed and the next run tries again. */
  errors: number;
}

/**
 * The recovery sweep: finds scans left `processing` past the deadline (their job was never sent, or was lost with
 * a crashed process) and re-queues their job, or fails them when their image is gone or after maxRecoveries
 * re-queues. The same core runs in the local stack (at start and periodically) and on AWS (a scheduled function).
 *
 * Idempotent with the once-only outcome write: a re-queue is recorded first by a conditional update (still
 * processing, and `processing_since` unchanged since the index was read), so two sweeps never both send it; a
 * re-queued job meeting a scan that finished meanwhile only re-runs the listeners, as any redelivery does; and a
 * failure is written with the same conditional `finish` the inference function uses, so it never overwrites an
 * outcome. A crash between the mark and the send leaves the scan listed again after another deadline.
 */
export async function recoverStuckScans(deps: RecoveryDeps, policy: RecoveryPolicy): Promise<RecoveryReport> {
  const now = deps.clock.now();
  const cutoff = isoTimestamp(now - policy.stuckAfterMs);
  const find = deps.findStuck ?? ((c: string, limit: number) => deps.scans.processingBefore(c, limit));
  const refs = await find(cutoff, policy.batchLimit);
  const report: RecoveryReport = { examined: refs.length, requeued: 0, failed: 0, skipped: 0, errors: 0 };
  for (const ref of refs) {
    try {
      report[await recoverScan(deps, policy, ref)]++;
    } catch (error) {
      report.errors++;
      deps.logger.error('recovery of a stuck scan failed; the next run tries again', {
        scanId: ref.scanId,
        error: error instanceof Error ? error.name : typeof error,
      });
    }
  }
  if (report.examined > 0) deps.logger.info('recovery sweep', { ...report });
  return report;
}

async function recoverScan(deps: RecoveryDeps, policy: RecoveryPolicy, ref: ProcessingScanRef): Promise<'requeued' | 'failed' | 'skipped'> {
  const scan = await deps.scans.get(ref.tenant, ref.scanId, { consistent: true });
  // The index is eventually consistent: a scan finished or deleted a moment ago may still be listed.
  if (scan?.status !== 'processing') return 'skipped';

  if ((scan.recoveries ?? 0) >= policy.maxRecoveries) {
    return fail(deps, ref, scan, `The scan could not be analysed after ${policy.maxRecoveries + 1} attempts; submit it again.`);
  }
  if (!(await deps.images.exists(scan.image_key))) {
    return fail(deps, ref, scan, 'The scan could not be analysed: its image is no longer stored; submit it again.');
  }
  if (!(await deps.scans.markRequeued(ref, isoTimestamp(deps.clock.now())))) return 'skipped';
  const job: ScanJob = { scan_id: scan.scan_id, account_id: scan.account_id, environment: scan.environment };
  await deps.scanQueue.send(JSON.stringify(job));
  deps.metrics.count(METRIC.scansRecovered, { action: 'requeued' });
  deps.logger.warn('stuck scan re-queued', { scanId: scan.scan_id, recoveries: (scan.recoveries ?? 0) + 1 });
  return 'requeued';
}

async function fail(deps: RecoveryDeps, ref: ProcessingScanRef, scan: ScanRecord, message: string): Promise<'failed' | 'skipped'> {
  const outcome = failedOutcome(deps.clock.now(), { code: 'analysis_failed', message });
  if (!(await deps.scans.finish(ref.tenant, scan.scan_id, outcome))) return 'skipped';
  deps.metrics.count(METRIC.scansRecovered, { action: 'failed' });
  deps.metrics.count(METRIC.scansFailed, { code: 'analysis_failed' });
  deps.logger.warn('stuck scan failed', { scanId: scan.scan_id });
  const stored = await deps.scans.get(ref.tenant, scan.scan_id, { consistent: true });
  if (stored) for (const listener of deps.onScanFinished) await listener(stored);
  return 'failed';
}
