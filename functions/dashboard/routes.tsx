/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { resolveSession, endSession } from '../sessions/contract';
import { DASHBOARD_CSS, DASHBOARD_JS } from './assets';
import { clearSessionCookie, readSessionCookie } from './cookies';
import { requireCsrf } from './csrf';
import type { DashboardDeps, DashboardEnv } from './deps';
import { DashboardError, formTooLarge } from './errors';
import { basePath } from './http-context';
import { authRoutes } from './routes/auth';
import { deliveryRoutes } from './routes/deliveries';
import { keyRoutes } from './routes/keys';
import { usageRoutes } from './routes/usage';
import { webhookRoutes } from './routes/webhooks';
import { requireSession } from './session-middleware';
import { ErrorPage } from './views/auth-pages';

/** Bytes of a dashboard form body: the longest field is a 2048-character webhook URL. */
export const FORM_MAX_BYTES = 64 * 1024;

/**
 * The dashboard at /dashboard: server-rendered pages (hono/jsx) over the same cores as the CLI. Every page is
 * `no-store` and framed by no one; every POST passes the CSRF check; every record is looked up through the
 * session's account.
 */
export function dashboardRoutes(deps: DashboardDeps): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();
  const sessionDeps = { sessions: deps.stores.sessions, clock: deps.clock };

  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', c.req.path.startsWith('/dashboard/assets/') ? 'public, max-age=300' : 'no-store');
    c.header('X-Frame-Options', 'DENY');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
  });

  // Every form is small; sign-in and sign-up are reachable without a session, so nothing larger is read into memory.
  app.use(
    '*',
    bodyLimit({
      maxSize: FORM_MAX_BYTES,
      onError: () => {
        throw formTooLarge(FORM_MAX_BYTES);
      },
    }),
  );

  app.get('/assets/dashboard.css', (c) => c.body(DASHBOARD_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
  app.get('/assets/dashboard.js', (c) => c.body(DASHBOARD_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));

  app.get('/', async (c) => {
    const signedIn = await resolveSession(sessionDeps, readSessionCookie(c));
    return c.redirect(`${basePath(c)}/dashboard/${signedIn ? 'keys' : 'sign-in'}`, 303);
  });
  app.route('/', authRoutes(deps));

  const signedIn = new Hono<DashboardEnv>();
  signedIn.use('*', requireSession(deps));
  signedIn.use('*', requireCsrf<DashboardEnv>((c) => c.get('session').csrf_token));
  signedIn.post('/sign-out', async (c) => {
    await endSession(sessionDeps, readSessionCookie(c));
    clearSessionCookie(c);
    deps.logger.info('dashboard sign-out', { accountId: c.get('account').account_id });
    return c.redirect(`${basePath(c)}/dashboard/sign-in`, 303);
  });
  signedIn.route('/', keyRoutes(deps));
  signedIn.route('/', webhookRoutes(deps));
  signedIn.route('/', deliveryRoutes(deps));
  signedIn.route('/', usageRoutes(deps));
  app.route('/', signedIn);

  app.all('*', (c) => c.html(<ErrorPage base={basePath(c)} status={404} heading="Not found" message="There is no such dashboard page." signedIn={false} />, 404));
  app.onError((error, c) => {
    if (error instanceof DashboardError) {
      return c.html(<ErrorPage base={basePath(c)} status={error.status} heading={error.heading} message={error.message} signedIn={error.status !== 403} />, error.status);
    }
    deps.logger.error('dashboard error', { requestId: c.get('requestId'), error: { name: (error as Error).name, message: String((error as Error).message).slice(0, 300) } });
    return c.html(<ErrorPage base={basePath(c)} status={500} heading="Something went wrong" message="The page could not be shown; try again in a moment." signedIn={false} />, 500);
  });
  return app;
}
