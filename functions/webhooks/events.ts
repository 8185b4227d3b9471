import type { MarkerName, MarkerResult } from '../analysis/contract';
import type { ScanRecord } from '../scans/contract';
import { idTime, stableId } from './stable-id';

/** The event types an endpoint can subscribe to (DESIGN section 4). */
export const EVENT_TYPES = ['scan.completed', 'scan.failed', 'routine.generated', 'score.updated'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent only by `skin webhooks test`, to the one endpoint named, whatever its filter. */
export const TEST_EVENT_TYPE = 'webhook.test';

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** Payloads are flat, as the seed shows them; `timestamp` is ISO 8601 UTC. */
export interface ScanCompletedPayload {
  event: 'scan.completed';
  scan_id: string;
  user_id: string | null;
  skin_score: number;
  timestamp: string;
  markers: Partial<Record<MarkerName, MarkerResult>>;
}

export interface ScanFailedPayload {
  event: 'scan.failed';
  scan_id: string;
  user_id: string | null;
  error: { code: string; message: string };
  timestamp: string;
}

export interface RoutineGeneratedPayload {
  event: 'routine.generated';
  routine_id: string;
  scan_id: string | null;
  user_id: string | null;
  timestamp: string;
}

export interface ScoreUpdatedPayload {
  event: 'score.updated';
  user_id: string;
  skin_score: number;
  previous_skin_score: number | null;
  scan_id: string;
  timestamp: string;
}

export interface TestPayload {
  event: typeof TEST_EVENT_TYPE;
  endpoint_id: string;
  message: string;
  timestamp: string;
}

export type EventPayload = ScanCompletedPayload | ScanFailedPayload | RoutineGeneratedPayload | ScoreUpdatedPayload | TestPayload;

/**
 * One event: its id (`evt_…`, the `webhook-id` header on every delivery and retry) and the payload (the exact
 * JSON body). The id is derived from what the event describes, so publishing the same fact twice (a redelivered
 * job, a retried request) yields the same id and the fan-out delivers it once per endpoint.
 */
export interface WebhookEvent<P extends EventPayload = EventPayload> {
  id: string;
  type: P['event'];
  payload: P;
}

/**
 * Builds an event whose id is a function of its type, `sourceKey` (what makes this fact unique, e.g. the scan id)
 * and `timeMs` (a stored time of the fact: it orders event ids like the facts).
 */
export function createEvent<P extends EventPayload>(payload: P, source: { key: string; timeMs: number }): WebhookEvent<P> {
  return { id: stableId('evt', source.timeMs, payload.event, source.key), type: payload.event, payload };
}

/** scan.completed or scan.failed for a finished scan; undefined while it is still processing. */
export function scanFinishedEvent(scan: ScanRecord): WebhookEvent<ScanCompletedPayload | ScanFailedPayload> | undefined {
  if (scan.status === 'processing' || !scan.completed_at) return undefined;
  const source = { key: scan.scan_id, timeMs: Date.parse(scan.completed_at) };
  if (scan.status === 'completed') {
    return createEvent<ScanCompletedPayload>(
      {
        event: 'scan.completed',
        scan_id: scan.scan_id,
        user_id: scan.user_id,
        skin_score: scan.skin_score ?? 0,
        timestamp: scan.completed_at,
        markers: scan.markers,
      },
      source,
    );
  }
  const error = scan.error ?? { code: 'analysis_failed', message: 'The analysis failed.' };
  return createEvent<ScanFailedPayload>(
    {
      event: 'scan.failed',
      scan_id: scan.scan_id,
      user_id: scan.user_id,
      error: { code: error.code, message: error.message },
      timestamp: scan.completed_at,
    },
    source,
  );
}

/** For the routines work: routine.generated, keyed and timed by the (stored) routine id, so a retry yields the same event id. */
export function routineGeneratedEvent(routine: { routine_id: string; scan_id: string | null; user_id: string | null; created_at: string }): WebhookEvent<RoutineGeneratedPayload> {
  return createEvent<RoutineGeneratedPayload>(
    { event: 'routine.generated', routine_id: routine.routine_id, scan_id: routine.scan_id, user_id: routine.user_id, timestamp: routine.created_at },
    { key: routine.routine_id, timeMs: idTime(routine.routine_id) },
  );
}

/**
 * For the scores work: score.updated, keyed by the user and the scan that changed the score and timed by that
 * scan's id, so recomputing the same update (a redelivered scan job) yields the same event id.
 */
export function scoreUpdatedEvent(update: { user_id: string; skin_score: number; previous_skin_score: number | null; scan_id: string; updated_at: string }): WebhookEvent<ScoreUpdatedPayload> {
  return createEvent<ScoreUpdatedPayload>(
    {
      event: 'score.updated',
      user_id: update.user_id,
      skin_score: update.skin_score,
      previous_skin_score: update.previous_skin_score,
      scan_id: update.scan_id,
      timestamp: update.updated_at,
    },
    { key: `${update.user_id}\u0000${update.scan_id}`, timeMs: idTime(update.scan_id) },
  );
}
