import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { startReceiver, type Receiver } from './helpers/receiver';
import { runSkin, startSkin } from './helpers/cli';

let stack: TestStack;
let receiver: Receiver;

beforeAll(async () => {
  stack = await startTestStack({ webhookRetrySchedule: '0,0.2' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

const skin = async (...args: string[]) => {
  const result = await runSkin(args, stack.dataDir);
  if (result.code !== 0) throw new Error(`skin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result;
};

describe('skin webhooks', () => {
  it('when an endpoint is added, listed, tested, rotated and removed from the command line, then each step acts on the running stack', async () => {
    const added = JSON.parse((await skin('webhooks', 'add', receiver.url, '--events', 'scan.completed, scan.failed', '--account', stack.accountId, '--json')).stdout);
    expect(added).toEqual({
      endpoint_id: expect.stringMatching(/^whk_[0-9A-Z]{26}$/),
      account_id: stack.accountId,
      environment: 'test',
      url: receiver.url,
      events: ['scan.completed', 'scan.failed'],
      status: 'enabled',
      disabled_reason: null,
      previous_secret_expires_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_/),
    });

    const listed = JSON.parse((await skin('webhooks', 'list', '--json')).stdout);
    expect(listed).toEqual([expect.objectContaining({ endpoint_id: added.endpoint_id, url: receiver.url })]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const tested = JSON.parse((await skin('webhooks', 'test', added.endpoint_id, '--json')).stdout);
    expect(tested).toMatchObject({ status: 'succeeded', attempt: { status_code: 200, error: null } });
    const [testRequest] = receiver.requests;
    expect(new Webhook(added.secret).verify(testRequest.body, testRequest.headers)).toEqual({
      event: 'webhook.test',
      endpoint_id: added.endpoint_id,
      message: expect.any(String),
      timestamp: expect.any(String),
    });
    expect(testRequest.headers['webhook-id']).toBe(tested.event_id);

    const rotated = JSON.parse((await skin('webhooks', 'rotate-secret', added.endpoint_id, '--json')).stdout);
    expect(rotated.secret).not.toBe(added.secret);
    await skin('webhooks', 'test', added.endpoint_id);
    const afterRotation = receiver.requests[1];
    expect(new Webhook(rotated.secret).verify(afterRotation.body, afterRotation.headers)).toBeTruthy();
    expect(new Webhook(added.secret).verify(afterRotation.body, afterRotation.headers)).toBeTruthy();

    await skin('webhooks', 'remove', added.endpoint_id);
    expect(JSON.parse((await skin('webhooks', 'list', '--json')).stdout)).toEqual([]);
  });

  it('when a URL breaks a rule or an event type is unknown, then the command fails with a message naming it and stores nothing', async () => {
    const live = await runSkin(['webhooks', 'add', 'http://127.0.0.1:9/x', '--env', 'live', '--account', stack.accountId], stack.dataDir);
    expect(live.code).toBe(1);
    expect(live.stderr).toMatch(/^skin: url: must use https/);
    const privateHost = await runSkin(['webhooks', 'add', 'https://10.0.0.8/x', '--account', stack.accountId], stack.dataDir);
    expect(privateHost.stderr).toMatch(/10\.0\.0\.8 is a private address/);
    const events = await runSkin(['webhooks', 'add', 'https://127.0.0.1/x', '--events', 'scan.done'], stack.dataDir);
    expect(events.stderr).toMatch(/events: unknown scan\.done; valid event types are scan\.completed, scan\.failed, routine\.generated, score\.updated/);
    expect(JSON.parse((await skin('webhooks', 'list', '--json')).stdout)).toEqual([]);
  });

  it('when `skin webhooks listen` runs, then it registers itself, verifies and prints a scan.completed, and removes itself on Ctrl-C', async () => {
    const listen = startSkin(['webhooks', 'listen', '--port', '0', '--account', stack.accountId], stack.dataDir);
    try {
      const [, endpointId] = await listen.waitForOutput(/Registered (whk_\w+) → http:\/\/127\.0\.0\.1:\d+\//);
      const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne' }), headers: bearer(stack.key) });
      const scan = await response.json();
      await listen.waitForOutput(new RegExp(`✓ scan\\.completed  evt_\\w+[\\s\\S]*"scan_id": "${scan.scan_id}"`));
      expect((await stack.stores.webhooks.findById(endpointId))?.status).toBe('enabled');
      expect(await listen.interrupt()).toBe(0);
      expect(await stack.stores.webhooks.findById(endpointId)).toBeUndefined();
    } finally {
      await listen.interrupt();
    }
  });
});
