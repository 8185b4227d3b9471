/**
 * The capture sample end to end in headless Chromium: the page gets a client token from the sample's endpoint,
 * the photo is chosen programmatically, goes straight to storage, is scanned by upload id, and the page shows the
 * scores and the overlay, which must be the scan's own.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { launchChromium } from '../docs-page/chromium';
import { SAMPLE_USER_ID } from '../../local/samples/capture/routes';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  stack = await startTestStack();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('the capture sample page', () => {
  it('when a photo is chosen on /samples/capture, then the page shows the skin score, every marker and the overlay of the stored scan', async () => {
    // What `npm start` does on the first start: the sandbox key the sample's endpoint mints tokens with.
    await writeFile(join(stack.dataDir, 'sandbox-key'), `${stack.key}\n`, { mode: 0o600 });
    const page = await browser.newPage();
    try {
      await page.goto(`${stack.apiUrl}/samples/capture`);
      await page.locator('#status', { hasText: 'Ready' }).waitFor({ timeout: 15_000 });
      await page.setInputFiles('#photo', { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await faceJpeg('frontal') });
      await page.locator('#status', { hasText: /Done|wrong/ }).waitFor({ timeout: 45_000 });
      expect(await page.textContent('#status')).toBe('Done.');

      const scanId = await page.getAttribute('#result', 'data-scan-id');
      const scan = await (await fetch(`${stack.apiUrl}/v1/scans/${scanId}`, { headers: bearer(stack.key) })).json();
      expect(scan).toMatchObject({ status: 'completed', user_id: SAMPLE_USER_ID });
      expect(await page.textContent('#skin-score')).toBe(String(scan.skin_score));
      const shown = await page.$$eval('#markers dt', (terms) => terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]));
      expect(shown).toEqual(Object.entries(scan.markers as Record<string, { score: number; severity: string }>).map(([name, result]) => [name, `${result.score} (${result.severity})`]));
      expect(shown).toHaveLength(14);
      await page.waitForFunction(() => (document.getElementById('overlay') as HTMLImageElement).naturalWidth > 0);
      expect(await page.$eval('#overlay', (img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight])).toEqual([256, 256]);
    } finally {
      await page.close();
    }
  });

  it("when the sample's endpoint is asked for a token, then it answers a client token and never the key; without a key it says how to get one", async () => {
    const response = await fetch(`${stack.apiUrl}/samples/capture/token`, { method: 'POST' });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ token: expect.stringMatching(/^ct_test_/), expires_at: expect.any(String) });
    expect(text).not.toContain(stack.key);
    await rm(join(stack.dataDir, 'sandbox-key'));
    const missing = await fetch(`${stack.apiUrl}/samples/capture/token`, { method: 'POST' });
    expect(missing.status).toBe(503);
    expect((await missing.json()).detail).toContain('No sandbox key');
  });
});
