import { SQSClient } from '@aws-sdk/client-sqs';
import { loadConfig, type Config } from '../../functions/kernel/config';
import { SqsQueue } from '../../functions/adapters/aws/sqs-queue';
import type { MessageSender, VisibilityControl } from '../../functions/kernel/queue';
import type { Stores } from '../../functions/ports/stores';
import type { Environment } from '../../functions/kernel/tenant';
import { buildDeliveryDeps } from '../../functions/runtime/build-delivery-deps';
import type { DeliveryDeps } from '../../functions/webhooks/delivery-deps';
import { DeliveryNotFound, replayDelivery, type Dispatch, type ManualResult } from '../../functions/webhooks/manual-delivery';
import { DELIVERY_STATUSES, deliverySummary, type DeliveryRecord, type DeliveryStatus, type DeliverySummary } from '../../functions/webhooks/delivery';
import { CliError, openAdminContext, type AdminContext } from '../admin-context';
import { parseActionArgs } from '../action-args';
import { print, table } from '../output';

/** What the webhook and delivery commands act with: the admin stores plus the delivery core. */
export interface WebhookCliContext {
  admin: AdminContext;
  config: Config;
  /** `queue` on a deployed stack with DELIVERY_QUEUE_URL set; `now` (an attempt made by the CLI itself) otherwise. */
  dispatch: Dispatch;
  delivery: DeliveryDeps;
}

/**
 * The local stack's queue lives inside the `skin dev` process, out of this process's reach; so against it, `test`
 * and `replay` make their attempt right here through the same delivery code, and record it in the same log.
 * Against a deployed stack with DELIVERY_QUEUE_URL set they go through the delivery queue (full retry schedule).
 */
export async function openWebhookContext(): Promise<WebhookCliContext> {
  const admin = await openAdminContext();
  const config = webhookCliConfig();
  const queueUrl = process.env.SKIN_TARGET === 'aws' ? config.DELIVERY_QUEUE_URL : undefined;
  const queue = queueUrl ? new SqsQueue(new SQSClient({ region: config.AWS_REGION }), queueUrl) : noQueue;
  return {
    admin,
    config,
    dispatch: queueUrl ? 'queue' : 'now',
    delivery: buildDeliveryDeps(config, { stores: admin.stores, queue, clock: admin.clock }),
  };
}

/**
 * The webhook settings as the stack in use has them: a local stack allows loopback receivers unless
 * WEBHOOK_ALLOW_LOOPBACK says otherwise (as `skin dev` does); a deployed one follows the environment.
 */
export function webhookCliConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const local = env.SKIN_TARGET !== 'aws';
  return loadConfig({
    ...(local ? { WEBHOOK_ALLOW_LOOPBACK: 'true' } : {}),
    // The webhook commands touch no bucket; the admin context has already named the real one.
    IMAGES_BUCKET: 'not-used-by-webhook-commands',
    ...env,
  });
}

const noQueue: MessageSender & VisibilityControl = {
  send: () => Promise.reject(new Error('no delivery queue is reachable from this process')),
  changeVisibility: () => Promise.reject(new Error('no delivery queue is reachable from this process')),
};

export interface DeliveryListOptions {
  status?: DeliveryStatus;
  accountId?: string;
  environment?: Environment;
  endpointId?: string;
  limit: number;
}

/** `skin deliveries list`'s core: newest first, across the named (or every) account and environment. */
export async function listDeliveries(stores: Pick<Stores, 'accounts' | 'deliveries'>, options: DeliveryListOptions): Promise<DeliverySummary[]> {
  const accountIds = options.accountId ? [options.accountId] : (await stores.accounts.list()).map((a) => a.account_id);
  const environments: Environment[] = options.environment ? [options.environment] : ['test', 'live'];
  const pages = await Promise.all(
    accountIds.flatMap((accountId) =>
      environments.map((environment) =>
        stores.deliveries.list({ accountId, environment }, { status: options.status, endpointId: options.endpointId, limit: options.limit }),
      ),
    ),
  );
  return pages
    .flat()
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.delivery_id.localeCompare(a.delivery_id))
    .slice(0, options.limit)
    .map(deliverySummary);
}

/** `skin deliveries replay`'s core. */
export async function replay(context: WebhookCliContext, deliveryId: string | undefined): Promise<ManualResult> {
  if (!deliveryId) throw new CliError('a DELIVERY_ID is required (see `skin deliveries list`)');
  try {
    return await replayDelivery(context.delivery, deliveryId, context.dispatch);
  } catch (error) {
    if (error instanceof DeliveryNotFound) throw new CliError(error.message);
    throw error;
  }
}

/** `skin deliveries list|show|replay`: the delivery log (30 days) and manual redelivery. */
export async function deliveriesCommand(args: string[]): Promise<void> {
  const { action, values, positionals } = parseActionArgs(args, {
    status: { type: 'string' },
    account: { type: 'string' },
    env: { type: 'string' },
    endpoint: { type: 'string' },
    limit: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
  });
  switch (action) {
    case 'list': {
      if (values.status !== undefined && !DELIVERY_STATUSES.includes(values.status as DeliveryStatus)) {
        throw new CliError(`--status: expected ${DELIVERY_STATUSES.join(', ')}, received ${values.status}`);
      }
      if (values.env !== undefined && values.env !== 'test' && values.env !== 'live') throw new CliError(`--env: expected test or live, received ${values.env}`);
      const limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new CliError(`--limit: expected an integer from 1 to 1000, received ${values.limit}`);
      const { stores } = await openAdminContext();
      const rows = await listDeliveries(stores, {
        status: values.status as DeliveryStatus | undefined,
        accountId: values.account,
        environment: values.env as Environment | undefined,
        endpointId: values.endpoint,
        limit,
      });
      print(values.json, rows, () => table(rows.map(deliveryRow), ['delivery_id', 'event_type', 'endpoint_id', 'status', 'attempts', 'last_attempt', 'last_result', 'next_attempt_at']));
      return;
    }
    case 'show': {
      const { stores } = await openAdminContext();
      const record = positionals[0] ? await stores.deliveries.get(positionals[0]) : undefined;
      if (!record) throw new CliError(positionals[0] ? `No delivery ${positionals[0]}` : 'a DELIVERY_ID is required');
      print(values.json, { ...deliverySummary(record), body: record.body }, () => describeDelivery(record));
      return;
    }
    case 'replay': {
      const context = await openWebhookContext();
      const { record, attempt } = await replay(context, positionals[0]);
      print(values.json, { ...deliverySummary(record), dispatch: context.dispatch }, () =>
        attempt
          ? `Replayed ${record.delivery_id} (${record.event_id}) now: ${attempt.error ? `failed, ${attempt.error}` : `delivered, HTTP ${attempt.status_code}`} in ${attempt.duration_ms} ms.`
          : `Replay of ${record.delivery_id} (${record.event_id}) queued as run ${record.run}, with the full retry schedule.`,
      );
      return;
    }
    default:
      throw new CliError(
        'usage: skin deliveries list [--status pending|succeeded|failed] [--account ID] [--env test|live] [--endpoint WHK_ID] [--limit N] [--json] | show DELIVERY_ID [--json] | replay DELIVERY_ID [--json]',
      );
  }
}

function deliveryRow(d: DeliverySummary): Record<string, unknown> {
  const last = d.attempts[d.attempts.length - 1];
  return {
    ...d,
    attempts: d.attempts.length,
    last_attempt: last?.at ?? '',
    last_result: last ? (last.error ?? `HTTP ${last.status_code}`) : '',
    next_attempt_at: d.status === 'pending' ? d.next_attempt_at : '',
  };
}

function describeDelivery(record: DeliveryRecord): string {
  const lines = [
    `${record.delivery_id}  ${record.status}${record.final_error ? ` (${record.final_error})` : ''}`,
    `event ${record.event_id} ${record.event_type} → endpoint ${record.endpoint_id} (${record.account_id}, ${record.environment})`,
    '',
    table(
      record.attempts.map((a) => ({ ...a, status_code: a.status_code ?? '-', error: a.error ?? '' })),
      ['attempt', 'run', 'at', 'status_code', 'duration_ms', 'error'],
    ),
    '',
    record.body,
  ];
  return lines.join('\n');
}
