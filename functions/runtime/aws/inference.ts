import type { SQSEvent } from 'aws-lambda';
import { createAnalyzer } from '../../analysis/create-analyzer';
import { createScanJobHandler } from '../../inference/contract';
import { createLogger } from '../../kernel/logger';
import { QueueEventPublisher } from '../../webhooks/contract';
import { buildInferenceDeps } from '../build-inference-deps';
import { awsFunctionParts } from './function-parts';

/**
 * The inference function: the scan job handler over the AWS adapters, once its models are loaded (they are then
 * reused for every message). The Lambda entry awaits it at the top level, so the models load in Lambda's init
 * phase, before the first event.
 */
export async function createInferenceLambda() {
  const aws = awsFunctionParts('inference', { settings: ['DELIVERY_QUEUE_URL'], why: 'scan events' });
  const logger = createLogger('inference');
  const events = new QueueEventPublisher(aws.queue('DELIVERY_QUEUE_URL'));
  const analyzer = await createAnalyzer({ modelDir: aws.config.MODEL_DIR });
  const handle = createScanJobHandler(buildInferenceDeps({ stores: aws.stores, analyzer, events, metrics: aws.metrics, logger }), {
    maxReceives: aws.config.SCAN_MAX_RECEIVES,
  });
  return aws.observe(logger, (event: SQSEvent, context) => handle(event, context));
}
