/** The score listener (functions/scores/update-score.ts) over the in-memory score store and a recording publisher. */
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../functions/kernel/tenant';
import { updateScoreOnScan } from '../../functions/scores/update-score';
import type { WebhookEvent } from '../../functions/webhooks/events';
import { MemoryScoreStore } from '../support/memory/score-store';
import { TENANT, scanRecord } from '../support/factories';

function setup() {
  const scores = new MemoryScoreStore();
  const published: { tenant: Tenant; event: WebhookEvent }[] = [];
  const listener = updateScoreOnScan({ scores, events: { publish: async (tenant, event) => void published.push({ tenant, event }) } });
  return { scores, published, listener };
}

const completed = (n: number, skinScore: number) =>
  scanRecord({
    scan_id: `scan_01JD00000000000000000000${String(n).padStart(2, '0')}`,
    status: 'completed',
    user_id: 'user-42',
    skin_score: skinScore,
    markers: { acne: { score: skinScore, severity: skinScore >= 70 ? 'low' : 'moderate' } },
    completed_at: `2031-03-0${n}T05:06:10.000Z`,
  });

describe('updateScoreOnScan', () => {
  it('when three scans of a user complete, then the score is smoothed 3:2:1 over the latest, and each change is published once', async () => {
    const { scores, published, listener } = setup();
    await listener(completed(1, 50));
    await listener(completed(2, 60));
    await listener(completed(3, 80));

    const stored = await scores.get(TENANT, 'user-42');
    // (80·3 + 60·2 + 50·1) / 6 = 68.3 → 68
    expect(stored?.skin_score).toBe(68);
    expect(stored?.scan_count).toBe(3);
    expect(stored?.history.map((h) => h.skin_score)).toEqual([50, 60, 80]);
    expect(published.map((p) => [p.event.type, p.event.payload])).toEqual([
      ['score.updated', expect.objectContaining({ user_id: 'user-42', skin_score: 50, previous_skin_score: null })],
      ['score.updated', expect.objectContaining({ user_id: 'user-42', previous_skin_score: 50 })],
      ['score.updated', expect.objectContaining({ user_id: 'user-42', skin_score: 68 })],
    ]);
    expect(published.every((p) => p.tenant === TENANT || (p.tenant.accountId === TENANT.accountId && p.tenant.environment === 'test'))).toBe(true);
  });

  it('when the same scan is delivered again, then it is not counted twice and the same event (same id) is published again', async () => {
    const { scores, published, listener } = setup();
    await listener(completed(1, 50));
    await listener(completed(1, 50));
    expect((await scores.get(TENANT, 'user-42'))?.scan_count).toBe(1);
    expect(published).toHaveLength(2);
    expect(published[1].event).toEqual(published[0].event);
  });

  it('when a scan failed or has no user, then no score is kept and nothing is published', async () => {
    const { scores, published, listener } = setup();
    await listener(scanRecord({ status: 'failed', user_id: 'user-42', completed_at: '2031-03-04T05:06:10.000Z' }));
    await listener({ ...completed(1, 50), user_id: null });
    expect(scores.records.size).toBe(0);
    expect(published).toEqual([]);
  });
});
