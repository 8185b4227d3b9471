import { SQSClient } from '@aws-sdk/client-sqs';
import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../shared/config';
import { createDocumentClient, createS3Client } from '../shared/aws/clients';
import { SqsQueue } from '../shared/aws/sqs-queue';
import { QueueEventPublisher } from '../webhooks/event-publisher';
import { createStores } from '../shared/stores';
import { createApp } from './app';
import { buildApiDeps } from './build-deps';

// Built once per container; every invocation reuses the clients and the key cache.
const config = loadConfig();
if (!config.SCAN_QUEUE_URL) throw new Error('Invalid configuration: SCAN_QUEUE_URL is required in Lambda');
const db = createDocumentClient(config);
const stores = createStores(config, db, createS3Client(config));
if (!config.DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: DELIVERY_QUEUE_URL is required in Lambda (routine events)');
const sqs = new SQSClient({ region: config.AWS_REGION });
const scanQueue = new SqsQueue(sqs, config.SCAN_QUEUE_URL);
const events = new QueueEventPublisher(new SqsQueue(sqs, config.DELIVERY_QUEUE_URL));

export const handler = handle(createApp(buildApiDeps(config, { stores, db, scanQueue, events })));
