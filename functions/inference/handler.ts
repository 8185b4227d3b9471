import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { loadConfig } from '../shared/config';
import { createDocumentClient, createS3Client } from '../shared/aws/clients';
import { createStores } from '../shared/stores';
import { SqsQueue } from '../shared/aws/sqs-queue';
import { QueueEventPublisher } from '../webhooks/event-publisher';
import { createAnalyzer } from '../analysis/create-analyzer';
import { buildInferenceDeps } from './build-deps';
import { createScanJobHandler } from './scan-job-handler';

// Models and sessions load once per container, on the first event, and are reused for every message after.
const config = loadConfig();
const stores = createStores(config, createDocumentClient(config), createS3Client(config));
if (!config.DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: DELIVERY_QUEUE_URL is required in Lambda (scan events)');
const events = new QueueEventPublisher(new SqsQueue(new SQSClient({ region: config.AWS_REGION }), config.DELIVERY_QUEUE_URL));
const ready = createAnalyzer({ modelDir: config.MODEL_DIR }).then((analyzer) =>
  createScanJobHandler(buildInferenceDeps({ stores, analyzer, events }), { maxReceives: config.SCAN_MAX_RECEIVES }),
);

export const handler = async (event: SQSEvent, context: Context) => (await ready)(event, context);
