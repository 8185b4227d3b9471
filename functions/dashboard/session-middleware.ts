import type { MiddlewareHandler } from 'hono';
import { resolveSession } from '../sessions/contract';
import type { Environment } from '../kernel/tenant';
import { readSessionCookie } from './cookies';
import type { DashboardDeps, DashboardEnv } from './deps';
import { basePath } from './http-context';

/** Plans whose accounts may hold live keys (and so see the live environment). */
export function hasLiveKeys(plan: string): boolean {
  return plan !== 'sandbox';
}

/** Signed-in pages: a live session (else to the sign-in page) and its account; `?env=` picks the environment. */
export function requireSession(deps: DashboardDeps): MiddlewareHandler<DashboardEnv> {
  return async (c, next) => {
    const session = await resolveSession({ sessions: deps.stores.sessions, clock: deps.clock }, readSessionCookie(c));
    const account = session ? await deps.stores.accounts.get(session.account_id) : undefined;
    if (!session || !account) {
      return c.redirect(`${basePath(c)}/dashboard/sign-in`, 303);
    }
    c.set('session', session);
    c.set('account', account);
    const asked = c.req.query('env');
    const environment: Environment = asked === 'live' && hasLiveKeys(account.plan) ? 'live' : 'test';
    c.set('environment', environment);
    await next();
  };
}
