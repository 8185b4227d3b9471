import { randomBytes } from 'node:crypto';
import type { Environment } from '../kernel/tenant';
import { TEST_EVENT_TYPE, type EventType } from './events';

/** How long the old secret keeps signing after `rotate-secret` (both signatures are sent meanwhile). */
export const SECRET_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export type EndpointStatus = 'enabled' | 'disabled';

/** A webhook endpoint of one account and environment, as stored (the secrets included). */
export interface WebhookEndpoint {
  endpoint_id: string;
  account_id: string;
  environment: Environment;
  url: string;
  /** The event types sent to it; null = all of them. */
  events: EventType[] | null;
  status: EndpointStatus;
  /** Why it was disabled (a 410 answer, an operator), or null. */
  disabled_reason: string | null;
  /** `whsec_` + base64 of 32 random bytes: the Standard Webhooks secret format. */
  secret: string;
  /** During a rotation: the secret before, still signing until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

/** What may be listed: everything but the secrets. */
export type PublicEndpoint = Omit<WebhookEndpoint, 'secret' | 'previous_secret'>;

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function publicEndpoint(endpoint: WebhookEndpoint): PublicEndpoint {
  const { secret: _secret, previous_secret: _previous, ...shown } = endpoint;
  return shown;
}

/** The secrets to sign with now: the current one first, the previous one while its grace lasts. */
export function signingSecrets(endpoint: WebhookEndpoint, nowMs: number): string[] {
  const secrets = [endpoint.secret];
  if (endpoint.previous_secret && endpoint.previous_secret_expires_at && Date.parse(endpoint.previous_secret_expires_at) > nowMs) {
    secrets.push(endpoint.previous_secret);
  }
  return secrets;
}

/** Whether a published event of this type goes to the endpoint (test events are addressed to one endpoint). */
export function wantsEvent(endpoint: WebhookEndpoint, type: string): boolean {
  if (endpoint.status !== 'enabled' || type === TEST_EVENT_TYPE) return false;
  return endpoint.events === null || (endpoint.events as string[]).includes(type);
}
