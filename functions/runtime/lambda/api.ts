import { SQSClient } from '@aws-sdk/client-sqs';
import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../../kernel/config';
import { createDocumentClient, createS3Client } from '../../adapters/aws/clients';
import { SqsQueue } from '../../adapters/aws/sqs-queue';
import { observedHandler } from '../../adapters/aws/lambda-handler';
import { createLambdaMetrics } from '../../adapters/aws/powertools-metrics';
import { createTracer, traceClient } from '../../adapters/aws/tracing';
import { QueueEventPublisher } from '../../webhooks/contract';
import { createStores } from '../../adapters/aws/stores';
import { createApp } from '../../api/app';
import { buildApiDeps } from '../build-api-deps';

// Built once per container; every invocation reuses the clients and the key cache.
const config = loadConfig();
if (!config.SCAN_QUEUE_URL) throw new Error('Invalid configuration: SCAN_QUEUE_URL is required in Lambda');
const tracer = createTracer('api');
const metrics = createLambdaMetrics('api');
const db = traceClient(tracer, createDocumentClient(config));
const stores = createStores(config, db, traceClient(tracer, createS3Client(config)));
if (!config.DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: DELIVERY_QUEUE_URL is required in Lambda (routine events)');
const sqs = traceClient(tracer, new SQSClient({ region: config.AWS_REGION }));
const scanQueue = new SqsQueue(sqs, config.SCAN_QUEUE_URL);
const deliveryQueue = new SqsQueue(sqs, config.DELIVERY_QUEUE_URL);
const events = new QueueEventPublisher(deliveryQueue);
const deps = buildApiDeps(config, { stores, db, scanQueue, events, metrics, deliveryQueue });
const app = handle(createApp(deps));

// Every log line of an invocation carries API Gateway's request id: the `Request-Id` the client got back.
export const handler = observedHandler({ logger: deps.logger, metrics, tracer }, (event: Parameters<typeof app>[0], context) => app(event, context), {
  logKeys: (event) => ({ requestId: (event as { requestContext?: { requestId?: string } }).requestContext?.requestId }),
});
