import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Environment, Tenant } from '../../functions/kernel/tenant';
import { sendTestEvent } from '../../functions/webhooks/manual-delivery';
import { publicEndpoint, type WebhookEndpoint } from '../../functions/webhooks/endpoint';
import {
  addEndpoint,
  EndpointUrlError,
  parseEventFilter,
  rotateEndpointSecret,
  setEndpointEnabled,
  WebhookInputError,
  type EndpointAdminDeps,
} from '../../functions/webhooks/manage-endpoints';
import { CliError } from '../admin-context';
import { parseActionArgs } from '../action-args';
import { print, table } from '../output';
import { defaultAccountId } from './accounts';
import { openWebhookContext, type WebhookCliContext } from './deliveries';

const USAGE = `usage: skin webhooks
  add URL [--events a,b] [--env test|live] [--account ID] [--json]   register an endpoint; prints its id and secret
  list [--account ID] [--json]
  remove ENDPOINT_ID
  rotate-secret ENDPOINT_ID [--json]      new secret; the old one also signs for 24 h
  enable|disable ENDPOINT_ID
  test ENDPOINT_ID [--json]               send a webhook.test event
  listen [--port N] [--secret whsec_…] [--events a,b] [--account ID] [--keep]
                                          a local receiver that verifies and prints deliveries`;

/** `skin webhooks …`: the dashboard's webhook endpoint management, and a local receiver. */
export async function webhooksCommand(args: string[]): Promise<void> {
  const { action, values, positionals } = parseActionArgs(args, {
    events: { type: 'string' },
    env: { type: 'string', default: 'test' },
    account: { type: 'string' },
    port: { type: 'string', default: '4242' },
    secret: { type: 'string' },
    keep: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  });
  if (action === 'listen') return listenCommand(values);
  if (!action || !['add', 'list', 'remove', 'rotate-secret', 'enable', 'disable', 'test'].includes(action)) throw new CliError(USAGE);

  const context = await openWebhookContext();
  const admin = endpointAdmin(context);
  switch (action) {
    case 'add': {
      const url = positionals[0];
      if (!url) throw new CliError('a URL is required: skin webhooks add https://example.com/webhooks');
      const environment = parseEnvironment(values.env);
      const accountId = await accountFor(context, values.account, environment);
      const endpoint = await asCliError(() => addEndpoint(admin, { tenant: { accountId, environment }, url, events: asCliErrorSync(() => parseEventFilter(values.events)) }));
      print(values.json, { ...publicEndpoint(endpoint), secret: endpoint.secret }, () =>
        [
          `Added ${endpoint.endpoint_id} (${environment}, account ${accountId}) → ${endpoint.url}`,
          `Events: ${endpoint.events?.join(', ') ?? 'all'}`,
          `Signing secret: ${endpoint.secret}`,
          'Verify deliveries with the standardwebhooks library and this secret (docs/webhooks.md).',
        ].join('\n'),
      );
      return;
    }
    case 'list': {
      const endpoints = values.account
        ? (await Promise.all((['test', 'live'] as const).map((environment) => context.admin.stores.webhooks.listByTenant({ accountId: values.account!, environment })))).flat()
        : await context.admin.stores.webhooks.listAll();
      const rows = endpoints.map(publicEndpoint);
      print(values.json, rows, () =>
        table(
          rows.map((r) => ({ ...r, events: r.events?.join(',') ?? 'all', rotating: r.previous_secret_expires_at && Date.parse(r.previous_secret_expires_at) > Date.now() ? `until ${r.previous_secret_expires_at}` : '' })),
          ['endpoint_id', 'account_id', 'environment', 'status', 'events', 'url', 'rotating', 'created_at'],
        ),
      );
      return;
    }
    case 'remove': {
      const endpoint = await findEndpoint(context, positionals[0]);
      await context.admin.stores.webhooks.delete(endpoint);
      print(values.json, { ...publicEndpoint(endpoint), removed: true }, () => `Removed ${endpoint.endpoint_id}; deliveries still queued for it end as failed.`);
      return;
    }
    case 'rotate-secret': {
      const endpoint = await rotateEndpointSecret(admin, await findEndpoint(context, positionals[0]));
      print(values.json, { ...publicEndpoint(endpoint), secret: endpoint.secret }, () =>
        [`New signing secret for ${endpoint.endpoint_id}: ${endpoint.secret}`, `Until ${endpoint.previous_secret_expires_at} every delivery carries signatures by both the old and the new secret.`].join('\n'),
      );
      return;
    }
    case 'enable':
    case 'disable': {
      const endpoint = await setEndpointEnabled(admin, await findEndpoint(context, positionals[0]), action === 'enable');
      print(values.json, publicEndpoint(endpoint), () => `${endpoint.endpoint_id} is ${endpoint.status}.`);
      return;
    }
    case 'test': {
      const endpoint = await findEndpoint(context, positionals[0]);
      if (endpoint.status !== 'enabled') throw new CliError(`${endpoint.endpoint_id} is disabled (${endpoint.disabled_reason}); enable it first`);
      const { record, attempt } = await sendTestEvent(context.delivery, endpoint, context.dispatch);
      print(values.json, { delivery_id: record.delivery_id, event_id: record.event_id, status: record.status, attempt: attempt ?? null }, () =>
        attempt
          ? `Sent webhook.test ${record.event_id} to ${endpoint.url}: ${attempt.error ? `failed, ${attempt.error}` : `HTTP ${attempt.status_code}`} in ${attempt.duration_ms} ms (delivery ${record.delivery_id}).`
          : `Queued webhook.test ${record.event_id} for ${endpoint.url} (delivery ${record.delivery_id}); see \`skin deliveries list\`.`,
      );
      if (attempt?.error) process.exitCode = 1;
      return;
    }
  }
}

function endpointAdmin(context: WebhookCliContext): EndpointAdminDeps {
  return { endpoints: context.admin.stores.webhooks, clock: context.admin.clock, rules: { allowLoopback: context.config.WEBHOOK_ALLOW_LOOPBACK } };
}

function parseEnvironment(value: string | undefined): Environment {
  if (value !== 'test' && value !== 'live') throw new CliError(`--env: expected test or live, received ${value}`);
  return value;
}

/** The named account (or the local default one); a sandbox account has no live environment. */
async function accountFor(context: WebhookCliContext, accountId: string | undefined, environment: Environment): Promise<string> {
  const id = accountId ?? (await defaultAccountId(context.admin.stores.accounts));
  const account = await context.admin.stores.accounts.get(id);
  if (!account) throw new CliError(`No account ${id} (see \`skin accounts list\`)`);
  if (environment === 'live' && account.plan === 'sandbox') throw new CliError(`--env live: account ${id} is on the sandbox plan, which has the test environment only`);
  return id;
}

async function findEndpoint(context: WebhookCliContext, endpointId: string | undefined): Promise<WebhookEndpoint> {
  if (!endpointId) throw new CliError('an ENDPOINT_ID is required (see `skin webhooks list`)');
  const endpoint = await context.admin.stores.webhooks.findById(endpointId);
  if (!endpoint) throw new CliError(`No webhook endpoint ${endpointId}`);
  return endpoint;
}

async function asCliError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EndpointUrlError || error instanceof WebhookInputError) throw new CliError(error.message);
    throw error;
  }
}

function asCliErrorSync<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof WebhookInputError) throw new CliError(error.message);
    throw error;
  }
}

// ---- skin webhooks listen ------------------------------------------------------------------------------------

export interface ReceivedDelivery {
  id: string;
  timestamp: string;
  /** The verified, parsed payload; undefined when verification failed. */
  payload?: { event?: string } & Record<string, unknown>;
  /** Why verification failed. */
  error?: string;
  /** The same webhook-id arrived before (a retry or replay). */
  repeat: boolean;
}

export interface WebhookListener {
  url: string;
  /** Sets the secret to verify with (registration produces it after the port is bound). */
  setSecret(secret: string): void;
  close(): Promise<void>;
}

/**
 * A receiver on 127.0.0.1 that verifies each POST with the public `standardwebhooks` library (the raw body
 * bytes, the three headers, the ±5 min timestamp tolerance): 200 when it verifies, 400 when it does not.
 */
export function startWebhookListener(options: { port: number; secret?: string; onDelivery: (delivery: ReceivedDelivery) => void }): Promise<WebhookListener> {
  let verifier = options.secret ? new Webhook(options.secret) : undefined;
  const seen = new Set<string>();
  const server = http.createServer((req, res) => {
    if (!verifier) {
      // Not registered yet: a 503 is a failed attempt, so the delivery comes back.
      res.writeHead(503, { 'retry-after': '1' }).end();
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      const id = headers['webhook-id'] ?? '';
      const delivery: ReceivedDelivery = { id, timestamp: headers['webhook-timestamp'] ?? '', repeat: seen.has(id) };
      try {
        delivery.payload = verifier!.verify(Buffer.concat(chunks).toString('utf8'), headers) as ReceivedDelivery['payload'];
        seen.add(id);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        delivery.error = error instanceof WebhookVerificationError ? error.message : String(error);
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: delivery.error }));
      }
      options.onDelivery(delivery);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        setSecret: (secret) => {
          verifier = new Webhook(secret);
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

function formatDelivery(delivery: ReceivedDelivery): string {
  const time = new Date().toISOString();
  if (delivery.error) return `${time}  ✗ ${delivery.id || '(no webhook-id)'}  rejected: ${delivery.error}`;
  const type = delivery.payload?.event ?? '(no event field)';
  return `${time}  ✓ ${type}  ${delivery.id}${delivery.repeat ? '  (repeat: de-duplicate on webhook-id)' : ''}\n${JSON.stringify(delivery.payload, null, 2)}`;
}

async function listenCommand(values: { port?: string; secret?: string; events?: string; account?: string; keep?: boolean; env?: string }): Promise<void> {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new CliError(`--port: expected a port number, received ${values.port}`);
  const onDelivery = (delivery: ReceivedDelivery) => process.stdout.write(`${formatDelivery(delivery)}\n`);

  if (values.secret) {
    // Verify only: the endpoint is registered elsewhere (a tunnel to a deployed stack, another DATA_DIR).
    const listener = await startWebhookListener({ port, secret: values.secret, onDelivery });
    process.stdout.write(`Listening on ${listener.url}, verifying with the given secret. Ctrl-C to stop.\n`);
    await untilInterrupted(() => listener.close());
    return;
  }
  if (process.env.SKIN_TARGET === 'aws') {
    throw new CliError(
      'A deployed stack cannot reach 127.0.0.1. Expose a port through an https tunnel, register the tunnel with `skin webhooks add https://… --env test`, then run `skin webhooks listen --port N --secret whsec_…` with the secret it prints.',
    );
  }

  const context = await openWebhookContext();
  const accountId = await accountFor(context, values.account, 'test');
  const events = asCliErrorSync(() => parseEventFilter(values.events));
  // Bind first (the port is then known), register that exact address on the running local stack, then verify.
  const listener = await startWebhookListener({ port, onDelivery });
  const tenant: Tenant = { accountId, environment: 'test' };
  const endpoint = await asCliError(() => addEndpoint(endpointAdmin(context), { tenant, url: listener.url, events }));
  listener.setSecret(endpoint.secret);
  process.stdout.write(
    [
      `Ready. Registered ${endpoint.endpoint_id} → ${listener.url} (test environment, account ${accountId}, events: ${events?.join(', ') ?? 'all'}).`,
      `Signing secret: ${endpoint.secret}`,
      `Deliveries are verified with standardwebhooks and printed here. Ctrl-C to stop${values.keep ? '' : ' (the endpoint is removed then)'}.`,
      '',
    ].join('\n'),
  );
  await untilInterrupted(async () => {
    await listener.close();
    if (!values.keep) await context.admin.stores.webhooks.delete(endpoint);
  });
}

function untilInterrupted(cleanup: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      cleanup().then(resolve, (error: Error) => {
        process.stderr.write(`skin: ${error.message}\n`);
        resolve();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
