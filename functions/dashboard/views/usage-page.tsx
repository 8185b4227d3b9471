/** @jsxImportSource hono/jsx */
import type { Account } from '../../accounts/contract';
import type { ApiKeyRecord } from '../../keys/contract';
import { href, type Frame } from './frame';
import { ColumnHeads, FilterSelect, Layout } from './layout';
import { UsageChart, type ChartDay } from './usage-chart';

export interface KeyTotals {
  key: Pick<ApiKeyRecord, 'key_id' | 'name' | 'last4' | 'environment'> | undefined;
  keyId: string;
  requests: number;
  scans: number;
  rateLimited: number;
}

export function UsagePage(props: { frame: Frame; days: ChartDay[]; perKey: KeyTotals[]; keys: ApiKeyRecord[]; selectedKey?: string; account: Account }) {
  const { frame } = props;
  const totals = props.days.reduce((t, d) => ({ requests: t.requests + d.requests, scans: t.scans + d.scans, limited: t.limited + d.rateLimited }), { requests: 0, scans: 0, limited: 0 });
  const label = (k: KeyTotals) => (k.key ? `${k.key.name || 'unnamed'} (…${k.key.last4})` : k.keyId);
  return (
    <Layout frame={frame} title="Usage">
      <form method="get" action={`${frame.base}/dashboard/usage`} class="filters" aria-label="Choose a key">
        <input type="hidden" name="env" value={frame.environment} />
        <FilterSelect
          id="u-key"
          name="key"
          label="Key"
          none="All keys"
          options={props.keys.map((k) => ({ value: k.key_id, label: `${k.name || 'unnamed'} (…${k.last4})` }))}
          selected={props.selectedKey}
        />
        <button type="submit">Show</button>
      </form>
      <section class="card" aria-labelledby="chart-heading">
        <h2 id="chart-heading">Last 30 days in {frame.environment}</h2>
        <ul class="totals">
          <li>
            <strong id="total-requests">{totals.requests}</strong> requests
          </li>
          <li>
            <strong id="total-scans">{totals.scans}</strong> scans
          </li>
          <li>
            <strong id="total-limited">{totals.limited}</strong> rate-limited
          </li>
        </ul>
        <UsageChart days={props.days} title={`Requests and scans per day in ${frame.environment}`} />
        <details>
          <summary>The numbers per day</summary>
          <table>
            <ColumnHeads columns={['Day (UTC)', 'Requests', 'Scans', 'Rate-limited']} />
            <tbody>
              {props.days.map((d) => (
                <tr>
                  <td>{d.day}</td>
                  <td>{d.requests}</td>
                  <td>{d.scans}</td>
                  <td>{d.rateLimited}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
      <section class="card" aria-labelledby="keys-usage-heading">
        <h2 id="keys-usage-heading">Per key, last 30 days</h2>
        {props.perKey.length === 0 ? (
          <p>No requests in this environment in the last 30 days.</p>
        ) : (
          <table id="per-key">
            <ColumnHeads columns={['Key', 'Requests', 'Scans', 'Rate-limited']} />
            <tbody>
              {props.perKey.map((k) => (
                <tr data-key-id={k.keyId}>
                  <td>
                    <a href={href(frame, '/usage', { key: k.keyId })}>{label(k)}</a>
                  </td>
                  <td>{k.requests}</td>
                  <td>{k.scans}</td>
                  <td>{k.rateLimited}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section class="card" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Plan and limits</h2>
        <dl class="facts">
          <dt>Plan</dt>
          <dd class="plan">{props.account.plan}</dd>
          <dt>Rate limit</dt>
          <dd>{props.account.rate_limit} requests per minute per environment (answered 429 with RateLimit headers beyond it)</dd>
          <dt>Live keys</dt>
          <dd>{frame.liveAllowed ? 'yes' : 'no: test keys only (ask for a paid plan)'}</dd>
          <dt>Images</dt>
          <dd>JPEG, PNG or WebP, at most 5 MB and 40 megapixels, at least 200 px on the short side</dd>
        </dl>
      </section>
    </Layout>
  );
}
