/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { lastDays } from '../../usage/contract';
import type { DashboardDeps, DashboardEnv } from '../deps';
import { frameOf } from '../frame-of';
import type { ChartDay } from '../views/usage-chart';
import { UsagePage, type KeyTotals } from '../views/usage-page';

const DAYS = 30;

/** Requests, scans and rate-limit hits of the signed-in account per day, environment and key (the usage counters). */
export function usageRoutes(deps: DashboardDeps): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();

  app.get('/usage', async (c) => {
    const account = c.get('account');
    const environment = c.get('environment');
    const days = lastDays(deps.clock.now(), DAYS);
    const keys = (await deps.stores.keys.listByAccount(account.account_id)).filter((k) => k.environment === environment);
    // Only a key of this account filters; anything else shows all of them.
    const selectedKey = keys.some((k) => k.key_id === c.req.query('key')) ? c.req.query('key') : undefined;
    const counters = (await deps.stores.usage.list(account.account_id, days[0], days[DAYS - 1])).filter((u) => u.environment === environment);

    const perDay = new Map<string, ChartDay>(days.map((day) => [day, { day, requests: 0, scans: 0, rateLimited: 0 }]));
    const perKey = new Map<string, KeyTotals>();
    for (const u of counters) {
      const key = perKey.get(u.key_id) ?? { keyId: u.key_id, key: keys.find((k) => k.key_id === u.key_id), requests: 0, scans: 0, rateLimited: 0 };
      key.requests += u.requests;
      key.scans += u.scans;
      key.rateLimited += u.rate_limited;
      perKey.set(u.key_id, key);
      if (selectedKey && u.key_id !== selectedKey) continue;
      const day = perDay.get(u.day);
      if (!day) continue;
      day.requests += u.requests;
      day.scans += u.scans;
      day.rateLimited += u.rate_limited;
    }
    return c.html(
      <UsagePage
        frame={frameOf(c, 'usage')}
        days={[...perDay.values()]}
        perKey={[...perKey.values()].sort((a, b) => b.requests - a.requests)}
        keys={keys}
        selectedKey={selectedKey}
        account={account}
      />,
    );
  });

  return app;
}
