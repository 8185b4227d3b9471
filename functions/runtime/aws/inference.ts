import type { SQSEvent } from 'aws-lambda';
import { createAnalyzer } from '../../analysis/create-analyzer';
import { createScanJobHandler } from '../../inference/contract';
import { createLogger } from '../../kernel/logger';
import { QueueEventPublisher } from '../../webhooks/contract';
import { buildInferenceDeps } from '../build-inference-deps';
import { awsFunctionParts } from './function-parts';

/**
 * The inference function: the scan job handler over the AWS adapters. The models start loading when the container
 * starts (not on the first event) and are reused for every message after.
 */
export function createInferenceLambda() {
  const aws = awsFunctionParts('inference', { settings: ['DELIVERY_QUEUE_URL'], why: 'scan events' });
  const logger = createLogger('inference');
  const events = new QueueEventPublisher(aws.queue('DELIVERY_QUEUE_URL'));
  const ready = createAnalyzer({ modelDir: aws.config.MODEL_DIR }).then((analyzer) =>
    createScanJobHandler(buildInferenceDeps({ stores: aws.stores, analyzer, events, metrics: aws.metrics, logger }), { maxReceives: aws.config.SCAN_MAX_RECEIVES }),
  );
  return aws.observe(logger, async (event: SQSEvent, context) => (await ready)(event, context));
}
