import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, ISO_UTC, scanForm } from '../helpers/http';
import { frontalWithPapules } from '../helpers/paint';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';
import { registerEndpoint, waitUntil } from '../webhooks/helpers/endpoints';

let stack: TestStack;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  stack = await startTestStack();
  receiver = await startReceiver();
  const endpoint = await registerEndpoint(stack, { accountId: stack.accountId, url: `${receiver.url}/hooks`, events: ['score.updated'] });
  secret = endpoint.secret;
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

const scan = async (image: Buffer, userId: string) =>
  (await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image, markers: 'acne', user_id: userId }), headers: bearer(stack.key) })).json();
const score = (userId: string) => fetch(`${stack.apiUrl}/v1/users/${userId}/score`, { headers: bearer(stack.key) });

/** score.updated bodies the receiver got for a user, verified with the public standardwebhooks library. */
function verifiedScoreEvents(userId: string) {
  const webhook = new Webhook(secret);
  return receiver.requests
    .map((request) => ({ id: request.headers['webhook-id'], payload: webhook.verify(request.body, request.headers) as Record<string, unknown> }))
    .filter((event) => event.payload.event === 'score.updated' && event.payload.user_id === userId);
}

describe('scores', () => {
  it('when a user has three scans with rising scores, then the trend is improving, the history has 3 entries and 3 verified score.updated events arrive', async () => {
    const scans = [];
    for (const papules of [6, 3, 0]) scans.push(await scan(await frontalWithPapules(papules), 'riser'));
    const rising = scans.map((s) => s.skin_score);
    expect(rising[0]).toBeLessThan(rising[1]);
    expect(rising[1]).toBeLessThan(rising[2]);

    const response = await score('riser');
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body).toEqual({
      user_id: 'riser',
      skin_score: Math.round((rising[2] * 3 + rising[1] * 2 + rising[0]) / 6),
      markers: { acne: { score: expect.any(Number), severity: expect.any(String) } },
      trend: { direction: 'improving', delta_30d: Math.round((rising[2] * 3 + rising[1] * 2 + rising[0]) / 6) - rising[0] },
      scan_count: 3,
      history: scans.map((s) => ({ scan_id: s.scan_id, skin_score: s.skin_score, markers: { acne: s.markers.acne.score }, at: expect.stringMatching(ISO_UTC) })),
      updated_at: expect.stringMatching(ISO_UTC),
    });

    const events = await waitUntil(async () => verifiedScoreEvents('riser'), (e) => e.length >= 3);
    expect(events.map((e) => e.payload.scan_id)).toEqual(scans.map((s) => s.scan_id));
    expect(events[0].payload).toMatchObject({ previous_skin_score: null, skin_score: rising[0] });
    expect(events[2].payload).toMatchObject({ skin_score: body.skin_score });
    expect(new Set(events.map((e) => e.id)).size).toBe(3);

    // A redelivered job (the queue handing the last scan's job out again) changes nothing and sends nothing new.
    await stack.scanQueue.send(JSON.stringify({ scan_id: scans[2].scan_id, account_id: stack.accountId, environment: 'test' }));
    await stack.scanQueue.waitUntilIdle(10_000);
    await stack.deliveryQueue.waitUntilIdle(10_000);
    expect(await (await score('riser')).json()).toEqual(body);
    expect(new Set(verifiedScoreEvents('riser').map((e) => e.id)).size).toBe(3);
  });

  it('when a user has no completed scan, then the score is 404', async () => {
    const response = await score('nobody-yet');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
  });

  it('when scans without a user_id complete, then no score exists for anyone', async () => {
    await (await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: await frontalWithPapules(0), markers: 'acne' }), headers: bearer(stack.key) })).json();
    expect((await score('null')).status).toBe(404);
  });
});
