import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { loadConfig } from '../../kernel/config';
import { createDocumentClient, createS3Client } from '../../adapters/aws/clients';
import { SqsQueue } from '../../adapters/aws/sqs-queue';
import { observedHandler } from '../../adapters/aws/lambda-handler';
import { createLogger } from '../../kernel/logger';
import { createLambdaMetrics } from '../../adapters/aws/powertools-metrics';
import { createTracer, traceClient } from '../../adapters/aws/tracing';
import { createStores } from '../../adapters/aws/stores';
import { publishScanEvents, QueueEventPublisher } from '../../webhooks/contract';
import { DEFAULT_BATCH_LIMIT, DEFAULT_MAX_RECOVERIES, recoverStuckScans, type RecoveryReport } from '../../recovery/contract';

// The recovery sweep on AWS, invoked by an EventBridge schedule (lib/recovery.ts); the core is the local stack's.
const config = loadConfig();
if (!config.SCAN_QUEUE_URL || !config.DELIVERY_QUEUE_URL || !config.SCAN_RECOVERY_AFTER_SECONDS) {
  throw new Error('Invalid configuration: SCAN_QUEUE_URL, DELIVERY_QUEUE_URL and SCAN_RECOVERY_AFTER_SECONDS are required in Lambda');
}
const tracer = createTracer('recovery');
const metrics = createLambdaMetrics('recovery');
const logger = createLogger('recovery');
const stores = createStores(config, traceClient(tracer, createDocumentClient(config)), traceClient(tracer, createS3Client(config)));
const sqs = traceClient(tracer, new SQSClient({ region: config.AWS_REGION }));
const deps = {
  clock: { now: () => Date.now() },
  scans: stores.scans,
  images: stores.images,
  scanQueue: new SqsQueue(sqs, config.SCAN_QUEUE_URL),
  logger,
  metrics,
  onScanFinished: [publishScanEvents(new QueueEventPublisher(new SqsQueue(sqs, config.DELIVERY_QUEUE_URL)))],
};
const policy = {
  stuckAfterMs: config.SCAN_RECOVERY_AFTER_SECONDS * 1000,
  maxRecoveries: DEFAULT_MAX_RECOVERIES,
  batchLimit: DEFAULT_BATCH_LIMIT,
};

export const handler = observedHandler({ logger, metrics, tracer }, async (_event: ScheduledEvent, _context: Context): Promise<RecoveryReport> => {
  const report = await recoverStuckScans(deps, policy);
  // Scans whose recovery threw stay listed for the next run; the invocation fails so the Errors alarm sees it.
  if (report.errors > 0) throw new Error(`recovery sweep: ${report.errors} of ${report.examined} stuck scans could not be handled`);
  return report;
});
