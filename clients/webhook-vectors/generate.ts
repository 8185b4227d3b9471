/**
 * Writes clients/webhook-vectors/webhooks.json: signed webhook deliveries, each with the verdict every client's
 * verifier must reach. The signatures come from the service's own signer (functions/webhooks/signature.ts), so the
 * vectors say what the service really sends; the TypeScript, Python and Kotlin clients all verify this one file.
 * Secrets are fixed bytes (not random) so the file is stable; test/client/webhook-vectors.test.ts fails when the
 * file and this generator disagree.
 *
 *   npx tsx clients/webhook-vectors/generate.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sign } from '../../functions/webhooks/signature';

export interface WebhookVector {
  name: string;
  /** The endpoint's signing secret the receiver holds. */
  secret: string;
  /** The raw request body, exactly as sent (UTF-8). */
  body: string;
  headers: Record<string, string>;
  /** The receiver's clock, Unix seconds, and how far the timestamp may be from it either way. */
  now: number;
  tolerance_seconds: number;
  /** Whether the delivery must be accepted, and if not, which check refuses it. */
  valid: boolean;
  error: null | 'missing_header' | 'invalid_timestamp' | 'timestamp_too_old' | 'timestamp_too_new' | 'no_matching_signature';
}

const secretOf = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString('base64')}`;
const current = secretOf(0x2a);
const previous = secretOf(0x07);
const unrelated = secretOf(0x63);
const now = 1_767_225_600; // 2026-01-01T00:00:00Z
const id = 'evt_01JGZZZZZZZZZZZZZZZZZZZZZZ';
const scanCompleted = JSON.stringify({
  event: 'scan.completed',
  scan_id: 'scan_01JGZZZZZZZZZZZZZZZZZZZZZZ',
  user_id: 'ü-ser 42 — ☀',
  skin_score: 74,
  markers: { acne: { score: 81, severity: 'low' }, hydration: { score: 66, severity: 'moderate' } },
  timestamp: '2026-01-01T00:00:00.000Z',
});
const scoreUpdated = JSON.stringify({
  event: 'score.updated',
  user_id: 'user-7',
  skin_score: 71,
  previous_skin_score: null,
  scan_id: 'scan_01JGZZZZZZZZZZZZZZZZZZZZZY',
  timestamp: '2026-01-01T00:00:00.000Z',
});

function signed(body: string, at: number, secrets: string[], msgId = id): Record<string, string> {
  return { 'webhook-id': msgId, 'webhook-timestamp': String(at), 'webhook-signature': sign(msgId, at, body, secrets) };
}

function vector(name: string, body: string, headers: Record<string, string>, error: WebhookVector['error'], secret = current): WebhookVector {
  return { name, secret, body, headers, now, tolerance_seconds: 300, valid: error === null, error };
}

export function webhookVectors(): WebhookVector[] {
  const good = signed(scanCompleted, now, [current]);
  return [
    vector('valid: signed now with the current secret', scanCompleted, good, null),
    vector('valid: another event type', scoreUpdated, signed(scoreUpdated, now, [current]), null),
    vector('valid: timestamp 299 s old, inside the tolerance', scanCompleted, signed(scanCompleted, now - 299, [current]), null),
    vector('valid: timestamp 299 s ahead, inside the tolerance', scanCompleted, signed(scanCompleted, now + 299, [current]), null),
    vector('valid: during a secret rotation, verified with the new secret', scanCompleted, signed(scanCompleted, now, [current, previous]), null),
    vector('valid: during a secret rotation, verified with the old secret', scanCompleted, signed(scanCompleted, now, [current, previous]), null, previous),
    vector('valid: a secret without its whsec_ prefix', scanCompleted, good, null, current.slice('whsec_'.length)),
    vector('valid: a v2 signature first is ignored, the v1 after it matches', scanCompleted,
      { ...good, 'webhook-signature': `v2,${good['webhook-signature']!.slice(3)} ${good['webhook-signature']}` }, null),
    vector('invalid: another secret', scanCompleted, good, 'no_matching_signature', unrelated),
    vector('invalid: one byte of the body changed', scanCompleted.replace('"skin_score":74', '"skin_score":75'), good, 'no_matching_signature'),
    vector('invalid: the body re-serialised with spaces', JSON.stringify(JSON.parse(scanCompleted), null, 1), good, 'no_matching_signature'),
    vector('invalid: another webhook-id', scanCompleted, { ...good, 'webhook-id': 'evt_01JGZZZZZZZZZZZZZZZZZZZZZY' }, 'no_matching_signature'),
    vector('invalid: the timestamp header changed after signing', scanCompleted, { ...good, 'webhook-timestamp': String(now + 1) }, 'no_matching_signature'),
    vector('invalid: only a v2 signature', scanCompleted, { ...good, 'webhook-signature': `v2,${good['webhook-signature']!.slice(3)}` }, 'no_matching_signature'),
    vector('invalid: a signature that is not base64', scanCompleted, { ...good, 'webhook-signature': 'v1,not base64!' }, 'no_matching_signature'),
    vector('invalid: timestamp 301 s old', scanCompleted, signed(scanCompleted, now - 301, [current]), 'timestamp_too_old'),
    vector('invalid: timestamp 301 s ahead', scanCompleted, signed(scanCompleted, now + 301, [current]), 'timestamp_too_new'),
    vector('invalid: no webhook-signature header', scanCompleted, { 'webhook-id': id, 'webhook-timestamp': String(now) }, 'missing_header'),
    vector('invalid: no webhook-id header', scanCompleted, { 'webhook-timestamp': String(now), 'webhook-signature': good['webhook-signature']! }, 'missing_header'),
    vector('invalid: a timestamp that is not a number', scanCompleted, { ...good, 'webhook-timestamp': 'soon' }, 'invalid_timestamp'),
  ];
}

export const VECTORS_FILE = fileURLToPath(new URL('./webhooks.json', import.meta.url));

export function vectorsDocument(): string {
  return `${JSON.stringify({
    description: 'Standard Webhooks deliveries signed by the skin analysis service, with the verdict every client must reach. Generated by clients/webhook-vectors/generate.ts; do not edit.',
    vectors: webhookVectors(),
  }, null, 2)}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(VECTORS_FILE, vectorsDocument());
  console.log(`wrote ${VECTORS_FILE}`);
}
