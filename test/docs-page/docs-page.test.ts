/**
 * GET /docs in headless Chromium (Debian's chromium via playwright-core): the page renders the OpenAPI document
 * with every operation and webhook, loads nothing from outside the app (no CDN), and breaks no CSP rule. The
 * screenshot is kept for people; the assertions are on the page's text.
 */
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/api/openapi/document';
import { startTestStack, type TestStack } from '../helpers/stack';
import { launchChromium } from './chromium';

let stack: TestStack;
let browser: Browser;
let page: Page;
let text: string;
const requested: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content[- ]Security[- ]Policy/i.test(message.text())) problems.push(`console ${message.type()}: ${message.text()}`);
  });
  const response = await page.goto(`${stack.apiUrl}/docs`, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  // Redoc has rendered once the last operation's summary shows in the page's text.
  await page.waitForFunction(() => document.body.innerText.includes('Get this OpenAPI document'), undefined, { timeout: 30_000 });
  text = await page.evaluate(() => document.body.innerText);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

const operations = Object.entries(openApiDocument().paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method, summary: String(operation.summary) })),
);

describe('the reference page at /docs', () => {
  it('when the page has rendered, then every operation of the document is shown with its method and path', () => {
    expect(operations.length).toBeGreaterThanOrEqual(12);
    for (const { path, method, summary } of operations) {
      expect(text, summary).toContain(summary);
      expect(text, path).toContain(path);
      expect(text.toLowerCase(), `${method} ${path}`).toContain(method);
    }
  });

  it('when the page has rendered, then the webhooks, the scopes, the error catalogue and the curl samples are shown', () => {
    for (const event of ['scan.completed', 'scan.failed', 'routine.generated', 'score.updated']) expect(text).toContain(event);
    for (const [, item] of Object.entries(openApiDocument().webhooks) as [string, { post: { summary: string } }][]) expect(text).toContain(item.post.summary);
    expect(text).toContain('webhook-signature');
    expect(text).toContain('scans:write');
    expect(text).toContain('rate_limited');
    expect(text).toContain('Idempotency-Key');
    // curl samples: in each operation's description and its code-sample panel (an operation without a request body,
    // whose panel opens on curl; createScan's opens on its JSON payload sample).
    expect(text.split('curl "$SKIN_API_URL/v1/scans" -H').length - 1).toBeGreaterThanOrEqual(1);
    expect(text.split('curl "$SKIN_API_URL/v1/scans?user_id=user-42&limit=20"').length - 1).toBeGreaterThanOrEqual(2);
  });

  it('when the page loaded, then every request went to the app itself (no CDN) and nothing broke or hit the CSP', () => {
    const origin = new URL(stack.apiUrl).origin;
    const outside = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(outside).toEqual([]);
    expect(requested).toEqual(expect.arrayContaining([`${origin}/docs`, `${origin}/docs/redoc.standalone.js`, `${origin}/docs/init.js`, `${origin}/v1/openapi.json`]));
    expect(problems).toEqual([]);
  });

  it('when a screenshot is taken, then it is a PNG of the rendered page whose visible text names the API', async () => {
    const dir = join(tmpdir(), 'skin-docs-page');
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'docs.png');
    const png = await page.screenshot({ path: file, fullPage: false });
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const visible = await page.evaluate(() => document.body.innerText.slice(0, 4000));
    expect(visible).toContain('Skin Analysis API');
    expect(await page.title()).toBe('Skin Analysis API reference');
  });
});

describe('the examples and anchors the page shows', () => {
  it('when the createScan operation is shown, then its 201 response sample is the captured completed scan (real markers, quality, error null)', async () => {
    const section = page.locator('[id="operation/createScan"]');
    await section.scrollIntoViewIfNeeded();
    const shown = await section.innerText();
    expect(shown).toContain('"status": "completed"');
    expect(shown).toContain('"error": null');
    expect(shown).toMatch(/"acne":\s*\{\s*"score": \d+,\s*"severity": "(low|moderate|high)"/);
    expect(shown).toContain('"sharpness"');
    expect(shown).not.toContain('"status": "processing"');
    expect(shown).not.toContain('property1');
  });

  it('when a problem type URI is opened, then the page shows that code in its errors section', async () => {
    const problem = await (await fetch(`${stack.apiUrl}/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E`, { headers: { Authorization: `Bearer ${stack.key}` } })).json();
    expect(problem.type).toBe(`${stack.apiUrl}/docs#section/Errors/not_found`);
    const anchored = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    try {
      await anchored.goto(problem.type, { waitUntil: 'load' });
      const heading = anchored.locator('[id="section/Errors/not_found"]');
      await heading.waitFor({ timeout: 30_000 });
      expect(await heading.innerText()).toContain('not_found');
      expect(await heading.innerText()).toContain('HTTP 404');
    } finally {
      await anchored.close();
    }
  });
});
