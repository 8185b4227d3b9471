/**
 * Running the bundled inference function as Lambda would, for test/cdk/bundle.test.ts and bench/cold-start.ts: the
 * local DynamoDB and S3 servers and an SQS stand-in in this process, the bundle in a temp dir, and each run a fresh
 * Node process with only Lambda's environment that imports the bundle's `index.mjs`.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDocumentClient, createS3Client } from '../../../functions/adapters/aws/clients';
import { createStores } from '../../../functions/adapters/aws/stores';
import { systemClock } from '../../../functions/kernel/clock';
import { loadConfig } from '../../../functions/kernel/config';
import type { Tenant } from '../../../functions/kernel/tenant';
import type { MarkerName } from '../../../functions/analysis/contract';
import { acceptImage, submitScan, type ScanRecord } from '../../../functions/scans/contract';
import type { Stores } from '../../../functions/ports/stores';
import { createTables } from '../../../local/create-tables';
import { startDynamoDb } from '../../../local/dynamodb-server';
import { startS3 } from '../../../local/s3-server';
import { startFakeSqs } from './fake-sqs';

export interface InferenceBundleRun {
  /** The temp dir: the bundle is in `task/`, scripts are written beside it. */
  work: string;
  /** Lambda's environment for the function: the stack's settings and the local endpoints. */
  env: Record<string, string>;
  stores: Stores;
  sqs: Awaited<ReturnType<typeof startFakeSqs>>;
  /** Stores a scan as the API does and returns its record and the job body the API would have queued. */
  submit(tenant: Tenant, jpeg: Buffer, markers: MarkerName[], userId: string | null): Promise<{ record: ScanRecord; job: string }>;
  close(): Promise<void>;
}

/** Copies the inference bundle `bundleDir` to a temp dir and starts what it talks to; `env` adds to or overrides the defaults. */
export async function startInferenceBundleRun(bundleDir: string, env: Record<string, string>): Promise<InferenceBundleRun> {
  const work = mkdtempSync(join(tmpdir(), 'skin-bundle-run-'));
  const dynamo = await startDynamoDb({});
  const s3 = await startS3({ directory: join(work, 's3'), bucket: 'skin-images' });
  const sqs = await startFakeSqs();
  const close = async () => {
    await sqs.close();
    await s3.close();
    await dynamo.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    cpSync(bundleDir, join(work, 'task'), { recursive: true });
    const fullEnv = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      TABLE_PREFIX: 'skin',
      IMAGES_BUCKET: 'skin-images',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      DELIVERY_QUEUE_URL: sqs.queueUrl('deliveries'),
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      MODEL_DIR: join(work, 'task', 'models'),
      // As the stack sets them (lib/service-function.ts).
      POWERTOOLS_SERVICE_NAME: 'skin-inference',
      POWERTOOLS_METRICS_NAMESPACE: 'SkinAnalysis',
      ...env,
    };
    const config = loadConfig(fullEnv);
    await createTables(
      new DynamoDBClient({ region: 'us-east-1', endpoint: dynamo.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }),
      'skin',
    );
    const stores = createStores(config, createDocumentClient(config), createS3Client(config));
    const submit: InferenceBundleRun['submit'] = async (tenant, jpeg, markers, userId) => {
      const jobs: string[] = [];
      const record = await submitScan(
        { clock: systemClock, scans: stores.scans, images: stores.images, scanQueue: { send: async (body) => void jobs.push(body) } },
        { tenant, image: await acceptImage(jpeg), markers, userId },
      );
      return { record, job: jobs[0]! };
    };
    return { work, env: fullEnv, stores, sqs, submit, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A scan job as the SQS event source hands it to the function. */
export function scanJobEvent(body: string, messageId: string) {
  return {
    Records: [
      {
        messageId,
        receiptHandle: `receipt-${messageId}`,
        body,
        attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:scan-jobs',
        awsRegion: 'us-east-1',
      },
    ],
  };
}

/**
 * Runs `script` with Node in `dir`, asynchronously: the local DynamoDB, S3 and SQS servers live in this process
 * and must keep answering while the child runs. Nothing of the project's environment reaches the child: only
 * `env`, as Lambda would set it. The last line of stdout is the JSON result; `lines` are the ones before it (the
 * function's own output: EMF metrics, logs).
 */
export async function nodeRun(dir: string, script: string, env: Record<string, string>, timeoutMs = 90_000): Promise<{ value: unknown; lines: string[] }> {
  writeFileSync(join(dir, 'run.mjs'), script);
  const child = spawn(process.execPath, ['run.mjs'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, NODE_OPTIONS: '--no-warnings', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`node run.mjs exited ${code}:\n${stderr}\n${stdout}`);
  const lines = stdout.trim().split('\n');
  return { value: JSON.parse(lines[lines.length - 1]!) as unknown, lines: lines.slice(0, -1).filter(Boolean) };
}
