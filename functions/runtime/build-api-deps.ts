import { systemClock, type Clock } from '../kernel/clock';
import type { Config } from '../kernel/config';
import { createLogger } from '../kernel/logger';
import { noopMetrics, type MetricsSink } from '../kernel/metrics';
import type { MessageSender, VisibilityControl } from '../kernel/queue';
import type { Stores } from '../ports/stores';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { KeyAuthenticator } from '../auth/contract';
import type { EventPublisher, Resolver } from '../webhooks/contract';
import { RateLimiter } from '../limits/contract';
import { DynamoRateLimitCounters } from '../adapters/aws/dynamo-rate-limit-counters';
import { physicalTableName } from '../adapters/aws/tables';
import { PageCursors } from '../kernel/page-cursor';
import type { ApiDeps } from '../api/deps';
import { CorsPolicy } from '../cors/contract';
import { UsageRecorder } from '../usage/contract';
import { SignInThrottle } from '../sessions/contract';
import { buildDeliveryDeps } from './build-delivery-deps';

/** Assembles the API's dependencies from the parts each runtime provides (SQS on AWS, the local queue here). */
export function buildApiDeps(
  config: Config,
  parts: {
    stores: Stores;
    db: DynamoDBDocumentClient;
    scanQueue: MessageSender;
    events: EventPublisher;
    clock?: Clock;
    /** The Powertools sink on Lambda; default none (local runs, the CLI). */
    metrics?: MetricsSink;
    /** The webhook delivery queue: the dashboard's test events and replays go through it. Without it, no dashboard. */
    deliveryQueue?: MessageSender & VisibilityControl;
    /** The DNS the dashboard's endpoint checks consult (tests); default: the system resolver. */
    resolver?: Resolver;
  },
): ApiDeps {
  const clock = parts.clock ?? systemClock;
  const logger = createLogger('api');
  const stores = parts.stores;
  return {
    config,
    clock,
    stores: parts.stores,
    scanQueue: parts.scanQueue,
    events: parts.events,
    authenticator: new KeyAuthenticator(parts.stores.keys, parts.stores.accounts, clock, config.KEY_CACHE_SECONDS, parts.stores.clientTokens),
    cors: new CorsPolicy(parts.stores.corsOrigins, clock, config.KEY_CACHE_SECONDS),
    rateLimiter: new RateLimiter(new DynamoRateLimitCounters(parts.db, physicalTableName(config.TABLE_PREFIX, 'rateLimits')), clock),
    logger,
    metrics: parts.metrics ?? noopMetrics,
    cursors: new PageCursors(requiredCursorSecret(config)),
    usage: new UsageRecorder(stores.usage, stores.keys, clock, logger),
    dashboard: parts.deliveryQueue
      ? {
          clock,
          stores,
          throttle: new SignInThrottle(stores.sessions, clock),
          delivery: buildDeliveryDeps(config, { stores, queue: parts.deliveryQueue, clock, resolver: parts.resolver, metrics: parts.metrics }),
          urlRules: { allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK },
          resolver: parts.resolver,
          logger,
        }
      : undefined,
  };
}

/** Without it no cursor could be checked: the API refuses to start rather than hand out unsigned ones. */
function requiredCursorSecret(config: Config): string {
  if (!config.CURSOR_SECRET) {
    throw new Error('Invalid configuration: CURSOR_SECRET is required by the API (it signs list cursors); the CDK stack and the local stack set it');
  }
  return config.CURSOR_SECRET;
}
