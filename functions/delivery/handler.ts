import { SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSEvent } from 'aws-lambda';
import { loadConfig } from '../shared/config';
import { createDocumentClient, createS3Client } from '../shared/aws/clients';
import { SqsQueue } from '../shared/aws/sqs-queue';
import { createStores } from '../shared/stores';
import { buildDeliveryDeps } from './build-deps';
import { createDeliveryHandler } from './delivery-handler';

// Built once per container; every invocation reuses the clients.
const config = loadConfig();
if (!config.DELIVERY_QUEUE_URL) throw new Error('Invalid configuration: DELIVERY_QUEUE_URL is required in Lambda');
const stores = createStores(config, createDocumentClient(config), createS3Client(config));
const queue = new SqsQueue(new SQSClient({ region: config.AWS_REGION }), config.DELIVERY_QUEUE_URL);
const handleBatch = createDeliveryHandler(buildDeliveryDeps(config, { stores, queue }));

export const handler = (event: SQSEvent, context: Context) => handleBatch(event, context);
