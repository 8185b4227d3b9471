import { handle } from 'hono/aws-lambda';
import { createApp } from '../../api/app';
import { QueueEventPublisher } from '../../webhooks/contract';
import { buildApiDeps } from '../build-api-deps';
import { awsFunctionParts } from './function-parts';

/** The API function: the Hono app over the AWS adapters, built once per container (the key cache lives across invocations). */
export function createApiLambda() {
  const aws = awsFunctionParts('api', { settings: ['SCAN_QUEUE_URL', 'DELIVERY_QUEUE_URL'], why: 'scan jobs; routine events and the dashboard' });
  const deliveryQueue = aws.queue('DELIVERY_QUEUE_URL');
  const deps = buildApiDeps(aws.config, {
    stores: aws.stores,
    db: aws.db,
    scanQueue: aws.queue('SCAN_QUEUE_URL'),
    events: new QueueEventPublisher(deliveryQueue),
    metrics: aws.metrics,
    deliveryQueue,
  });
  const app = handle(createApp(deps));
  // Every log line of an invocation carries API Gateway's request id: the `Request-Id` the client got back.
  return aws.observe(deps.logger, (event: Parameters<typeof app>[0], context) => app(event, context), {
    logKeys: (event) => ({ requestId: (event as { requestContext?: { requestId?: string } }).requestContext?.requestId }),
  });
}
