/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { sendTestEvent, type WebhookEndpoint, isEventType, type EventType, addEndpoint, EndpointUrlError, rotateEndpointSecret, setEndpointEnabled } from '../../webhooks/contract';
import { isId } from '../../kernel/ids';
import type { DashboardDeps, DashboardEnv } from '../deps';
import { pageNotFound } from '../errors';
import { frameOf } from '../frame-of';
import { href } from '../views/frame';
import { ConfirmPage } from '../views/layout';
import { EndpointPage, WebhooksPage } from '../views/webhooks-pages';

/** Webhook endpoints of the signed-in account: the same core (and SSRF rules) as `skin webhooks`. */
export function webhookRoutes(deps: DashboardDeps): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();
  const adminDeps = { endpoints: deps.stores.webhooks, clock: deps.clock, rules: deps.urlRules, resolver: deps.resolver };

  /** The endpoint, only when it belongs to the session's account (any environment); otherwise "not found". */
  async function ownEndpoint(c: Context<DashboardEnv>): Promise<WebhookEndpoint> {
    const endpointId = c.req.param('endpointId') ?? '';
    const endpoint = isId('whk', endpointId) ? await deps.stores.webhooks.findById(endpointId) : undefined;
    if (!endpoint || endpoint.account_id !== c.get('account').account_id) throw pageNotFound('This endpoint');
    // The page follows the endpoint's environment whatever `?env=` says.
    c.set('environment', endpoint.environment);
    return endpoint;
  }
  const back = (c: Context<DashboardEnv>, endpoint: WebhookEndpoint, notice: string) =>
    c.redirect(href({ base: frameOf(c, 'webhooks').base, environment: endpoint.environment }, `/webhooks/${endpoint.endpoint_id}`, { notice }), 303);

  async function listPage(c: Context<DashboardEnv>, status: 200 | 400 = 200, error?: string, url?: string) {
    const endpoints = await deps.stores.webhooks.listByTenant({ accountId: c.get('account').account_id, environment: c.get('environment') });
    return c.html(<WebhooksPage frame={frameOf(c, 'webhooks')} endpoints={endpoints} error={error} url={url} />, status);
  }

  app.get('/webhooks', (c) => listPage(c));

  app.post('/webhooks', async (c) => {
    const form = await c.req.parseBody({ all: true });
    const url = typeof form.url === 'string' ? form.url.trim() : '';
    const names = ([] as unknown[]).concat(form.events ?? []).filter((n): n is string => typeof n === 'string');
    const unknown = names.filter((n) => !isEventType(n));
    if (unknown.length > 0) return listPage(c, 400, `Events: unknown ${unknown.join(', ')}.`, url);
    try {
      const endpoint = await addEndpoint(adminDeps, {
        tenant: { accountId: c.get('account').account_id, environment: c.get('environment') },
        url,
        events: names.length > 0 ? [...new Set(names as EventType[])] : null,
      });
      deps.logger.info('dashboard endpoint added', { accountId: endpoint.account_id, endpointId: endpoint.endpoint_id });
      return back(c, endpoint, 'endpoint_added');
    } catch (error) {
      if (error instanceof EndpointUrlError) return listPage(c, 400, `URL refused: ${error.message.replace(/^url: /, '')}.`, url);
      throw error;
    }
  });

  app.get('/webhooks/:endpointId', async (c) => {
    const endpoint = await ownEndpoint(c);
    return c.html(<EndpointPage frame={frameOf(c, 'webhooks')} endpoint={endpoint} nowMs={deps.clock.now()} />);
  });

  // A POST, so the secret is never in a URL, a cache or a history entry.
  app.post('/webhooks/:endpointId/secret', async (c) => {
    const endpoint = await ownEndpoint(c);
    return c.html(<EndpointPage frame={frameOf(c, 'webhooks')} endpoint={endpoint} secret={endpoint.secret} nowMs={deps.clock.now()} />);
  });

  app.get('/webhooks/:endpointId/rotate-secret', async (c) => {
    const endpoint = await ownEndpoint(c);
    const frame = frameOf(c, 'webhooks');
    return c.html(
      <ConfirmPage frame={frame} title="Rotate signing secret" action={href(frame, `/webhooks/${endpoint.endpoint_id}/rotate-secret`)} button="Rotate secret" cancel={href(frame, `/webhooks/${endpoint.endpoint_id}`)}>
        <p>
          A new secret signs every delivery to <span class="mono">{endpoint.url}</span>. The current one keeps signing beside it (two signatures per
          request) for 24 hours, so your receiver can switch without losing events.
        </p>
      </ConfirmPage>,
    );
  });

  app.post('/webhooks/:endpointId/rotate-secret', async (c) => {
    const endpoint = await rotateEndpointSecret(adminDeps, await ownEndpoint(c));
    deps.logger.info('dashboard endpoint secret rotated', { accountId: endpoint.account_id, endpointId: endpoint.endpoint_id });
    return c.html(<EndpointPage frame={{ ...frameOf(c, 'webhooks'), notice: 'The signing secret was rotated; the old one keeps signing beside it for 24 hours.' }} endpoint={endpoint} secret={endpoint.secret} nowMs={deps.clock.now()} />);
  });

  app.post('/webhooks/:endpointId/test', async (c) => {
    const endpoint = await ownEndpoint(c);
    const { record } = await sendTestEvent(deps.delivery, endpoint, 'queue');
    deps.logger.info('dashboard test event', { accountId: endpoint.account_id, endpointId: endpoint.endpoint_id, deliveryId: record.delivery_id });
    return c.redirect(href({ base: frameOf(c, 'webhooks').base, environment: endpoint.environment }, `/deliveries/${record.delivery_id}`, { notice: 'test_sent' }), 303);
  });

  for (const [action, enabled] of [['enable', true], ['disable', false]] as const) {
    app.post(`/webhooks/:endpointId/${action}`, async (c) => {
      const endpoint = await setEndpointEnabled(adminDeps, await ownEndpoint(c), enabled, 'disabled in the dashboard');
      deps.logger.info(`dashboard endpoint ${action}d`, { accountId: endpoint.account_id, endpointId: endpoint.endpoint_id });
      return back(c, endpoint, enabled ? 'endpoint_enabled' : 'endpoint_disabled');
    });
  }

  app.get('/webhooks/:endpointId/delete', async (c) => {
    const endpoint = await ownEndpoint(c);
    const frame = frameOf(c, 'webhooks');
    return c.html(
      <ConfirmPage frame={frame} title="Delete endpoint" action={href(frame, `/webhooks/${endpoint.endpoint_id}/delete`)} button="Delete endpoint" danger cancel={href(frame, `/webhooks/${endpoint.endpoint_id}`)}>
        <p>
          Delete <span class="mono">{endpoint.url}</span>? No more events are sent to it; deliveries still pending end as failed. This cannot be undone.
        </p>
      </ConfirmPage>,
    );
  });

  app.post('/webhooks/:endpointId/delete', async (c) => {
    const endpoint = await ownEndpoint(c);
    await deps.stores.webhooks.delete(endpoint);
    deps.logger.info('dashboard endpoint deleted', { accountId: endpoint.account_id, endpointId: endpoint.endpoint_id });
    return c.redirect(href({ base: frameOf(c, 'webhooks').base, environment: endpoint.environment }, '/webhooks', { notice: 'endpoint_deleted' }), 303);
  });

  return app;
}
