/**
 * The `webhooks` of the OpenAPI document: each event type the service POSTs to registered endpoints, its payload
 * (functions/webhooks/events.ts, as zod schemas in ../schemas/webhook-events.ts) and the Standard Webhooks
 * signature headers (docs/webhooks.md).
 */
import { EVENT_TYPES, TEST_EVENT_TYPE, type EventType } from '../../webhooks/contract';

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id (`evt_…`): the same on every retry and replay. De-duplicate on it.',
    schema: { type: 'string', pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt. Refuse a delivery more than 5 minutes away from your clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the endpoint secret after `whsec_`. During a secret rotation two signatures, space-separated; either may match.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
];

const EVENTS: Record<EventType | typeof TEST_EVENT_TYPE, { schema: string; operationId: string; summary: string; description: string }> = {
  'scan.completed': {
    schema: 'ScanCompletedEvent',
    operationId: 'scanCompletedWebhook',
    summary: 'A scan completed',
    description: 'Sent when a scan completes, with its skin score and marker results. `timestamp` is the scan\'s `completed_at`.',
  },
  'scan.failed': {
    schema: 'ScanFailedEvent',
    operationId: 'scanFailedWebhook',
    summary: 'A scan failed',
    description: 'Sent when a scan fails a quality check (`no_face`, `blurry`, …) or its analysis fails for good.',
  },
  'routine.generated': {
    schema: 'RoutineGeneratedEvent',
    operationId: 'routineGeneratedWebhook',
    summary: 'A routine was generated',
    description: 'Sent after `POST /v1/routines` stored a routine.',
  },
  'score.updated': {
    schema: 'ScoreUpdatedEvent',
    operationId: 'scoreUpdatedWebhook',
    summary: "A user's score changed",
    description: "Sent when a completed scan with a `user_id` changes that user's smoothed skin score.",
  },
  [TEST_EVENT_TYPE]: {
    schema: 'WebhookTestEvent',
    operationId: 'webhookTestWebhook',
    summary: 'A test delivery',
    description: 'Sent by `skin webhooks test ENDPOINT_ID` to that one endpoint, whatever its event filter.',
  },
};

function webhookOperation(event: string, spec: (typeof EVENTS)[keyof typeof EVENTS]) {
  return {
    post: {
      operationId: spec.operationId,
      tags: ['Webhooks'],
      summary: spec.summary,
      description: `${spec.description}\n\nThe body is the flat payload; \`event\` is \`${event}\`. Verify the signature over the raw body before parsing it.`,
      security: [],
      parameters: SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${spec.schema}` } } } },
      responses: {
        '2XX': { description: 'Any 2xx: delivered. Answer within 15 s; queue long work.' },
        '410': { description: 'Gone: the endpoint is disabled; no more deliveries until it is enabled again.' },
        default: {
          description: 'Anything else (also a 3xx, a timeout or a refused connection) is a failed attempt, retried: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.',
        },
      },
    },
  };
}

export const WEBHOOKS: Record<string, unknown> = Object.fromEntries(
  ([...EVENT_TYPES, TEST_EVENT_TYPE] as const).map((event) => [event, webhookOperation(event, EVENTS[event])]),
);
