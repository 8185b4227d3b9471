import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { loadConfig } from '../../kernel/config';
import { createDocumentClient, createS3Client } from '../../adapters/aws/clients';
import { SqsQueue } from '../../adapters/aws/sqs-queue';
import { observedHandler } from '../../adapters/aws/lambda-handler';
import { createLambdaMetrics } from '../../adapters/aws/powertools-metrics';
import { createTracer, traceClient } from '../../adapters/aws/tracing';
import { createStores } from '../../adapters/aws/stores';
import { buildDeliveryDeps } from '../build-delivery-deps';
import { createDeliveryHandler } from '../../webhooks/contract';

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
