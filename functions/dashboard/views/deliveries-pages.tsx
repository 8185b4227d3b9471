/** @jsxImportSource hono/jsx */
import { DELIVERY_STATUSES, type DeliveryRecord, type WebhookEndpoint, EVENT_TYPES, TEST_EVENT_TYPE, USER_AGENT } from '../../webhooks/contract';
import { href, shortTime, type Frame } from './frame';
import { ColumnHeads, FilterSelect, Layout, PostForm } from './layout';

export interface DeliveryFilter {
  status?: string;
  eventType?: string;
  endpointId?: string;
}

function StatusBadge(props: { status: string }) {
  return <span class={`badge ${props.status}`}>{props.status}</span>;
}

export function DeliveriesPage(props: { frame: Frame; deliveries: DeliveryRecord[]; endpoints: WebhookEndpoint[]; filter: DeliveryFilter; limit: number }) {
  const { frame, filter } = props;
  const urlOf = new Map(props.endpoints.map((e) => [e.endpoint_id, e.url]));
  return (
    <Layout frame={frame} title="Delivery log">
      <form method="get" action={`${frame.base}/dashboard/deliveries`} class="filters" aria-label="Filter deliveries">
        <input type="hidden" name="env" value={frame.environment} />
        <FilterSelect
          id="f-endpoint"
          name="endpoint"
          label="Endpoint"
          none="All endpoints"
          options={props.endpoints.map((e) => ({ value: e.endpoint_id, label: e.url }))}
          selected={filter.endpointId}
        />
        <FilterSelect id="f-status" name="status" label="Status" none="Any status" options={DELIVERY_STATUSES.map((s) => ({ value: s, label: s }))} selected={filter.status} />
        <FilterSelect
          id="f-type"
          name="event_type"
          label="Event type"
          none="Any event"
          options={[...EVENT_TYPES, TEST_EVENT_TYPE].map((t) => ({ value: t, label: t }))}
          selected={filter.eventType}
        />
        <button type="submit">Filter</button>
      </form>
      {props.deliveries.length === 0 ? (
        <p>No deliveries match (deliveries are kept 30 days).</p>
      ) : (
        <div class="scroll">
          <table>
            <caption class="muted">The latest {props.limit} at most, newest first.</caption>
            <ColumnHeads columns={['Delivery', 'Event', 'Endpoint', 'Status', 'Attempts', 'Last change']} />
            <tbody>
              {props.deliveries.map((d) => (
                <tr data-delivery-id={d.delivery_id}>
                  <td>
                    <a class="mono" href={href(frame, `/deliveries/${d.delivery_id}`)}>
                      {d.delivery_id}
                    </a>
                  </td>
                  <td>{d.event_type}</td>
                  <td class="mono">{urlOf.get(d.endpoint_id) ?? d.endpoint_id}</td>
                  <td>
                    <StatusBadge status={d.status} />
                  </td>
                  <td>{d.attempts.length}</td>
                  <td>{shortTime(d.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function DeliveryPage(props: { frame: Frame; delivery: DeliveryRecord; endpoint: WebhookEndpoint | undefined }) {
  const { frame, delivery } = props;
  const last = delivery.attempts.at(-1);
  const headers: [string, string][] = [
    ['content-type', 'application/json'],
    ['user-agent', USER_AGENT],
    ['webhook-id', delivery.event_id],
    ['webhook-timestamp', last ? String(Math.floor(Date.parse(last.at) / 1000)) : '(the time of each attempt, in seconds)'],
    ['webhook-signature', 'v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body" under the endpoint secret> (computed for each attempt)'],
  ];
  return (
    <Layout frame={frame} title="Delivery">
      <div class="card">
        <dl class="facts">
          <dt>Delivery</dt>
          <dd class="mono">{delivery.delivery_id}</dd>
          <dt>Event</dt>
          <dd>
            {delivery.event_type} <span class="mono">{delivery.event_id}</span>
          </dd>
          <dt>Endpoint</dt>
          <dd class="mono">
            {props.endpoint ? <a href={href(frame, `/webhooks/${delivery.endpoint_id}`)}>{props.endpoint.url}</a> : `${delivery.endpoint_id} (deleted)`}
          </dd>
          <dt>Status</dt>
          <dd id="delivery-status">
            <StatusBadge status={delivery.status} />
            {delivery.final_error ? ` ${delivery.final_error}` : ''}
          </dd>
          <dt>Next attempt</dt>
          <dd>{delivery.status === 'pending' ? shortTime(delivery.next_attempt_at) : '—'}</dd>
        </dl>
        <PostForm action={href(frame, `/deliveries/${delivery.delivery_id}/replay`)} csrf={frame.csrf} class="inline">
          <button type="submit" class="primary">
            Replay
          </button>
        </PostForm>
      </div>
      <section class="card" aria-labelledby="attempts-heading">
        <h2 id="attempts-heading">Attempts</h2>
        {delivery.attempts.length === 0 ? (
          <p>No attempt yet.</p>
        ) : (
          <table id="attempts">
            <ColumnHeads columns={['#', 'Run', 'Time', 'HTTP status', 'Duration', 'Error']} />
            <tbody>
              {delivery.attempts.map((a) => (
                <tr>
                  <td>{a.attempt}</td>
                  <td>{a.run}</td>
                  <td>{shortTime(a.at)}</td>
                  <td>{a.status_code ?? 'no answer'}</td>
                  <td>{a.duration_ms} ms</td>
                  <td>{a.error ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section class="card" aria-labelledby="headers-heading">
        <h2 id="headers-heading">Request headers</h2>
        <table>
          <tbody>
            {headers.map(([name, value]) => (
              <tr>
                <th scope="row" class="mono">
                  {name}
                </th>
                <td class="mono">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="card" aria-labelledby="payload-heading">
        <h2 id="payload-heading">Payload</h2>
        <pre class="payload" tabindex={0}>
          {pretty(delivery.body)}
        </pre>
      </section>
    </Layout>
  );
}
