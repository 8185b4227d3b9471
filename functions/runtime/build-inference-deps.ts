import type { Logger } from '@aws-lambda-powertools/logger';
import { systemClock, type Clock } from '../kernel/clock';
import { createLogger } from '../kernel/logger';
import { noopMetrics, type MetricsSink } from '../kernel/metrics';
import type { Stores } from '../ports/stores';
import type { ScanAnalyzer } from '../analysis/analyzer';
import { publishScanEvents, type EventPublisher } from '../webhooks/contract';
import { updateScoreOnScan } from '../scores/contract';
import type { InferenceDeps } from '../inference/contract';

/**
 * The inference function's dependencies. After a scan's outcome is stored: the user's score is updated (and
 * score.updated published when it changed), then scan.completed or scan.failed is published.
 */
export function buildInferenceDeps(parts: {
  stores: Stores;
  analyzer: ScanAnalyzer;
  events: EventPublisher;
  clock?: Clock;
  /** The Powertools sink on Lambda; default none (local runs). */
  metrics?: MetricsSink;
  /** Default: a new `inference` logger (the Lambda entry passes the one it adds the invocation context to). */
  logger?: Logger;
}): InferenceDeps {
  return {
    clock: parts.clock ?? systemClock,
    scans: parts.stores.scans,
    images: parts.stores.images,
    analyzer: parts.analyzer,
    logger: parts.logger ?? createLogger('inference'),
    metrics: parts.metrics ?? noopMetrics,
    onScanFinished: [updateScoreOnScan({ scores: parts.stores.scores, events: parts.events }), publishScanEvents(parts.events)],
  };
}
