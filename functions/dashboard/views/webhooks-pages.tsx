/** @jsxImportSource hono/jsx */
import { type WebhookEndpoint, EVENT_TYPES } from '../../webhooks/contract';
import { href, shortTime, type Frame } from './frame';
import { ColumnHeads, Layout, PostForm } from './layout';
import { SecretOnce } from './keys-pages';

export function WebhooksPage(props: { frame: Frame; endpoints: WebhookEndpoint[]; error?: string; url?: string }) {
  const { frame } = props;
  return (
    <Layout frame={frame} title="Webhook endpoints">
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints in {frame.environment}</h2>
        {props.endpoints.length === 0 ? (
          <p>No endpoints yet. Add one below: events are signed (Standard Webhooks) and retried for about 33 hours.</p>
        ) : (
          <div class="scroll">
            <table>
              <ColumnHeads columns={['URL', 'Events', 'Status', 'Created']} />
              <tbody>
                {props.endpoints.map((endpoint) => (
                  <tr data-endpoint-id={endpoint.endpoint_id}>
                    <td>
                      <a href={href(frame, `/webhooks/${endpoint.endpoint_id}`)}>{endpoint.url}</a>
                    </td>
                    <td>{endpoint.events ? endpoint.events.join(', ') : 'all events'}</td>
                    <td>{endpoint.status === 'enabled' ? 'Enabled' : `Disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}`}</td>
                    <td>{shortTime(endpoint.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="add-heading" class="card">
        <h2 id="add-heading">Add an endpoint</h2>
        {props.error ? (
          <p class="error" role="alert" id="endpoint-error">
            {props.error}
          </p>
        ) : null}
        <PostForm action={href(frame, '/webhooks')} csrf={frame.csrf}>
          <label for="endpoint-url">URL (https)</label>
          <input
            id="endpoint-url"
            name="url"
            type="url"
            required
            maxlength={2048}
            placeholder="https://example.com/webhooks/skin"
            value={props.url ?? ''}
            aria-invalid={props.error ? 'true' : undefined}
            aria-describedby={props.error ? 'endpoint-error' : undefined}
          />
          <fieldset>
            <legend>Events (none ticked: all events)</legend>
            {EVENT_TYPES.map((type) => (
              <label class="check">
                <input type="checkbox" name="events" value={type} /> {type}
              </label>
            ))}
          </fieldset>
          <p class="muted">Environment: {frame.environment}. Private, loopback and link-local addresses are refused.</p>
          <div class="actions">
            <button type="submit" class="primary">
              Add endpoint
            </button>
          </div>
        </PostForm>
      </section>
    </Layout>
  );
}

export function EndpointPage(props: { frame: Frame; endpoint: WebhookEndpoint; secret?: string; nowMs: number }) {
  const { frame, endpoint } = props;
  const path = (action: string) => href(frame, `/webhooks/${endpoint.endpoint_id}/${action}`);
  const previousActive = endpoint.previous_secret_expires_at !== null && Date.parse(endpoint.previous_secret_expires_at) > props.nowMs;
  return (
    <Layout frame={frame} title="Webhook endpoint">
      <div class="card">
        <dl class="facts">
          <dt>URL</dt>
          <dd class="mono">{endpoint.url}</dd>
          <dt>Id</dt>
          <dd class="mono">{endpoint.endpoint_id}</dd>
          <dt>Events</dt>
          <dd>{endpoint.events ? endpoint.events.join(', ') : 'all events'}</dd>
          <dt>Environment</dt>
          <dd>{endpoint.environment}</dd>
          <dt>Status</dt>
          <dd id="endpoint-status">{endpoint.status === 'enabled' ? 'Enabled' : `Disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}`}</dd>
          <dt>Created</dt>
          <dd>{shortTime(endpoint.created_at)}</dd>
          {previousActive ? (
            <>
              <dt>Previous secret signs until</dt>
              <dd>{shortTime(endpoint.previous_secret_expires_at)}</dd>
            </>
          ) : null}
        </dl>
        <div class="actions wrap">
          <a class="button" href={href(frame, '/deliveries', { endpoint: endpoint.endpoint_id })}>
            Deliveries
          </a>
          <PostForm action={path('test')} csrf={frame.csrf} class="inline">
            <button type="submit">Send test event</button>
          </PostForm>
          <PostForm action={path(endpoint.status === 'enabled' ? 'disable' : 'enable')} csrf={frame.csrf} class="inline">
            <button type="submit">{endpoint.status === 'enabled' ? 'Disable' : 'Enable'}</button>
          </PostForm>
          <a class="button" href={path('rotate-secret')}>
            Rotate secret
          </a>
          <a class="button danger" href={path('delete')}>
            Delete
          </a>
        </div>
      </div>
      <section class="card" aria-labelledby="secret-heading">
        <h2 id="secret-heading">Signing secret</h2>
        {props.secret ? (
          <SecretOnce label="Signing secret (whsec_…)" secret={props.secret} id="endpoint-secret" />
        ) : (
          <>
            <p>Verify each delivery's <code>webhook-signature</code> with this secret.</p>
            <PostForm action={path('secret')} csrf={frame.csrf} class="inline">
              <button type="submit">Show secret</button>
            </PostForm>
          </>
        )}
      </section>
    </Layout>
  );
}
