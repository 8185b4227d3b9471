import type { SQSEvent } from 'aws-lambda';
import { createDeliveryHandler } from '../../webhooks/contract';
import { buildDeliveryDeps } from '../build-delivery-deps';
import { awsFunctionParts } from './function-parts';

/** The webhook delivery function: the SQS batch handler of webhooks/ over the AWS adapters. */
export function createDeliveryLambda() {
  const aws = awsFunctionParts('delivery', { settings: ['DELIVERY_QUEUE_URL'], why: 'retries are re-queued there' });
  const deps = buildDeliveryDeps(aws.config, { stores: aws.stores, queue: aws.queue('DELIVERY_QUEUE_URL'), metrics: aws.metrics });
  const handleBatch = createDeliveryHandler(deps);
  return aws.observe(deps.logger, (event: SQSEvent, context) => handleBatch(event, context));
}
