import { SQSClient } from '@aws-sdk/client-sqs';
import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../shared/config';
import { createDocumentClient, createS3Client } from '../shared/aws/clients';
import { SqsQueue } from '../shared/aws/sqs-queue';
import { createStores } from '../shared/stores';
import { createApp } from './app';
import { buildApiDeps } from './build-deps';

// Built once per container; every invocation reuses the clients and the key cache.
const config = loadConfig();
if (!config.SCAN_QUEUE_URL) throw new Error('Invalid configuration: SCAN_QUEUE_URL is required in Lambda');
const db = createDocumentClient(config);
const stores = createStores(config, db, createS3Client(config));
const scanQueue = new SqsQueue(new SQSClient({ region: config.AWS_REGION }), config.SCAN_QUEUE_URL);

export const handler = handle(createApp(buildApiDeps(config, { stores, db, scanQueue })));
