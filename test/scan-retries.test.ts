import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScanAnalyzer } from '../functions/analysis/analyzer';
import { startLocalStack } from '../local/local-stack';
import { ensureDefaultKey } from '../local/first-start';
import { startTestStack, type TestStack } from './helpers/stack';
import { bearer, scanForm } from './helpers/http';
import { faceJpeg } from './helpers/images';

let stack: TestStack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** Wraps the real analyzer so its first `failures` calls throw, like a crashed container would. */
function failing(times: number): { wrap: (analyzer: ScanAnalyzer) => ScanAnalyzer; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    wrap: (analyzer) => ({
      model: analyzer.model,
      analyze: async (image, markers) => {
        calls += 1;
        if (calls <= times) throw new Error(`injected failure ${calls}`);
        return analyzer.analyze(image, markers);
      },
    }),
  };
}

async function pollUntilDone(apiUrl: string, key: string, scanId: string) {
  for (let i = 0; i < 300; i++) {
    const scan = await (await fetch(`${apiUrl}/v1/scans/${scanId}`, { headers: bearer(key) })).json();
    if (scan.status !== 'processing') return scan;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('scan still processing');
}

describe('scan job retries', () => {
  it('when inference throws on the first delivery, then the job is retried and the scan completes', async () => {
    const injected = failing(1);
    stack = await startTestStack({ wrapAnalyzer: injected.wrap, scanVisibilitySeconds: 0.3 });
    const response = await fetch(`${stack.apiUrl}/v1/scans`, {
      method: 'POST',
      body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne' }),
      headers: bearer(stack.key, { Prefer: 'respond-async' }),
    });
    const scan = await pollUntilDone(stack.apiUrl, stack.key, (await response.json()).scan_id);

    expect(scan.status).toBe('completed');
    expect(injected.calls()).toBe(2);
    expect(stack.scanDeadLetters.peekAll()).toEqual([]);
  });

  it('when inference always throws, then the job ends in the DLQ and the scan reads failed', async () => {
    const injected = failing(Infinity);
    stack = await startTestStack({ wrapAnalyzer: injected.wrap, scanVisibilitySeconds: 0.2 });
    const response = await fetch(`${stack.apiUrl}/v1/scans`, {
      method: 'POST',
      body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne' }),
      headers: bearer(stack.key, { Prefer: 'respond-async' }),
    });
    const { scan_id } = await response.json();
    const scan = await pollUntilDone(stack.apiUrl, stack.key, scan_id);
    await stack.scanQueue.waitUntilIdle(5_000);

    expect(scan).toMatchObject({
      status: 'failed',
      skin_score: null,
      markers: {},
      error: { code: 'analysis_failed', message: expect.any(String) },
    });
    expect(injected.calls()).toBe(stack.config.SCAN_MAX_RECEIVES);
    const dead = stack.scanDeadLetters.peekAll();
    expect(dead.map((m) => JSON.parse(m.body).scan_id)).toEqual([scan_id]);
  });
});

describe('persistence', () => {
  it('when the local stack restarts on the same data folder, then a scan reads back the same and the key still works', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'skin-persist-'));
    try {
      const first = await startLocalStack({ dataDir, env: { LOG_LEVEL: 'ERROR' } });
      const { key } = await ensureDefaultKey(first.stores, first.clock, dataDir);
      const created = await (
        await fetch(`${first.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne,hydration' }), headers: bearer(key!) })
      ).json();
      await first.close();

      const second = await startLocalStack({ dataDir, env: { LOG_LEVEL: 'ERROR' } });
      try {
        const again = await ensureDefaultKey(second.stores, second.clock, dataDir);
        expect(again.key).toBe(key);
        const read = await fetch(`${second.apiUrl}/v1/scans/${created.scan_id}`, { headers: bearer(key!) });
        expect(read.status).toBe(200);
        expect(await read.json()).toEqual(created);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
