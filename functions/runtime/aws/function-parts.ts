import { SQSClient } from '@aws-sdk/client-sqs';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { loadConfig, type Config } from '../../kernel/config';
import type { Stores } from '../../ports/stores';
import { createDocumentClient, createS3Client } from '../../adapters/aws/clients';
import { observedHandler } from '../../adapters/aws/lambda-handler';
import { createLambdaMetrics, type PowertoolsMetricsSink } from '../../adapters/aws/powertools-metrics';
import { SqsQueue } from '../../adapters/aws/sqs-queue';
import { createStores } from '../../adapters/aws/stores';
import { createTracer, traceClient } from '../../adapters/aws/tracing';

type QueueSetting = 'SCAN_QUEUE_URL' | 'DELIVERY_QUEUE_URL';

/** What every Lambda function of the service builds once per container: its configuration, traced clients and stores. */
export interface AwsFunctionParts {
  config: Config;
  tracer: Tracer;
  metrics: PowertoolsMetricsSink;
  db: DynamoDBDocumentClient;
  stores: Stores;
  /** The queue a setting names, on the function's one traced SQS client (the setting was checked at start). */
  queue(setting: QueueSetting): SqsQueue;
  /** The handler with logs, metrics and traces around it (adapters/aws/lambda-handler.ts). */
  observe<E, R>(
    logger: Logger,
    handler: (event: E, context: Context) => Promise<R>,
    options?: { logKeys?: (event: E) => Record<string, string | undefined> },
  ): (event: E, context: Context) => Promise<R>;
}

/**
 * The AWS side of one function: reads the configuration and refuses to start without the settings the function
 * needs (the stack sets them; `why` says what for), then makes the traced DynamoDB, S3 and SQS clients and the stores.
 */
export function awsFunctionParts(name: string, required: { settings: (keyof Config)[]; why: string }): AwsFunctionParts {
  const config = loadConfig();
  const missing = required.settings.filter((setting) => !config[setting]);
  if (missing.length > 0) throw new Error(`Invalid configuration: ${missing.join(', ')} required in Lambda (${required.why})`);
  const tracer = createTracer(name);
  const metrics = createLambdaMetrics(name);
  const db = traceClient(tracer, createDocumentClient(config));
  const sqs = traceClient(tracer, new SQSClient({ region: config.AWS_REGION }));
  return {
    config,
    tracer,
    metrics,
    db,
    stores: createStores(config, db, traceClient(tracer, createS3Client(config))),
    queue: (setting) => new SqsQueue(sqs, config[setting] as string),
    observe: (logger, handler, options) => observedHandler({ logger, metrics, tracer }, handler, options),
  };
}
