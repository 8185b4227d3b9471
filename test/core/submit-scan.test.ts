/** The scan submission core (functions/scans/submit-scan.ts) with in-memory stores and queue: no stack, no I/O. */
import { describe, expect, it } from 'vitest';
import { submitScan } from '../../functions/scans/submit-scan';
import { ManualClock } from '../support/memory/clock';
import { MemoryImageStore } from '../support/memory/image-store';
import { MemoryQueue } from '../support/memory/queue';
import { MemoryScanStore } from '../support/memory/scan-store';
import { TENANT } from '../support/factories';

function setup() {
  const deps = { clock: new ManualClock(), scans: new MemoryScanStore(), images: new MemoryImageStore(), scanQueue: new MemoryQueue() };
  const request = {
    tenant: TENANT,
    image: { bytes: new Uint8Array([0xff, 0xd8, 1, 2, 3]), format: 'jpeg' as const, info: { width: 640, height: 480, format: 'jpeg' } },
    markers: ['acne' as const],
    userId: 'user-42',
  };
  return { deps, request };
}

describe('submitScan', () => {
  it('when a scan is submitted, then the image, a processing record and one job for it are stored', async () => {
    const { deps, request } = setup();
    const record = await submitScan(deps, request);

    expect(record).toEqual({
      scan_id: expect.stringMatching(/^scan_[0-9A-Z]{26}$/),
      status: 'processing',
      user_id: 'user-42',
      skin_score: null,
      markers: {},
      created_at: '2031-03-04T05:06:10.000Z',
      completed_at: null,
      model: null,
      image: { width: 640, height: 480, format: 'jpeg' },
      face: null,
      quality: null,
      error: null,
      account_id: TENANT.accountId,
      environment: 'test',
      requested_markers: ['acne'],
      image_key: `${TENANT.accountId}/test/${record.scan_id}/image.jpg`,
    });
    expect(await deps.scans.get(TENANT, record.scan_id)).toEqual(record);
    expect(deps.images.objects.get(record.image_key)).toEqual({ bytes: request.image.bytes, contentType: 'image/jpeg', environment: 'test' });
    expect(deps.scanQueue.sent.map((m) => JSON.parse(m.body))).toEqual([{ scan_id: record.scan_id, account_id: TENANT.accountId, environment: 'test' }]);
  });

  it('when the queue refuses the job, then the scan is stored failed with internal_error and the error reaches the caller', async () => {
    const { deps, request } = setup();
    deps.scanQueue.failure = new Error('queue down');

    await expect(submitScan(deps, request)).rejects.toThrow('queue down');
    const [stored] = [...deps.scans.items.values()].map((s) => s.record);
    expect(stored.status).toBe('failed');
    expect(stored.error).toEqual({ code: 'internal_error', message: 'The scan could not be queued; submit it again.' });
    expect(stored.completed_at).toBe('2031-03-04T05:06:10.000Z');
  });
});
