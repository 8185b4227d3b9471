import type { Tenant } from '../kernel/tenant';
import type { ScanRecord, ScanFinishedListener } from '../scans/contract';
import { type EventPublisher, scoreUpdatedEvent } from '../webhooks/contract';
import { applyScan } from './score-rules';
import type { ScoreStore } from './score-store';
import type { UserScoreRecord } from './user-score';

const MAX_ATTEMPTS = 8;

/**
 * The inference listener that keeps each user's score: applies a completed scan once (optimistic retries under
 * concurrency), then publishes score.updated when the value changed. A redelivered job finds its scan counted and
 * only re-publishes that change (same event id, so it is delivered once).
 */
export function updateScoreOnScan(deps: { scores: ScoreStore; events: EventPublisher }): ScanFinishedListener {
  return async (scan: ScanRecord) => {
    if (scan.status !== 'completed' || !scan.user_id || scan.skin_score === null || !scan.completed_at) return;
    const tenant: Tenant = { accountId: scan.account_id, environment: scan.environment };
    const facts = { scan_id: scan.scan_id, user_id: scan.user_id, skin_score: scan.skin_score, markers: scan.markers, completed_at: scan.completed_at };

    let stored: UserScoreRecord | undefined;
    for (let attempt = 0; ; attempt++) {
      const current = await deps.scores.get(tenant, scan.user_id);
      const next = applyScan(current, facts);
      if (!next) {
        stored = current;
        break;
      }
      if (await deps.scores.put(tenant, next, current ? current.version : null)) {
        stored = next;
        break;
      }
      if (attempt >= MAX_ATTEMPTS) throw new Error(`score of a user kept changing under ${MAX_ATTEMPTS} attempts`);
    }

    const change = stored?.last_change;
    if (change && change.scan_id === scan.scan_id) {
      await deps.events.publish(
        tenant,
        scoreUpdatedEvent({
          user_id: scan.user_id,
          skin_score: change.skin_score,
          previous_skin_score: change.previous_skin_score,
          scan_id: change.scan_id,
          updated_at: change.at,
        }),
      );
    }
  };
}
