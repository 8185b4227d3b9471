import { mkdir, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../functions/kernel/config';
import { systemClock, type Clock } from '../functions/kernel/clock';
import type { MetricsSink } from '../functions/kernel/metrics';
import { createDocumentClient, createS3Client } from '../functions/adapters/aws/clients';
import { createStores } from '../functions/adapters/aws/stores';
import type { Stores } from '../functions/ports/stores';
import { createApp } from '../functions/api/app';
import { buildApiDeps } from '../functions/runtime/build-api-deps';
import type { ScanAnalyzer } from '../functions/analysis/analyzer';
import { createAnalyzer } from '../functions/analysis/create-analyzer';
import { buildInferenceDeps } from '../functions/runtime/build-inference-deps';
import { createScanJobHandler } from '../functions/inference/scan-job-handler';
import { QueueEventPublisher, type EventPublisher } from '../functions/webhooks/event-publisher';
import { parseRetrySchedule } from '../functions/webhooks/retry-schedule';
import type { Resolver } from '../functions/webhooks/ssrf/resolve';
import { buildDeliveryDeps } from '../functions/runtime/build-delivery-deps';
import { createDeliveryHandler } from '../functions/webhooks/delivery-handler';
import { startDynamoDb } from './dynamodb-server';
import { startS3 } from './s3-server';
import { createTables } from './create-tables';
import { LocalQueue } from './queue/local-queue';
import { createLogger } from '../functions/kernel/logger';
import { physicalTableName } from '../functions/adapters/aws/tables';
import { recoverStuckScans } from '../functions/recovery/contract';
import { buildRecoveryDeps, recoveryPolicy } from '../functions/runtime/build-recovery-deps';
import { hasProcessingIndex, RecoverySweeper } from './recovery-sweeper';
import { writeStackFile, type StackFile } from './stack-file';
import { ensureCursorSecret } from './cursor-secret';
import { sampleCaptureRoutes } from './samples/capture/routes';

export interface LocalStackOptions {
  /** Where tables, objects and queues persist; omitted: a temporary folder removed on close. */
  dataDir?: string;
  /** API port; 0 picks a free one. */
  port?: number;
  /** The interface the API listens on (default 127.0.0.1, this machine only; `0.0.0.0` for every interface). */
  host?: string;
  clock?: Clock;
  /** Replaces the model analysis (tests wrap the real one to inject failures). */
  wrapAnalyzer?: (analyzer: ScanAnalyzer) => ScanAnalyzer;
  /** Seconds a received scan job stays invisible before it is retried. */
  scanVisibilitySeconds?: number;
  /** WEBHOOK_RETRY_SCHEDULE for this stack, e.g. `0,0.2,0.2` so retries take fractions of a second in tests. */
  webhookRetrySchedule?: string;
  /** WEBHOOK_TIMEOUT_MS for this stack. */
  webhookTimeoutMs?: number;
  /** Delivery handler calls at once (batches of 10), like the event source mapping's maximum concurrency. */
  webhookConcurrency?: number;
  /** The DNS the webhook SSRF guard consults (tests play rebinding); default: the system resolver. */
  webhookResolver?: Resolver;
  env?: Record<string, string>;
  /** Where the API, inference and delivery code record metrics (tests pass an InMemoryMetrics); default: nowhere. */
  metrics?: MetricsSink;
}

export interface LocalStack {
  apiUrl: string;
  config: Config;
  stores: Stores;
  dataDir: string;
  clock: Clock;
  scanQueue: LocalQueue;
  scanDeadLetters: LocalQueue;
  /** Published events and per-delivery messages, consumed by the delivery handler. */
  deliveryQueue: LocalQueue;
  deliveryDeadLetters: LocalQueue;
  /** The recovery sweep of stuck scans (run at start, then every SCAN_RECOVERY_INTERVAL_SECONDS). */
  recovery: RecoverySweeper;
  /** Publishes webhook events (what the inference, routines and scores code use). */
  events: EventPublisher;
  /** The API in-process, for tests that need no socket. */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The whole service in one process: dynalite and s3rver embedded, the in-process queues, the inference
 * consumer and the API on an HTTP port, built from the same functions the Lambda entry files use.
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'skin-stack-')));
  await mkdir(join(dataDir, 's3'), { recursive: true });
  await mkdir(join(dataDir, 'queues'), { recursive: true });

  const dynamo = await startDynamoDb({ path: join(dataDir, 'dynamodb') });
  const bucket = 'skin-images';
  const s3 = await startS3({ directory: join(dataDir, 's3'), bucket });
  const config = loadConfig({
    // Local development: loopback receivers (e.g. `skin webhooks listen`) are allowed unless the environment says no.
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // Signs list cursors; the environment may set its own.
    CURSOR_SECRET: await ensureCursorSecret(dataDir),
    ...process.env,
    ...webhookEnv(options),
    ...options.env,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    IMAGES_BUCKET: bucket,
    TABLE_PREFIX: 'skin',
  });
  const admin = new DynamoDBClient({ region: config.AWS_REGION, endpoint: dynamo.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  await createTables(admin, config.TABLE_PREFIX);
  const db = createDocumentClient(config);
  const stores = createStores(config, db, createS3Client(config));
  const clock = options.clock ?? systemClock;

  const scanDeadLetters = new LocalQueue({
    name: 'scan-jobs-dlq',
    visibilityTimeoutSeconds: 30,
    ...queueFiles(dataDir, 'scan-jobs-dlq'),
  });
  const scanVisibilitySeconds = options.scanVisibilitySeconds ?? 60;
  const scanQueue = new LocalQueue({
    name: 'scan-jobs',
    visibilityTimeoutSeconds: scanVisibilitySeconds,
    maxReceiveCount: config.SCAN_MAX_RECEIVES,
    deadLetterQueue: scanDeadLetters,
    batchSize: 1,
    ...queueFiles(dataDir, 'scan-jobs'),
    // Its one consumer is this process: jobs in flight when it died are picked up at once after a restart.
    redeliverInFlightOnRestore: true,
  });

  const deliveryDeadLetters = new LocalQueue({
    name: 'webhook-deliveries-dlq',
    visibilityTimeoutSeconds: 30,
    ...queueFiles(dataDir, 'webhook-deliveries-dlq'),
  });
  const deliveryQueue = new LocalQueue({
    name: 'webhook-deliveries',
    // Longer than one attempt and its lease, as on AWS (6x the function timeout).
    visibilityTimeoutSeconds: config.WEBHOOK_TIMEOUT_MS / 1000 + 30,
    maxReceiveCount: config.WEBHOOK_MAX_RECEIVES,
    deadLetterQueue: deliveryDeadLetters,
    batchSize: 10,
    ...queueFiles(dataDir, 'webhook-deliveries'),
  });
  const events = new QueueEventPublisher(deliveryQueue);
  deliveryQueue.consume(
    createDeliveryHandler(
      buildDeliveryDeps(config, { stores, queue: deliveryQueue, clock, resolver: options.webhookResolver, metrics: options.metrics }),
    ),
    { concurrency: options.webhookConcurrency ?? 4 },
  );

  const realAnalyzer = await createAnalyzer({ modelDir: config.MODEL_DIR });
  const analyzer = options.wrapAnalyzer ? options.wrapAnalyzer(realAnalyzer) : realAnalyzer;
  scanQueue.consume(
    createScanJobHandler(buildInferenceDeps({ stores, analyzer, events, clock, metrics: options.metrics }), { maxReceives: config.SCAN_MAX_RECEIVES }),
  );

  // Scans whose job was lost (the process died between storing the record and sending it) are re-queued.
  const scansTable = physicalTableName(config.TABLE_PREFIX, 'scans');
  const indexed = await hasProcessingIndex(admin, scansTable);
  const recovery = new RecoverySweeper(
    () =>
      recoverStuckScans(
        buildRecoveryDeps({
          stores,
          scanQueue,
          events,
          clock,
          logger: createLogger('recovery'),
          metrics: options.metrics,
          // Data folders from before the processing index: a filtered scan of the (small) local table instead.
          findStuck: indexed ? undefined : (cutoff, limit) => stores.scans.processingBeforeByScan(cutoff, limit),
        }),
        recoveryPolicy(config.SCAN_RECOVERY_AFTER_SECONDS ?? config.SCAN_MAX_RECEIVES * scanVisibilitySeconds + 60),
      ),
    config.SCAN_RECOVERY_INTERVAL_SECONDS * 1000,
  );
  recovery.start();

  const app = createApp(buildApiDeps(config, { stores, db, scanQueue, events, clock, metrics: options.metrics, deliveryQueue, resolver: options.webhookResolver }));
  // The capture sample (docs/apps.md) lives beside the API here only; deployed stacks serve the API alone.
  const sample = sampleCaptureRoutes({ dataDir, apiUrl: () => apiUrl });
  const host = options.host ?? '127.0.0.1';
  const server = await listen((request) => (new URL(request.url).pathname.startsWith('/samples/') ? sample.fetch(request) : app.fetch(request)), options.port ?? 0, host);
  const apiUrl = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
  // s3rver has no lifecycle rules: unused direct uploads are swept here instead (a day, as on AWS).
  const uploadSweep = setInterval(() => void stores.uploadObjects.sweep(Date.now(), 86_400_000).catch(() => undefined), 3_600_000);
  uploadSweep.unref();

  const stackFile: StackFile = {
    api_url: apiUrl,
    dynamodb_endpoint: dynamo.endpoint,
    s3_endpoint: s3.endpoint,
    images_bucket: bucket,
    table_prefix: config.TABLE_PREFIX,
    pid: process.pid,
  };
  await writeStackFile(dataDir, stackFile);

  return {
    apiUrl,
    config,
    stores,
    dataDir,
    clock,
    scanQueue,
    scanDeadLetters,
    deliveryQueue,
    deliveryDeadLetters,
    recovery,
    events,
    fetch: (request) => Promise.resolve(app.fetch(request)),
    async close() {
      clearInterval(uploadSweep);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await recovery.stop();
      await scanQueue.stop();
      await scanDeadLetters.stop();
      await deliveryQueue.stop();
      await deliveryDeadLetters.stop();
      await s3.close();
      await dynamo.close();
      await rm(join(dataDir, 'stack.json'), { force: true });
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A queue's durable log, and the JSON snapshot earlier versions kept (imported once, then removed). */
function queueFiles(dataDir: string, name: string): { persistPath: string; legacySnapshotPath: string } {
  return { persistPath: join(dataDir, 'queues', `${name}.log`), legacySnapshotPath: join(dataDir, 'queues', `${name}.json`) };
}

/** The webhook options as configuration; more attempts than the default need more receives before the DLQ. */
function webhookEnv(options: LocalStackOptions): Record<string, string> {
  const env: Record<string, string> = {};
  if (options.webhookRetrySchedule !== undefined) {
    env.WEBHOOK_RETRY_SCHEDULE = options.webhookRetrySchedule;
    env.WEBHOOK_MAX_RECEIVES = String(Math.max(10, parseRetrySchedule(options.webhookRetrySchedule).length + 2));
  }
  if (options.webhookTimeoutMs !== undefined) env.WEBHOOK_TIMEOUT_MS = String(options.webhookTimeoutMs);
  return env;
}

/** The host of the API's URL on this machine: a wildcard address is reached through loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => resolve(server));
    server.once('error', reject);
  });
}
