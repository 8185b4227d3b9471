import { systemClock, type Clock } from '../kernel/clock';
import type { Config } from '../kernel/config';
import { createLogger } from '../kernel/logger';
import { noopMetrics, type MetricsSink } from '../kernel/metrics';
import type { MessageSender, VisibilityControl } from '../kernel/queue';
import type { Stores } from '../ports/stores';
import { postWebhook, systemResolver, type Resolver, type DeliveryDeps, type PostFunction } from '../webhooks/contract';

/** Assembles the delivery core from the parts each runtime provides (SQS on AWS, the local queue here). */
export function buildDeliveryDeps(
  config: Config,
  parts: {
    stores: Pick<Stores, 'webhooks' | 'deliveries'>;
    queue: MessageSender & VisibilityControl;
    clock?: Clock;
    resolver?: Resolver;
    /** The Powertools sink on Lambda; default none (local runs, the CLI). */
    metrics?: MetricsSink;
  },
): DeliveryDeps {
  const schedule = config.WEBHOOK_RETRY_SCHEDULE;
  if (schedule.length > config.WEBHOOK_MAX_RECEIVES) {
    throw new Error(
      `Invalid configuration: WEBHOOK_RETRY_SCHEDULE has ${schedule.length} attempts, more than WEBHOOK_MAX_RECEIVES (${config.WEBHOOK_MAX_RECEIVES}) receives allow`,
    );
  }
  const settings = { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK, resolver: parts.resolver ?? systemResolver };
  const post: PostFunction = (target, request) => postWebhook(target, request, settings);
  return {
    clock: parts.clock ?? systemClock,
    endpoints: parts.stores.webhooks,
    deliveries: parts.stores.deliveries,
    queue: parts.queue,
    post,
    schedule,
    maxReceives: config.WEBHOOK_MAX_RECEIVES,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    logger: createLogger('delivery'),
    metrics: parts.metrics ?? noopMetrics,
    random: Math.random,
  };
}
