import type { Logger } from '@aws-lambda-powertools/logger';
import { systemClock, type Clock } from '../kernel/clock';
import { noopMetrics, type MetricsSink } from '../kernel/metrics';
import type { MessageSender } from '../kernel/queue';
import type { Stores } from '../ports/stores';
import { DEFAULT_BATCH_LIMIT, DEFAULT_MAX_RECOVERIES, type RecoveryDeps, type RecoveryPolicy } from '../recovery/contract';
import { publishScanEvents, type EventPublisher } from '../webhooks/contract';

/** The recovery sweep's dependencies (the Lambda function on AWS, the periodic sweeper locally): a failed scan publishes scan.failed. */
export function buildRecoveryDeps(parts: {
  stores: Pick<Stores, 'scans' | 'images'>;
  scanQueue: MessageSender;
  events: EventPublisher;
  logger: Logger;
  clock?: Clock;
  metrics?: MetricsSink;
  findStuck?: RecoveryDeps['findStuck'];
}): RecoveryDeps {
  return {
    clock: parts.clock ?? systemClock,
    scans: parts.stores.scans,
    images: parts.stores.images,
    scanQueue: parts.scanQueue,
    logger: parts.logger,
    metrics: parts.metrics ?? noopMetrics,
    onScanFinished: [publishScanEvents(parts.events)],
    findStuck: parts.findStuck,
  };
}

/** A scan is stuck after `stuckAfterSeconds` in processing; the default recovery and batch limits. */
export function recoveryPolicy(stuckAfterSeconds: number): RecoveryPolicy {
  return { stuckAfterMs: stuckAfterSeconds * 1000, maxRecoveries: DEFAULT_MAX_RECOVERIES, batchLimit: DEFAULT_BATCH_LIMIT };
}
