import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { loadConfig } from '../../kernel/config';
import { createDocumentClient, createS3Client } from '../../adapters/aws/clients';
import { createStores } from '../../adapters/aws/stores';
import { SqsQueue } from '../../adapters/aws/sqs-queue';
import { observedHandler } from '../../adapters/aws/lambda-handler';
import { createLogger } from '../../kernel/logger';
import { createLambdaMetrics } from '../../adapters/aws/powertools-metrics';
import { createTracer, traceClient } from '../../adapters/aws/tracing';
import { QueueEventPublisher } from '../../webhooks/contract';
import { createAnalyzer } from '../../analysis/create-analyzer';
import { buildInferenceDeps } from '../build-inference-deps';
import { createScanJobHandler } from '../../inference/contract';

// Models and sessions load once per container, on the first event, and are reused for every message after.
const config = loadConfig();
const tracer = createTracer('inference');
const metrics = createLambdaMetrics('inference');
const stores = createStores(config, traceClient(tracer, createDocumentClient(config)), traceClient(tracer, createS3Client(config)));
if (!config.DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: DELIVERY_QUEUE_URL is required in Lambda (scan events)');
const events = new QueueEventPublisher(
  new SqsQueue(traceClient(tracer, new SQSClient({ region: config.AWS_REGION })), config.DELIVERY_QUEUE_URL),
);
const logger = createLogger('inference');
const ready = createAnalyzer({ modelDir: config.MODEL_DIR }).then((analyzer) =>
  createScanJobHandler(buildInferenceDeps({ stores, analyzer, events, metrics, logger }), { maxReceives: config.SCAN_MAX_RECEIVES }),
);

export const handler = observedHandler({ logger, metrics, tracer }, async (event: SQSEvent, context: Context) =>
  (await ready)(event, context),
);
