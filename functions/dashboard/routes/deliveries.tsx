/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { replayDelivery, DELIVERY_STATUSES, type DeliveryRecord, type DeliveryStatus, EVENT_TYPES, TEST_EVENT_TYPE } from '../../webhooks/contract';
import type { DashboardDeps, DashboardEnv } from '../deps';
import { pageNotFound } from '../errors';
import { isId } from '../../kernel/ids';
import { frameOf } from '../frame-of';
import { DeliveriesPage, DeliveryPage } from '../views/deliveries-pages';
import { href } from '../views/frame';

const PAGE_SIZE = 50;

/** The delivery log of the signed-in account, overall or per endpoint, with replay (the same core as `skin deliveries`). */
export function deliveryRoutes(deps: DashboardDeps): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();

  async function ownDelivery(c: Context<DashboardEnv>): Promise<DeliveryRecord> {
    const deliveryId = c.req.param('deliveryId') ?? '';
    const delivery = isId('dlv', deliveryId) ? await deps.stores.deliveries.get(deliveryId) : undefined;
    if (!delivery || delivery.account_id !== c.get('account').account_id) throw pageNotFound('This delivery');
    c.set('environment', delivery.environment);
    return delivery;
  }

  app.get('/deliveries', async (c) => {
    const tenant = { accountId: c.get('account').account_id, environment: c.get('environment') };
    const endpoints = await deps.stores.webhooks.listByTenant(tenant);
    // Only values the page offers are used as filters; anything else means "any".
    const status = (DELIVERY_STATUSES as readonly string[]).includes(c.req.query('status') ?? '') ? (c.req.query('status') as DeliveryStatus) : undefined;
    const eventType = [...EVENT_TYPES, TEST_EVENT_TYPE].includes(c.req.query('event_type') ?? '') ? c.req.query('event_type') : undefined;
    const endpointId = endpoints.some((e) => e.endpoint_id === c.req.query('endpoint')) ? c.req.query('endpoint') : undefined;
    const deliveries = await deps.stores.deliveries.list(tenant, { status, eventType, endpointId, limit: PAGE_SIZE });
    return c.html(<DeliveriesPage frame={frameOf(c, 'deliveries')} deliveries={deliveries} endpoints={endpoints} filter={{ status, eventType, endpointId }} limit={PAGE_SIZE} />);
  });

  app.get('/deliveries/:deliveryId', async (c) => {
    const delivery = await ownDelivery(c);
    const endpoint = await deps.stores.webhooks.get({ accountId: delivery.account_id, environment: delivery.environment }, delivery.endpoint_id);
    return c.html(<DeliveryPage frame={frameOf(c, 'deliveries')} delivery={delivery} endpoint={endpoint} />);
  });

  app.post('/deliveries/:deliveryId/replay', async (c) => {
    const delivery = await ownDelivery(c);
    await replayDelivery(deps.delivery, delivery.delivery_id, 'queue');
    deps.logger.info('dashboard delivery replayed', { accountId: delivery.account_id, deliveryId: delivery.delivery_id });
    return c.redirect(href({ base: frameOf(c, 'deliveries').base, environment: delivery.environment }, `/deliveries/${delivery.delivery_id}`, { notice: 'replayed' }), 303);
  });

  return app;
}
