import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { loadConfig } from '../shared/config';
import { createDocumentClient, createS3Client } from '../shared/aws/clients';
import { SqsQueue } from '../shared/aws/sqs-queue';
import { observedHandler } from '../shared/lambda-handler';
import { createLambdaMetrics } from '../shared/powertools-metrics';
import { createTracer, traceClient } from '../shared/tracing';
import { createStores } from '../shared/stores';
import { buildDeliveryDeps } from './build-deps';
import { createDeliveryHandler } from './delivery-handler';

// Built once per container; every invocation reuses the clients.
const config = loadConfig();
if (!config.DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: DELIVERY_QUEUE_URL is required in Lambda');
const tracer = createTracer('delivery');
const metrics = createLambdaMetrics('delivery');
const stores = createStores(config, traceClient(tracer, createDocumentClient(config)), traceClient(tracer, createS3Client(config)));
const queue = new SqsQueue(traceClient(tracer, new SQSClient({ region: config.AWS_REGION })), config.DELIVERY_QUEUE_URL);
const deps = buildDeliveryDeps(config, { stores, queue, metrics });
const handleBatch = createDeliveryHandler(deps);

export const handler = observedHandler({ logger: deps.logger, metrics, tracer }, (event: SQSEvent, context: Context) => handleBatch(event, context));
