/** @jsxImportSource hono/jsx */
import { type ApiKeyRecord, SCOPES } from '../../keys/contract';
import { href, shortTime, type Frame } from './frame';
import { ColumnHeads, Layout, PostForm } from './layout';

/** Grace periods offered when rotating a key (seconds). */
export const ROTATION_GRACE_CHOICES: { seconds: number; label: string }[] = [
  { seconds: 0, label: 'None: the old key stops now' },
  { seconds: 3_600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 7 * 86_400, label: '7 days' },
];

export type KeyRow = ApiKeyRecord & { last_used_at: string | null };

function keyStatus(key: ApiKeyRecord, nowMs: number): string {
  if (key.revoked_at) return 'Revoked';
  if (key.expires_at && Date.parse(key.expires_at) <= nowMs) return 'Expired';
  if (key.expires_at) return 'Expiring';
  return 'Active';
}

export function KeysPage(props: { frame: Frame; keys: KeyRow[]; nowMs: number; error?: string; name?: string }) {
  const { frame } = props;
  return (
    <Layout frame={frame} title="API keys">
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Keys in {frame.environment === 'live' ? 'live' : 'test'}</h2>
        {props.keys.length === 0 ? (
          <p>No keys yet. Create one below.</p>
        ) : (
          <div class="scroll">
            <table>
              <ColumnHeads columns={['Name', 'Environment', 'Scopes', 'Key', 'Created', 'Last used', 'Expires', 'Status', 'Actions']} />
              <tbody>
                {props.keys.map((key) => {
                  const usable = keyStatus(key, props.nowMs) === 'Active' || keyStatus(key, props.nowMs) === 'Expiring';
                  return (
                    <tr data-key-id={key.key_id}>
                      <td>{key.name || <span class="muted">unnamed</span>}</td>
                      <td>{key.environment}</td>
                      <td class="scopes">{key.scopes.join(', ')}</td>
                      <td>
                        <code>
                          sk_{key.environment}_…{key.last4}
                        </code>
                      </td>
                      <td>{shortTime(key.created_at)}</td>
                      <td>{shortTime(key.last_used_at)}</td>
                      <td>{shortTime(key.expires_at)}</td>
                      <td>{keyStatus(key, props.nowMs)}</td>
                      <td class="row-actions">
                        {usable ? (
                          <>
                            <a href={href(frame, `/keys/${key.key_id}/rotate`)} aria-label={`Rotate ${key.name || key.key_id}`}>
                              Rotate
                            </a>
                            <a href={href(frame, `/keys/${key.key_id}/revoke`)} aria-label={`Revoke ${key.name || key.key_id}`}>
                              Revoke
                            </a>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="create-heading" class="card">
        <h2 id="create-heading">Create a key</h2>
        {props.error ? (
          <p class="error" role="alert">
            {props.error}
          </p>
        ) : null}
        <PostForm action={href(frame, '/keys')} csrf={frame.csrf}>
          <label for="key-name">Name</label>
          <input id="key-name" name="name" type="text" required maxlength={60} placeholder="e.g. backend production" value={props.name ?? ''} />
          <label for="key-env">Environment</label>
          <select id="key-env" name="environment">
            <option value="test" selected={frame.environment === 'test'}>
              Test (sk_test_…)
            </option>
            <option value="live" selected={frame.environment === 'live'} disabled={!frame.liveAllowed}>
              Live (sk_live_…){frame.liveAllowed ? '' : ': needs a plan with live keys'}
            </option>
          </select>
          <fieldset>
            <legend>Scopes</legend>
            {SCOPES.map((scope) => (
              <label class="check">
                <input type="checkbox" name="scopes" value={scope} checked /> {scope}
              </label>
            ))}
          </fieldset>
          <div class="actions">
            <button type="submit" class="primary">
              Create key
            </button>
          </div>
        </PostForm>
      </section>
    </Layout>
  );
}

/** The only time a secret is shown. */
export function SecretOnce(props: { label: string; secret: string; id: string }) {
  return (
    <div class="secret">
      <label for={props.id}>{props.label}</label>
      <div class="secret-row">
        <input id={props.id} type="text" readonly value={props.secret} class="mono" />
        <button type="button" data-copy={props.id}>
          Copy
        </button>
        <span class="copied" role="status" aria-live="polite"></span>
      </div>
    </div>
  );
}

export function KeyCreatedPage(props: { frame: Frame; record: ApiKeyRecord; secret: string; oldKeyExpiresAt?: string; title: string }) {
  return (
    <Layout frame={props.frame} title={props.title}>
      <div class="card">
        <p>
          <strong>Copy this key now: it is shown only once.</strong> The service keeps only a hash of it.
        </p>
        <SecretOnce label={`Secret of ${props.record.name || props.record.key_id}`} secret={props.secret} id="new-secret" />
        <dl class="facts">
          <dt>Environment</dt>
          <dd>{props.record.environment}</dd>
          <dt>Scopes</dt>
          <dd>{props.record.scopes.join(', ')}</dd>
          {props.oldKeyExpiresAt ? (
            <>
              <dt>Old key works until</dt>
              <dd id="old-key-expires">{shortTime(props.oldKeyExpiresAt)}</dd>
            </>
          ) : null}
        </dl>
        <p>
          <a href={href(props.frame, '/keys')}>Done: back to the keys</a>
        </p>
      </div>
    </Layout>
  );
}
