/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { signIn, signUp, SignUpRefused } from '../../members/contract';
import { newToken, resolveSession, startSession } from '../../sessions/contract';
import { readFormCookie, readSessionCookie, setFormCookie, setSessionCookie } from '../cookies';
import { requireCsrf } from '../csrf';
import type { DashboardDeps, DashboardEnv } from '../deps';
import { basePath, clientAddress } from '../http-context';
import { SignInPage, SignUpPage } from '../views/auth-pages';

/** The one answer to a wrong password and to an unknown email alike. */
export const SIGN_IN_REFUSED = 'The email or password is not right.';

/** A fresh double-submit token for the sign-in and sign-up forms (no session yet). */
function formToken(c: Context): string {
  const token = newToken();
  setFormCookie(c, token);
  return token;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Sign-up and sign-in (sign-out is a signed-in action: routes/account.ts). */
export function authRoutes(deps: DashboardDeps): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();
  const sessionDeps = { sessions: deps.stores.sessions, clock: deps.clock };

  app.get('/sign-in', async (c) => {
    if (await resolveSession(sessionDeps, readSessionCookie(c))) return c.redirect(`${basePath(c)}/dashboard/keys`, 303);
    return c.html(<SignInPage base={basePath(c)} formToken={formToken(c)} signUpEnabled={await deps.stores.members.signUpEnabled()} />);
  });

  app.post('/sign-in', requireCsrf(readFormCookie), async (c) => {
    const form = await c.req.parseBody();
    const email = text(form.email);
    const result = await signIn({ members: deps.stores.members, throttle: deps.throttle }, { email, password: text(form.password), address: clientAddress(c) });
    if (!result.ok) {
      const throttled = result.reason === 'throttled';
      deps.logger.info('dashboard sign-in refused', { reason: result.reason });
      if (throttled) c.header('Retry-After', String(result.retryAfterSeconds));
      const page = (
        <SignInPage
          base={basePath(c)}
          formToken={formToken(c)}
          email={email}
          signUpEnabled={await deps.stores.members.signUpEnabled()}
          error={throttled ? `Too many failed sign-ins. Wait ${result.retryAfterSeconds} seconds and try again.` : SIGN_IN_REFUSED}
        />
      );
      return c.html(page, throttled ? 429 : 401);
    }
    const { id } = await startSession(sessionDeps, result.member);
    setSessionCookie(c, id);
    deps.logger.info('dashboard sign-in', { accountId: result.member.account_id });
    return c.redirect(`${basePath(c)}/dashboard/keys`, 303);
  });

  app.get('/sign-up', async (c) => {
    const enabled = await deps.stores.members.signUpEnabled();
    const page = (
      <SignUpPage
        base={basePath(c)}
        formToken={formToken(c)}
        signUpEnabled={enabled}
        error={enabled ? undefined : 'Self-serve sign-up is turned off on this service; ask its operator for an account.'}
      />
    );
    return c.html(page, enabled ? 200 : 403);
  });

  app.post('/sign-up', requireCsrf(readFormCookie), async (c) => {
    const form = await c.req.parseBody();
    const input = { email: text(form.email), password: text(form.password), accountName: text(form.account_name) };
    try {
      const { account, member } = await signUp({ members: deps.stores.members, accounts: deps.stores.accounts, clock: deps.clock }, input);
      const { id } = await startSession(sessionDeps, member);
      setSessionCookie(c, id);
      deps.logger.info('dashboard sign-up', { accountId: account.account_id });
      return c.redirect(`${basePath(c)}/dashboard/keys?env=test&notice=welcome`, 303);
    } catch (error) {
      if (!(error instanceof SignUpRefused)) throw error;
      const page = (
        <SignUpPage
          base={basePath(c)}
          formToken={formToken(c)}
          signUpEnabled={error.status !== 403}
          error={error.message}
          errorField={error.field}
          email={input.email}
          accountName={input.accountName}
        />
      );
      return c.html(page, error.status);
    }
  });

  return app;
}
