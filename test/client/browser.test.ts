/**
 * The client in a real browser (headless Chromium): bundled by esbuild for the browser, loaded into a page of the
 * API's own origin (served by Playwright routing, so no CORS is involved), it scans a photo, pages through scans,
 * reports an error code and verifies a webhook signature with WebCrypto.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Webhook } from 'standardwebhooks';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSecret } from '../../functions/webhooks/endpoint';
import { startTestStack, type TestStack } from '../helpers/stack';
import { faceJpeg } from '../helpers/images';
import { launchChromium } from '../docs-page/chromium';

const CLIENT_ENTRY = fileURLToPath(new URL('../../clients/typescript/src/index.ts', import.meta.url));
let stack: TestStack;
let browser: Browser;
let clientBundle: string;

beforeAll(async () => {
  stack = await startTestStack();
  browser = await launchChromium();
  const result = await build({ entryPoints: [CLIENT_ENTRY], bundle: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent' });
  clientBundle = result.outputFiles[0]!.text;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('the client in Chromium', () => {
  it('when a page uses the client, then it scans a Blob, lists pages, reads an error code and verifies a webhook', async () => {
    const page = await browser.newPage();
    const origin = stack.apiUrl;
    const photo = await faceJpeg('frontal');
    await page.route(`${origin}/browser-test/**`, async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/browser-test/client.js') return route.fulfill({ body: clientBundle, contentType: 'text/javascript' });
      if (path === '/browser-test/face.jpg') return route.fulfill({ body: photo, contentType: 'image/jpeg' });
      return route.fulfill({
        body: `<!doctype html><title>client</title><script type="module">import * as skin from '/browser-test/client.js'; window.skin = skin;</script>`,
        contentType: 'text/html',
      });
    });
    await page.goto(`${origin}/browser-test/index.html`);
    await page.waitForFunction(() => 'skin' in window);

    const secret = newSecret();
    const payload = JSON.stringify({ event: 'scan.failed', scan_id: 'scan_01JD3ZZZZZZZZZZZZZZZZZZZZZ', user_id: null, error: { code: 'no_face', message: 'No face.' }, timestamp: '2026-01-01T00:00:00.000Z' });
    const now = new Date();
    const webhookHeaders = {
      'webhook-id': 'evt_01JD3ZZZZZZZZZZZZZZZZZZZZZ',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign('evt_01JD3ZZZZZZZZZZZZZZZZZZZZZ', now, payload),
    };

    const result = await page.evaluate(
      async ({ apiKey, payload, webhookHeaders, secret }) => {
        const { SkinClient, SkinApiError, verifyWebhook } = (window as unknown as { skin: typeof import('../../clients/typescript/src/index') }).skin;
        const client = new SkinClient({ apiKey, baseUrl: location.origin });
        const image = await (await fetch('/browser-test/face.jpg')).blob();
        const scan = await client.scans.create({ image, markers: ['acne', 'hydration'], userId: 'browser-user' });
        await client.scans.create({ image, markers: 'acne', userId: 'browser-user' });
        const pages: number[] = [];
        for await (const page of client.scans.list({ userId: 'browser-user', limit: 1 })) pages.push(page.data.length);
        const error = await client.scans.get('scan_01JD000000000000000000000Z').catch((e: InstanceType<typeof SkinApiError>) => ({
          isApiError: e instanceof SkinApiError,
          code: e.code,
          status: e.status,
          requestId: e.requestId,
        }));
        const overlay = await client.scans.overlay(scan.scan_id, { marker: 'acne' });
        const event = await verifyWebhook(payload, new Headers(webhookHeaders), secret);
        const tampered = await verifyWebhook(payload.replace('no_face', 'blurry'), webhookHeaders, secret).then(() => 'accepted', (e: Error) => e.message);
        return { status: scan.status, markers: Object.keys(scan.markers), pages, error, overlayType: overlay.type, event, tampered, isNode: typeof (globalThis as { process?: unknown }).process !== 'undefined' };
      },
      { apiKey: stack.key, payload, webhookHeaders, secret },
    );

    expect(result).toEqual({
      status: 'completed',
      markers: ['acne', 'hydration'],
      pages: [1, 1],
      error: { isApiError: true, code: 'not_found', status: 404, requestId: expect.stringMatching(/^req_/) },
      overlayType: 'image/png',
      event: JSON.parse(payload),
      tampered: 'No matching signature found',
      isNode: false,
    });
    await page.close();
  });
});
