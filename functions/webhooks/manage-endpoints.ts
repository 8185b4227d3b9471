import { isoTimestamp, type Clock } from '../kernel/clock';
import { newId } from '../kernel/ids';
import type { Tenant } from '../kernel/tenant';
import { newSecret, SECRET_ROTATION_GRACE_MS, type WebhookEndpoint } from './endpoint';
import type { WebhookEndpointStore } from './endpoint-store';
import { EVENT_TYPES, isEventType, type EventType } from './events';
import { checkEndpointUrl, EndpointUrlError, type UrlRules } from './ssrf/endpoint-url';
import { systemResolver, type Resolver } from './ssrf/resolve';

export interface EndpointAdminDeps {
  endpoints: WebhookEndpointStore;
  clock: Clock;
  rules: UrlRules;
  resolver?: Resolver;
}

/** A bad `--events` list and the like; the message names the parameter. */
export class WebhookInputError extends Error {
  override readonly name = 'WebhookInputError';
}

export { EndpointUrlError };

/** `a, b` → event types, or null (all) when omitted; an unknown name is refused with the valid ones. */
export function parseEventFilter(raw: string | undefined): EventType[] | null {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return null;
  const names = [...new Set(raw.split(',').map((n) => n.trim().toLowerCase()).filter(Boolean))];
  const unknown = names.filter((n) => !isEventType(n));
  if (unknown.length > 0) throw new WebhookInputError(`events: unknown ${unknown.join(', ')}; valid event types are ${EVENT_TYPES.join(', ')}`);
  return names as EventType[];
}

/**
 * Registers an endpoint after the SSRF rules: https (http only for test endpoints in local development), and
 * the host must not be, or resolve to, a loopback, private, link-local, CGNAT, multicast or otherwise
 * non-public address. The answer holds the secret; list views never show it again.
 */
export async function addEndpoint(deps: EndpointAdminDeps, input: { tenant: Tenant; url: string; events: EventType[] | null }): Promise<WebhookEndpoint> {
  const url = await checkEndpointUrl(input.url, input.tenant.environment, deps.rules, deps.resolver ?? systemResolver);
  const now = isoTimestamp(deps.clock.now());
  const endpoint: WebhookEndpoint = {
    endpoint_id: newId('whk', deps.clock.now()),
    account_id: input.tenant.accountId,
    environment: input.tenant.environment,
    url: url.href,
    events: input.events,
    status: 'enabled',
    disabled_reason: null,
    secret: newSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    created_at: now,
    updated_at: now,
  };
  await deps.endpoints.create(endpoint);
  return endpoint;
}

/** A new secret; the old one keeps signing beside it for 24 h, so receivers can switch without losing events. */
export async function rotateEndpointSecret(deps: EndpointAdminDeps, endpoint: WebhookEndpoint): Promise<WebhookEndpoint> {
  const nowMs = deps.clock.now();
  const changes = {
    secret: newSecret(),
    previous_secret: endpoint.secret,
    previous_secret_expires_at: isoTimestamp(nowMs + SECRET_ROTATION_GRACE_MS),
    updated_at: isoTimestamp(nowMs),
  };
  await deps.endpoints.update(endpoint, changes);
  return { ...endpoint, ...changes };
}

export async function setEndpointEnabled(deps: EndpointAdminDeps, endpoint: WebhookEndpoint, enabled: boolean, reason = 'disabled by an operator'): Promise<WebhookEndpoint> {
  const changes = {
    status: enabled ? ('enabled' as const) : ('disabled' as const),
    disabled_reason: enabled ? null : reason,
    updated_at: isoTimestamp(deps.clock.now()),
  };
  await deps.endpoints.update(endpoint, changes);
  return { ...endpoint, ...changes };
}
