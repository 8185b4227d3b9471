import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { submitScan } from '../../functions/scans/submit-scan';
import type { ScanRecord } from '../../functions/scans/scan';
import { Logger } from '@aws-lambda-powertools/logger';
import { noopMetrics } from '../../functions/kernel/metrics';
import type { MessageSender } from '../../functions/kernel/queue';
import { publishScanEvents, type EventPublisher } from '../../functions/webhooks/event-publisher';
import type { WebhookEvent } from '../../functions/webhooks/events';
import { recoverStuckScans, type RecoveryDeps, type RecoveryPolicy } from '../../functions/recovery/recover-stuck-scans';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer } from '../helpers/http';
import { faceJpeg } from '../helpers/images';

const DEADLINE_S = 600;
const POLICY: RecoveryPolicy = { stuckAfterMs: DEADLINE_S * 1000, maxRecoveries: 2, batchLimit: 100 };

const stacks: TestStack[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(stacks.splice(0).map((s) => s.close()));
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

function movableClock() {
  let t = Date.now();
  return { now: () => t, advance: (seconds: number) => void (t += seconds * 1000) };
}

/** The local stack with its own periodic sweep kept out of the way, so each test runs the sweep itself. */
async function stackWith(clock: { now(): number }, dataDir?: string): Promise<TestStack> {
  const stack = await startTestStack({
    clock,
    dataDir,
    env: { SCAN_RECOVERY_AFTER_SECONDS: String(DEADLINE_S), SCAN_RECOVERY_INTERVAL_SECONDS: '3600' },
  });
  stacks.push(stack);
  return stack;
}

/** A sender that records jobs and drops them: what a lost job looks like. */
function droppingQueue(): MessageSender & { sent: string[] } {
  const sent: string[] = [];
  return { sent, send: async (body: string) => void sent.push(body) };
}

/** A scan stored as the API stores it, whose job never reached the queue (the API process died after the record). */
async function stuckScan(stack: TestStack): Promise<ScanRecord> {
  const bytes = await faceJpeg('frontal');
  return submitScan(
    { clock: stack.clock, scans: stack.stores.scans, images: stack.stores.images, scanQueue: droppingQueue() },
    {
      tenant: { accountId: stack.accountId, environment: 'test' },
      image: { bytes, format: 'jpeg', info: { width: 560, height: 560, format: 'jpeg' } },
      markers: ['acne'],
      userId: null,
    },
  );
}

function deps(stack: TestStack, overrides: Partial<RecoveryDeps> = {}): RecoveryDeps {
  return {
    clock: stack.clock,
    scans: stack.stores.scans,
    images: stack.stores.images,
    scanQueue: stack.scanQueue,
    logger: new Logger({ serviceName: 'recovery', logLevel: 'ERROR' }),
    metrics: noopMetrics,
    onScanFinished: [],
    ...overrides,
  };
}

async function getScan(stack: TestStack, scanId: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${stack.apiUrl}/v1/scans/${scanId}`, { headers: bearer(stack.key) });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function untilFinished(stack: TestStack, scanId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 400; i++) {
    const scan = await getScan(stack, scanId);
    if (scan.status !== 'processing') return scan;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${scanId} still processing`);
}

describe('recovery sweep', () => {
  it('when a scan job was lost, then the sweep leaves it alone before the deadline, re-queues it once after, and the scan completes', async () => {
    const clock = movableClock();
    const stack = await stackWith(clock);
    const scan = await stuckScan(stack);
    const tenant = { accountId: stack.accountId, environment: 'test' as const };

    clock.advance(DEADLINE_S - 1);
    expect(await recoverStuckScans(deps(stack), POLICY)).toEqual({ examined: 0, requeued: 0, failed: 0, skipped: 0, errors: 0 });
    expect((await getScan(stack, scan.scan_id)).status).toBe('processing');

    clock.advance(2);
    expect(await recoverStuckScans(deps(stack), POLICY)).toEqual({ examined: 1, requeued: 1, failed: 0, skipped: 0, errors: 0 });
    const done = await untilFinished(stack, scan.scan_id);

    expect(done).toMatchObject({ scan_id: scan.scan_id, status: 'completed', error: null });
    expect(Object.keys(done)).not.toContain('recoveries');
    expect(Object.keys(done)).not.toContain('processing_since');
    expect((await stack.stores.scans.get(tenant, scan.scan_id, { consistent: true }))?.recoveries).toBe(1);
    // A finished scan left the sparse index: later sweeps do not even read it.
    clock.advance(10 * DEADLINE_S);
    expect(await stack.stores.scans.processingBefore(new Date(clock.now()).toISOString(), 100)).toEqual([]);
    expect(await recoverStuckScans(deps(stack), POLICY)).toMatchObject({ examined: 0, requeued: 0 });
  });

  it('when two sweeps run at the same time, then the stuck scan is re-queued exactly once', async () => {
    const clock = movableClock();
    const stack = await stackWith(clock);
    const scan = await stuckScan(stack);
    clock.advance(DEADLINE_S + 1);
    const queue = droppingQueue();

    const reports = await Promise.all([1, 2, 3].map(() => recoverStuckScans(deps(stack, { scanQueue: queue }), POLICY)));

    expect(reports.map((r) => r.requeued).reduce((a, b) => a + b)).toBe(1);
    expect(reports.map((r) => r.skipped).reduce((a, b) => a + b)).toBe(2);
    expect(queue.sent.map((body) => JSON.parse(body))).toEqual([
      { scan_id: scan.scan_id, account_id: stack.accountId, environment: 'test' },
    ]);
    // Re-queued just now: not stuck again until another deadline has passed.
    expect(await recoverStuckScans(deps(stack, { scanQueue: queue }), POLICY)).toMatchObject({ examined: 0 });
    clock.advance(DEADLINE_S + 1);
    expect(await recoverStuckScans(deps(stack, { scanQueue: queue }), POLICY)).toMatchObject({ examined: 1, requeued: 1 });
    expect(queue.sent).toHaveLength(2);
  });

  it('when a stuck scan has lost its image, then it fails as analysis_failed and scan.failed is published', async () => {
    const clock = movableClock();
    const stack = await stackWith(clock);
    const scan = await stuckScan(stack);
    await stack.stores.images.delete([scan.image_key]);
    clock.advance(DEADLINE_S + 1);
    const published: WebhookEvent[] = [];
    const recorder: EventPublisher = { publish: async (_tenant, event) => void published.push(event) };
    const queue = droppingQueue();

    const report = await recoverStuckScans(deps(stack, { scanQueue: queue, onScanFinished: [publishScanEvents(recorder)] }), POLICY);

    expect(report).toEqual({ examined: 1, requeued: 0, failed: 1, skipped: 0, errors: 0 });
    expect(queue.sent).toEqual([]);
    const failed = await getScan(stack, scan.scan_id);
    expect(failed).toMatchObject({
      status: 'failed',
      skin_score: null,
      error: { code: 'analysis_failed', message: 'The scan could not be analysed: its image is no longer stored; submit it again.' },
    });
    expect(published).toHaveLength(1);
    expect(published[0].type).toBe('scan.failed');
    expect(published[0].payload).toEqual({
      event: 'scan.failed',
      scan_id: scan.scan_id,
      user_id: null,
      error: { code: 'analysis_failed', message: 'The scan could not be analysed: its image is no longer stored; submit it again.' },
      timestamp: failed.completed_at,
    });
  });

  it('when a scan stays stuck after maxRecoveries re-queues, then the next sweep fails it and nothing overwrites that', async () => {
    const clock = movableClock();
    const stack = await stackWith(clock);
    const scan = await stuckScan(stack);
    const queue = droppingQueue();
    for (const expected of [{ requeued: 1 }, { requeued: 1 }, { failed: 1 }]) {
      clock.advance(DEADLINE_S + 1);
      expect(await recoverStuckScans(deps(stack, { scanQueue: queue }), POLICY)).toMatchObject({ examined: 1, ...expected });
    }
    expect(queue.sent).toHaveLength(2);
    expect(await getScan(stack, scan.scan_id)).toMatchObject({
      status: 'failed',
      error: { code: 'analysis_failed', message: 'The scan could not be analysed after 3 attempts; submit it again.' },
    });

    // A late job for it (one of the re-queued ones) finds it finished and leaves the outcome as it is.
    await stack.scanQueue.send(queue.sent[0]);
    expect(await stack.scanQueue.waitUntilIdle(30_000)).toBe(true);
    expect(await getScan(stack, scan.scan_id)).toMatchObject({ status: 'failed', error: { code: 'analysis_failed' } });
  });

  it('when the local stack starts on a data folder holding a stuck scan, then its start-up sweep re-queues it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'recovery-'));
    dirs.push(dataDir);
    const clock = movableClock();
    const first = await stackWith(clock, dataDir);
    const scan = await stuckScan(first);
    await first.close();
    stacks.splice(stacks.indexOf(first), 1);

    clock.advance(DEADLINE_S + 1);
    const second = await startTestStack({
      clock,
      dataDir,
      env: { SCAN_RECOVERY_AFTER_SECONDS: String(DEADLINE_S), SCAN_RECOVERY_INTERVAL_SECONDS: '3600' },
    });
    stacks.push(second);
    // startTestStack made a new account and key; the scan belongs to the first stack's account.
    const tenant = { accountId: first.accountId, environment: 'test' as const };
    for (let i = 0; i < 400; i++) {
      const stored = await second.stores.scans.get(tenant, scan.scan_id, { consistent: true });
      if (stored?.status !== 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await second.stores.scans.get(tenant, scan.scan_id, { consistent: true })).toMatchObject({ status: 'completed', recoveries: 1 });
  });
});
