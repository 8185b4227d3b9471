/**
 * The dashboard end to end in headless Chromium (playwright-core driving Debian's chromium) against a local
 * stack: sign up, sign in, keys (create, use, rotate with a grace period, revoke), a webhook endpoint on a local
 * receiver (test event delivered and shown in the log, a failed delivery replayed), and the usage chart counting
 * the requests just made. Every page is scanned with axe-core; no serious or critical violation is allowed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../docs-page/chromium';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import type { TestStack } from '../helpers/stack';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';
import { screenshot, seriousViolations } from './browser-support';
import { startDashboardStack, type MovableClock } from './helpers';

// The dashboard logs each action at INFO; keep this file's output quiet (security.test.ts reads the lines).
process.env.LOG_LEVEL = 'WARN';
let stack: TestStack;
let clock: MovableClock;
let receiver: Receiver;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];
const violations: Awaited<ReturnType<typeof seriousViolations>> = [];
const scanned = new Set<string>();

const EMAIL = 'dana@example.com';
const PASSWORD = 'a long enough password';
/** API requests made with this account's keys, counted here to compare with the usage page. */
let requestsMade = 0;
let scansMade = 0;
let rateLimitedMade = 0;
let firstKey = '';
let rotatedKey = '';

beforeAll(async () => {
  ({ stack, clock } = await startDashboardStack());
  receiver = await startReceiver();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.apiUrl });
  page = await context.newPage();
  page.on('response', (response) => {
    // 401 and 404 are expected answers of some steps; anything 5xx is a defect.
    if (response.status() >= 500) problems.push(`${response.status()} ${response.url()}`);
    if (!response.url().startsWith(stack.apiUrl)) problems.push(`outside request ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The browser reports every 4xx page as a failed resource; those answers are asserted where they happen.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of 4')) problems.push(`console: ${message.text()}`);
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await stack?.close();
});

/** Scans the page once per distinct path (and screenshots it under `name` when asked). */
async function check(name: string): Promise<void> {
  const path = new URL(page.url()).pathname.replace(/(key|whk|dlv)_[0-9A-Z]+/g, ':id');
  if (!scanned.has(`${path}#${name}`)) {
    scanned.add(`${path}#${name}`);
    violations.push(...(await seriousViolations(page)));
  }
  await screenshot(page, name);
}

async function callApi(key: string, path = '/v1/markers'): Promise<number> {
  const status = (await fetch(`${stack.apiUrl}${path}`, { headers: bearer(key) })).status;
  if (status !== 401) requestsMade++;
  if (status === 429) rateLimitedMade++;
  return status;
}

async function reloadUntil(predicate: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('the page never showed the expected state');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await page.reload();
  }
}

describe('the dashboard in a browser', () => {
  it('when the axe-core scan runs on a page with an unlabelled field and low-contrast text, then it reports them (the scan is not vacuous)', async () => {
    const probeContext = await browser.newContext();
    const probe = await probeContext.newPage();
    await probe.setContent('<!DOCTYPE html><html lang="en"><head><title>probe</title></head><body><main><input type="text"><p style="color:#ccc;background:#fff">faint</p></main></body></html>');
    const found = await seriousViolations(probe);
    await probeContext.close();
    expect(found.map((v) => v.id).sort()).toEqual(['color-contrast', 'label']);
  });

  it('when a visitor opens /dashboard and signs up, then a Sandbox account is made and the keys page greets them', async () => {
    await page.goto(`${stack.apiUrl}/dashboard`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await check('sign-in');
    await page.getByRole('link', { name: 'Create a free Sandbox account' }).click();
    await page.getByLabel('Company or project name').fill('Dana Labs');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password (at least 10 characters)').fill(PASSWORD);
    await check('sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/keys');
    await expect(page.getByRole('status').textContent()).resolves.toContain('Your Sandbox account is ready');
    await expect(page.locator('header').textContent()).resolves.toContain('Dana Labs');
    await expect(page.locator('.envbar').textContent()).resolves.toContain('Live (needs a plan with live keys)');
  });

  it('when they sign out and sign in again, then they are back on the keys page', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('The email or password is not right.');
    await check('sign-in-refused');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(new URL(page.url()).pathname).toBe('/dashboard/keys');
    await expect(page.locator('main').textContent()).resolves.toContain('No keys yet');
  });

  it('when a key is created, then its secret is shown once with a copy button, and it works against the API', async () => {
    await page.getByLabel('Name').fill('backend');
    await expect(page.locator('#key-env option[value=live]').isDisabled()).resolves.toBe(true);
    await page.getByLabel('routines:write').uncheck();
    await check('keys-empty');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Key created');
    firstKey = await page.locator('#new-secret').inputValue();
    expect(firstKey).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: 'Copy' }).click();
    // The clipboard write is asynchronous; its outcome shows in the status next to the button.
    await page.waitForFunction(() => document.querySelector('.copied')?.textContent !== '');
    await expect(page.locator('.copied').textContent()).resolves.toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstKey);
    await check('key-created');

    expect(await callApi(firstKey)).toBe(200);
    const scan = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', headers: bearer(firstKey), body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne' }) });
    expect(scan.status).toBe(201);
    requestsMade++;
    scansMade++;
    // A scope the key lacks: 403, still a request.
    const routine = await fetch(`${stack.apiUrl}/v1/routines`, { method: 'POST', headers: bearer(firstKey, { 'content-type': 'application/json' }), body: '{}' });
    expect(routine.status).toBe(403);
    requestsMade++;

    await page.getByRole('link', { name: 'Done: back to the keys' }).click();
    const row = page.locator('tbody tr').first();
    await expect(row.textContent()).resolves.toContain('backend');
    await expect(row.textContent()).resolves.toContain(`…${firstKey.slice(-4)}`);
    await expect(row.locator('td').nth(2).textContent()).resolves.not.toContain('routines:write');
    // Last used: set by the requests just made.
    await expect(row.locator('td').nth(5).textContent()).resolves.toMatch(/^\d{4}-\d{2}-\d{2} /);
    await check('keys');
    // The page never shows the secret again.
    await expect(page.content()).resolves.not.toContain(firstKey);
  });

  it('when the key is rotated with a one-hour grace, then both secrets work until the hour is over, and the old one is refused after', async () => {
    await page.getByRole('link', { name: 'Rotate backend' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Rotate key');
    await page.getByLabel('Keep the old key working for').selectOption({ label: '1 hour' });
    await check('rotate-confirm');
    await page.getByRole('button', { name: 'Rotate key' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Key rotated');
    rotatedKey = await page.locator('#new-secret').inputValue();
    expect(rotatedKey).not.toBe(firstKey);
    const until = Date.parse((await page.locator('#old-key-expires').textContent())!.replace(' UTC', 'Z').replace(' ', 'T'));
    expect(Math.abs(until - (clock.now() + 3_600_000))).toBeLessThan(5_000);

    expect(await callApi(firstKey)).toBe(200);
    expect(await callApi(rotatedKey)).toBe(200);
    clock.advance(30 * 60_000);
    expect(await callApi(firstKey)).toBe(200);
    clock.advance(31 * 60_000);
    expect(await callApi(firstKey)).toBe(401);
    expect(await callApi(rotatedKey)).toBe(200);
  });

  it('when the sandbox rate limit is exceeded, then the API answers 429', async () => {
    let status = 200;
    for (let i = 0; i < 40 && status !== 429; i++) status = await callApi(rotatedKey);
    expect(status).toBe(429);
    clock.advance(61_000);
  });

  it('when the rotated key is revoked after a confirmation, then the API refuses it with 401', async () => {
    await page.goto(`${stack.apiUrl}/dashboard/keys?env=test`);
    const rows = page.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.filter({ hasText: 'Expired' }).count()).resolves.toBe(1);
    await page.getByRole('link', { name: 'Revoke backend' }).click();
    await expect(page.locator('main').textContent()).resolves.toContain('This cannot be undone');
    await check('revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('The key was revoked');
    await expect(rows.filter({ hasText: 'Revoked' }).count()).resolves.toBe(1);
    expect(await callApi(rotatedKey)).toBe(401);
  });

  it('when an endpoint on a local receiver is added and sent a test event, then the receiver gets it signed with the shown secret and the log shows it delivered', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL (https)').fill('http://10.0.0.5/hooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('URL refused');
    await check('webhooks-refused');
    await page.getByLabel('URL (https)').fill(receiver.url);
    await page.getByLabel('scan.completed').check();
    await page.getByLabel('score.updated').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('The endpoint was added.');
    await expect(page.locator('main').textContent()).resolves.toContain('scan.completed, score.updated');
    await page.getByRole('button', { name: 'Show secret' }).click();
    const secret = await page.locator('#endpoint-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await check('endpoint');

    await page.getByRole('button', { name: 'Send test event' }).click();
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/deliveries\/dlv_/);
    const [received] = await receiver.waitFor((requests) => requests.length >= 1);
    // The stack's clock runs hours ahead by now: the signature is checked at the request's own timestamp.
    const sentAt = new Date(Number(received.headers['webhook-timestamp']) * 1000);
    expect(received.headers['webhook-signature'].split(' ')).toContain(new Webhook(secret).sign(received.headers['webhook-id'], sentAt, received.body));
    expect(JSON.parse(received.body).event).toBe('webhook.test');
    await reloadUntil(async () => (await page.locator('#delivery-status').textContent())!.includes('succeeded'));
    const attempts = page.locator('#attempts tbody tr');
    await expect(attempts.count()).resolves.toBe(1);
    await expect(attempts.first().textContent()).resolves.toContain('200');
    await expect(page.locator('pre.payload').textContent()).resolves.toContain('"event": "webhook.test"');
    await expect(page.locator('main').textContent()).resolves.toContain(received.headers['webhook-id']);
    await check('delivery-succeeded');
  });

  it('when the receiver fails, then the log shows a failed delivery with the error, and a replay delivers it', async () => {
    receiver.setBehaviour(() => ({ status: 500 }));
    await page.locator('dd.mono a').click(); // the endpoint
    await page.getByRole('button', { name: 'Send test event' }).click();
    await reloadUntil(async () => (await page.locator('#delivery-status').textContent())!.includes('failed'));
    await expect(page.locator('#attempts tbody tr').first().textContent()).resolves.toContain('HTTP 500');
    const failedPath = new URL(page.url()).pathname;

    await page.getByRole('link', { name: 'Delivery log' }).click();
    await page.getByLabel('Status').selectOption('failed');
    await page.getByRole('button', { name: 'Filter' }).click();
    const rows = page.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('webhook.test');
    await check('deliveries-failed');
    await page.getByLabel('Status').selectOption('succeeded');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(rows.count()).resolves.toBe(1);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Event type').selectOption('scan.completed');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.locator('main').textContent()).resolves.toContain('No deliveries match');

    receiver.setBehaviour(() => ({ status: 200 }));
    await page.goto(`${stack.apiUrl}${failedPath}?env=test`);
    await page.getByRole('button', { name: 'Replay' }).click();
    await reloadUntil(async () => (await page.locator('#delivery-status').textContent())!.includes('succeeded'));
    const attempts = page.locator('#attempts tbody tr');
    await expect(attempts.count()).resolves.toBe(2);
    await expect(attempts.nth(0).textContent()).resolves.toContain('HTTP 500');
    await expect(attempts.nth(1).locator('td').nth(3).textContent()).resolves.toBe('200');
    expect(receiver.requests.length).toBe(3);
    await check('delivery-replayed');
    await page.getByRole('link', { name: 'Delivery log' }).click();
    await check('deliveries');
  });

  it('when the endpoint is disabled, re-enabled and deleted after a confirmation, then the page follows each change', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await check('webhooks');
    await page.locator('tbody a').first().click();
    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.locator('#endpoint-status').textContent()).resolves.toContain('Disabled');
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(page.locator('#endpoint-status').textContent()).resolves.toBe('Enabled');
    await page.getByRole('link', { name: 'Rotate secret' }).click();
    await check('rotate-secret-confirm');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.locator('#endpoint-secret').inputValue()).resolves.toMatch(/^whsec_/);
    await page.getByRole('link', { name: 'Delete' }).click();
    await check('delete-confirm');
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('The endpoint was deleted.');
    await expect(page.locator('main').textContent()).resolves.toContain('No endpoints yet');
  });

  it('when the usage page is opened, then the chart and the totals count exactly the requests, scans and rate-limit hits just made', async () => {
    await page.getByRole('link', { name: 'Usage' }).click();
    await expect(page.locator('#total-requests').textContent()).resolves.toBe(String(requestsMade));
    await expect(page.locator('#total-scans').textContent()).resolves.toBe(String(scansMade));
    await expect(page.locator('#total-limited').textContent()).resolves.toBe(String(rateLimitedMade));
    expect(rateLimitedMade).toBeGreaterThanOrEqual(1);
    const chart = page.locator('svg.chart');
    await expect(chart.getAttribute('data-total-requests')).resolves.toBe(String(requestsMade));
    const bars = await chart.locator('g[data-day]').evaluateAll((groups) => groups.map((g) => Number(g.getAttribute('data-requests'))));
    expect(bars).toHaveLength(30);
    expect(bars.reduce((a, b) => a + b, 0)).toBe(requestsMade);
    await expect(chart.locator('rect.requests').count()).resolves.toBeGreaterThanOrEqual(1);
    const perKey = page.locator('#per-key tbody tr');
    await expect(perKey.count()).resolves.toBe(2);
    await expect(page.locator('main').textContent()).resolves.toContain('30 requests per minute per environment');
    await check('usage');
    // One key only.
    await perKey.first().locator('a').click();
    const oneKey = Number(await page.locator('#total-requests').textContent());
    expect(oneKey).toBeGreaterThan(0);
    expect(oneKey).toBeLessThan(requestsMade);
  });

  it('when an unknown page is asked for, then a 404 page is shown', async () => {
    const response = await page.goto(`${stack.apiUrl}/dashboard/keys/key_01JDNOTAREALKEY0000000000/rotate?env=test`);
    expect(response?.status()).toBe(404);
    await check('not-found');
  });

  it('when every page has been scanned with axe-core, then none has a serious or critical violation, and nothing failed or left the app', () => {
    expect(scanned.size).toBeGreaterThanOrEqual(16);
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });
});
