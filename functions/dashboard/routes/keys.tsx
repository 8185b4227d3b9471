/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { issueKey, type ApiKeyRecord, rotateKey, isScope, type Scope } from '../../keys/contract';
import { isoTimestamp } from '../../kernel/clock';
import { DomainError } from '../../kernel/errors';
import { isId } from '../../kernel/ids';
import type { Environment } from '../../kernel/tenant';
import type { DashboardDeps, DashboardEnv } from '../deps';
import { DashboardError, pageNotFound } from '../errors';
import { frameOf } from '../frame-of';
import { href, shortTime } from '../views/frame';
import { KeyCreatedPage, KeysPage, ROTATION_GRACE_CHOICES } from '../views/keys-pages';
import { ConfirmPage } from '../views/layout';

/** API keys of the signed-in account: list, create, rotate, revoke (the same core as `skin keys`). */
export function keyRoutes(deps: DashboardDeps): Hono<DashboardEnv> {
  const app = new Hono<DashboardEnv>();
  const keyDeps = { keys: deps.stores.keys, accounts: deps.stores.accounts, clock: deps.clock };

  /** The key, only when it belongs to the session's account: another account's key is "not found". */
  async function ownKey(c: Context<DashboardEnv>): Promise<ApiKeyRecord> {
    const keyId = c.req.param('keyId') ?? '';
    const key = isId('key', keyId) ? await deps.stores.keys.findById(keyId) : undefined;
    if (!key || key.account_id !== c.get('account').account_id) throw pageNotFound('This key');
    return key;
  }

  async function listPage(c: Context<DashboardEnv>, status: 200 | 400 = 200, error?: string, name?: string) {
    const environment = c.get('environment');
    const keys = (await deps.stores.keys.listByAccount(c.get('account').account_id))
      .filter((key) => key.environment === environment)
      .sort((a, b) => b.key_id.localeCompare(a.key_id));
    const lastUsed = await deps.stores.keys.lastUsed(keys.map((key) => key.key_id));
    const rows = keys.map((key) => ({ ...key, last_used_at: lastUsed.get(key.key_id) ?? null }));
    return c.html(<KeysPage frame={frameOf(c, 'keys')} keys={rows} nowMs={deps.clock.now()} error={error} name={name} />, status);
  }

  app.get('/keys', (c) => listPage(c));

  app.post('/keys', async (c) => {
    const form = await c.req.parseBody({ all: true });
    const name = typeof form.name === 'string' ? form.name.trim() : '';
    const environment = form.environment === 'live' ? 'live' : 'test';
    const scopes = ([] as unknown[]).concat(form.scopes ?? []).filter((s): s is Scope => typeof s === 'string' && isScope(s));
    if (name.length < 1 || name.length > 60) return listPage(c, 400, 'Name: enter 1 to 60 characters.', name);
    if (scopes.length === 0) return listPage(c, 400, 'Scopes: choose at least one.', name);
    try {
      const issued = await issueKey(keyDeps, { accountId: c.get('account').account_id, environment: environment as Environment, scopes, name });
      deps.logger.info('dashboard key created', { accountId: issued.record.account_id, keyId: issued.record.key_id });
      c.set('environment', issued.record.environment);
      return c.html(<KeyCreatedPage frame={frameOf(c, 'keys')} record={issued.record} secret={issued.key} title="Key created" />);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'invalid_request') return listPage(c, 400, 'Environment: this plan has test keys only; live keys come with a paid plan.', name);
      throw error;
    }
  });

  app.get('/keys/:keyId/rotate', async (c) => {
    const key = await ownKey(c);
    const frame = frameOf(c, 'keys');
    const fields = (
      <>
        <label for="grace">Keep the old key working for</label>
        <select id="grace" name="grace_seconds">
          {ROTATION_GRACE_CHOICES.map((choice) => (
            <option value={String(choice.seconds)} selected={choice.seconds === 86_400}>
              {choice.label}
            </option>
          ))}
        </select>
      </>
    );
    return c.html(
      <ConfirmPage frame={frame} title="Rotate key" action={href(frame, `/keys/${key.key_id}/rotate`)} button="Rotate key" fields={fields} cancel={href(frame, '/keys')}>
        <p>
          Rotating <strong>{key.name || key.key_id}</strong> (<code>…{key.last4}</code>) makes a new secret with the same environment and scopes. The old
          secret keeps working for the grace period you choose, so you can deploy the new one first.
        </p>
      </ConfirmPage>,
    );
  });

  app.post('/keys/:keyId/rotate', async (c) => {
    const key = await ownKey(c);
    const form = await c.req.parseBody();
    const grace = ROTATION_GRACE_CHOICES.find((choice) => String(choice.seconds) === form.grace_seconds);
    if (!grace) throw new DashboardError(400, 'Invalid grace period', 'Grace period: choose one of the offered periods.');
    if (key.revoked_at) throw pageNotFound('This key');
    const rotated = await rotateKey(keyDeps, key, grace.seconds * 1000);
    deps.logger.info('dashboard key rotated', { accountId: key.account_id, keyId: key.key_id, newKeyId: rotated.record.key_id });
    c.set('environment', key.environment);
    return c.html(<KeyCreatedPage frame={frameOf(c, 'keys')} record={rotated.record} secret={rotated.key} oldKeyExpiresAt={rotated.oldKeyExpiresAt} title="Key rotated" />);
  });

  app.get('/keys/:keyId/revoke', async (c) => {
    const key = await ownKey(c);
    const frame = frameOf(c, 'keys');
    return c.html(
      <ConfirmPage frame={frame} title="Revoke key" action={href(frame, `/keys/${key.key_id}/revoke`)} button="Revoke key" danger cancel={href(frame, '/keys')}>
        <p>
          Revoke <strong>{key.name || key.key_id}</strong> (<code>…{key.last4}</code>, created {shortTime(key.created_at)})? Every request with it will be
          refused with 401. This cannot be undone.
        </p>
      </ConfirmPage>,
    );
  });

  app.post('/keys/:keyId/revoke', async (c) => {
    const key = await ownKey(c);
    if (!key.revoked_at) await deps.stores.keys.update(key.key_hash, { revoked_at: isoTimestamp(deps.clock.now()) });
    deps.logger.info('dashboard key revoked', { accountId: key.account_id, keyId: key.key_id });
    return c.redirect(href({ base: frameOf(c, 'keys').base, environment: key.environment }, '/keys', { notice: 'key_revoked' }), 303);
  });

  return app;
}
