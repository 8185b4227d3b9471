/** The scan job core (functions/inference/process-scan-job.ts) with in-memory stores and an analyzer double. */
import { describe, expect, it } from 'vitest';
import type { AnalysisOutcome, ScanAnalyzer } from '../../functions/analysis/analyzer';
import { processScanJob, type InferenceDeps } from '../../functions/inference/process-scan-job';
import { silentLogger } from '../support/memory/logger';
import { noopMetrics } from '../../functions/kernel/metrics';
import type { ScanRecord } from '../../functions/scans/scan';
import { ManualClock } from '../support/memory/clock';
import { MemoryImageStore } from '../support/memory/image-store';
import { MemoryScanStore } from '../support/memory/scan-store';
import { TENANT, scanRecord } from '../support/factories';

const COMPLETED: AnalysisOutcome = {
  status: 'completed',
  skinScore: 77,
  markers: { acne: { score: 81, severity: 'low' }, hydration: { score: 66, severity: 'moderate' } },
  face: { box: { x: 10, y: 20, width: 300, height: 300 }, confidence: 0.99, landmarks: 468 },
  quality: { brightness: { value: 0.5, threshold: 0.2, passed: true } },
  spots: [{ marker: 'acne', type: 'inflamed', region: 'left_cheek', x: 100, y: 120, radius: 4 }],
  lesionCounts: { total: 1, inflamed: 1, dark_spot: 0, by_region: { left_cheek: { total: 1, inflamed: 1, dark_spot: 0 } } },
  skinTone: { ita: 42.5, category: 'very_light', hue_angle: 62.1, lab: { l: 68.2, a: 9.1, b: 17.2 } },
  skinType: null,
  regionResults: { acne: { left_cheek: { score: 79, severity: 'low' } } },
};

async function setup(outcome: AnalysisOutcome | Error = COMPLETED) {
  const calls: string[] = [];
  const analyzer: ScanAnalyzer = {
    model: { name: 'skin-analysis', version: 'test' },
    analyze: async (_image, markers) => {
      calls.push(markers.join(','));
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
  };
  const notified: ScanRecord[] = [];
  const clock = new ManualClock();
  const deps: InferenceDeps = {
    clock,
    scans: new MemoryScanStore(),
    images: new MemoryImageStore(),
    analyzer,
    logger: silentLogger(),
    metrics: noopMetrics,
    onScanFinished: [async (scan) => void notified.push(scan)],
  };
  const scan = scanRecord();
  await deps.scans.create(scan);
  await deps.images.put(scan.image_key, new Uint8Array([1, 2, 3]), 'image/jpeg', 'test');
  clock.advance(900);
  const job = { scan_id: scan.scan_id, account_id: scan.account_id, environment: scan.environment };
  return { deps, scan, job, calls, notified };
}

describe('processScanJob', () => {
  it('when the analysis completes, then the outcome is stored once and the listeners get the stored scan', async () => {
    const { deps, scan, job, calls, notified } = await setup();
    await processScanJob(deps, job, { receiveCount: 1, maxReceives: 3 });

    const stored = await deps.scans.get(TENANT, scan.scan_id);
    expect(stored).toEqual({
      ...scan,
      status: 'completed',
      skin_score: 77,
      markers: COMPLETED.status === 'completed' ? COMPLETED.markers : {},
      completed_at: '2031-03-04T05:06:10.900Z',
      model: { name: 'skin-analysis', version: 'test' },
      face: COMPLETED.face,
      quality: COMPLETED.quality,
      error: null,
      spots: [{ marker: 'acne', type: 'inflamed', region: 'left_cheek', x: 100, y: 120, radius: 4 }],
      lesion_counts: { total: 1, inflamed: 1, dark_spot: 0, by_region: { left_cheek: { total: 1, inflamed: 1, dark_spot: 0 } } },
      skin_tone: { ita: 42.5, category: 'very_light', hue_angle: 62.1, lab: { l: 68.2, a: 9.1, b: 17.2 } },
      skin_type: null,
      region_results: { acne: { left_cheek: { score: 79, severity: 'low' } } },
    });
    expect(calls).toEqual(['acne,hydration']);
    expect(notified).toEqual([stored]);
  });

  it('when the job is delivered again after the scan finished, then nothing is analysed again and the listeners run again', async () => {
    const { deps, job, calls, notified } = await setup();
    await processScanJob(deps, job, { receiveCount: 1, maxReceives: 3 });
    await processScanJob(deps, job, { receiveCount: 2, maxReceives: 3 });
    expect(calls).toHaveLength(1);
    expect(notified).toHaveLength(2);
    expect(notified[1]).toEqual(notified[0]);
  });

  it('when the photo fails a quality check, then the scan is failed with that code, its face and quality', async () => {
    const rejected: AnalysisOutcome = { status: 'failed', error: { code: 'too_dark', message: 'Too dark.' }, face: null, quality: { brightness: { value: 0.05, threshold: 0.2, passed: false } } };
    const { deps, scan, job } = await setup(rejected);
    await processScanJob(deps, job, { receiveCount: 1, maxReceives: 3 });
    const stored = await deps.scans.get(TENANT, scan.scan_id);
    expect(stored).toMatchObject({ status: 'failed', skin_score: null, markers: {}, error: { code: 'too_dark', message: 'Too dark.' }, quality: rejected.quality });
  });

  it('when the pixels do not decode, then the scan is failed with image_unreadable at once (no retry)', async () => {
    const { deps, scan, job } = await setup(new Error('VipsJpeg: Premature end of input file'));
    await processScanJob(deps, job, { receiveCount: 1, maxReceives: 3 });
    expect((await deps.scans.get(TENANT, scan.scan_id))?.error).toEqual({ code: 'image_unreadable', message: 'The image data is damaged and cannot be decoded.' });
  });

  it('when the analysis throws before the last receive, then the error goes back to the queue and the scan stays processing', async () => {
    const { deps, scan, job, notified } = await setup(new Error('model session lost'));
    await expect(processScanJob(deps, job, { receiveCount: 1, maxReceives: 3 })).rejects.toThrow('model session lost');
    expect((await deps.scans.get(TENANT, scan.scan_id))?.status).toBe('processing');
    expect(notified).toEqual([]);
  });

  it('when the analysis throws on the last receive, then the scan is failed with analysis_failed, notified, and the error still rethrown', async () => {
    const { deps, scan, job, notified } = await setup(new Error('model session lost'));
    await expect(processScanJob(deps, job, { receiveCount: 3, maxReceives: 3 })).rejects.toThrow('model session lost');
    const stored = await deps.scans.get(TENANT, scan.scan_id);
    expect(stored?.error).toEqual({ code: 'analysis_failed', message: 'The analysis failed repeatedly; submit the scan again.' });
    expect(notified).toEqual([stored]);
  });

  it('when the scan was deleted before its job ran, then the job is skipped', async () => {
    const { deps, scan, job, calls } = await setup();
    await deps.scans.delete(TENANT, scan.scan_id);
    await processScanJob(deps, job, { receiveCount: 1, maxReceives: 3 });
    expect(calls).toEqual([]);
  });
});
