/** The inference function's SQS batch handler (functions/inference/scan-job-handler.ts): per-record failures. */
import { describe, expect, it } from 'vitest';
import { createScanJobHandler } from '../../functions/inference/scan-job-handler';
import { noopMetrics } from '../../functions/kernel/metrics';
import { ManualClock } from '../support/memory/clock';
import { MemoryImageStore } from '../support/memory/image-store';
import { silentLogger } from '../support/memory/logger';
import { MemoryScanStore } from '../support/memory/scan-store';
import { TENANT, scanRecord, sqsEvent, sqsRecord } from '../support/factories';

describe('createScanJobHandler', () => {
  it('when a batch holds a good job and a malformed one, then the good scan completes and only the malformed record is reported failed', async () => {
    const scans = new MemoryScanStore();
    const images = new MemoryImageStore();
    const scan = scanRecord();
    await scans.create(scan);
    await images.put(scan.image_key, new Uint8Array([1, 2, 3]), 'image/jpeg', 'test');
    const handler = createScanJobHandler(
      {
        clock: new ManualClock(),
        scans,
        images,
        analyzer: {
          model: { name: 'skin-analysis', version: 'test' },
          analyze: async () => ({
            status: 'completed',
            skinScore: 70,
            markers: {},
            face: null,
            quality: {},
            spots: [],
            lesionCounts: { total: 0, inflamed: 0, dark_spot: 0, by_region: {} },
            skinTone: { ita: 30, category: 'intermediate', hue_angle: 60, lab: { l: 60, a: 10, b: 17 } },
            skinType: null,
            regionResults: {},
          }),
        },
        logger: silentLogger(),
        metrics: noopMetrics,
        onScanFinished: [],
      },
      { maxReceives: 3 },
    );

    const response = await handler(
      sqsEvent(
        sqsRecord(JSON.stringify({ scan_id: scan.scan_id, account_id: scan.account_id, environment: scan.environment }), { messageId: 'good' }),
        sqsRecord('{"scan_id": 42}', { messageId: 'malformed' }),
      ),
    );

    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'malformed' }] });
    expect((await scans.get(TENANT, scan.scan_id))?.status).toBe('completed');
  });
});
