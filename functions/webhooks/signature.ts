import { createHmac } from 'node:crypto';

/** The product User-Agent of every delivery; no URL in it, as a self-hosted deployment owns no documentation domain. */
export const USER_AGENT = 'SkinAnalysis-Webhooks/1.0';

/**
 * Standard Webhooks signature of one attempt: `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under the
 * base64-decoded secret (without `whsec_`). With several secrets (a rotation) the signatures are space-separated.
 */
export function sign(eventId: string, timestampSeconds: number, body: string, secrets: string[]): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      return `v1,${createHmac('sha256', key).update(`${eventId}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
    })
    .join(' ');
}

/** The request headers of one attempt, signed now (never at enqueue time: the timestamp is this attempt's). */
export function webhookHeaders(eventId: string, body: string, secrets: string[], nowMs: number): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(eventId, timestamp, body, secrets),
  };
}
