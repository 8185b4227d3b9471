/**
 * Cold start and peak memory of the inference function as Lambda runs it: the stack synthesized with real
 * bundling (esbuild, native packages, models; lib/), the inference asset copied to a temp dir, and each
 * measurement a fresh Node process that imports the bundle's `index.mjs` and hands its handler an SQS event,
 * with the local DynamoDB and S3 servers and an SQS stand-in behind it (as test/cdk/bundle.test.ts does).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDocumentClient, createS3Client } from '../functions/adapters/aws/clients';
import { systemClock } from '../functions/kernel/clock';
import { loadConfig } from '../functions/kernel/config';
import { createStores } from '../functions/adapters/aws/stores';
import { acceptImage } from '../functions/scans/image-intake';
import { submitScan } from '../functions/scans/submit-scan';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { startDynamoDb } from '../local/dynamodb-server';
import { startS3 } from '../local/s3-server';
import { createTables } from '../local/create-tables';
import { assetDirOf } from '../test/cdk/support/bundle-files';
import { startFakeSqs } from '../test/cdk/support/fake-sqs';
import { synthesize } from '../test/cdk/support/synth';
import { logicalId } from '../test/cdk/support/template-queries';
import { benchJpeg } from './images';
import { median } from './stats';

interface ChildTimings {
  /** Node's own start, before the script's first line. */
  bootMs: number;
  /** import of the bundle: module evaluation, with the models' loading started (not awaited) at the top level. */
  importMs: number;
  /** import → the handler's answer to the first event (models loaded, one scan analysed and stored). */
  firstResultMs: number;
  /** CPU time of the process (all threads) from its start to the first result. */
  cpuMs: number;
  /** The AnalysisLatency metric of the first job (image read, analysis, overlay source stored), from its EMF line. */
  analysisMs: number;
  maxRssMb: number;
}

/** Prints the cold start and the peak RSS (median of `runs` fresh processes each) of a 1-MP and of a 40-MP photo. */
export async function benchColdStart(runs = 3): Promise<void> {
  console.log('\nCold start of the bundled inference function (synthesizing with bundling, x86_64)…');
  const synth = synthesize({ architecture: 'x86_64' });
  const work = mkdtempSync(join(tmpdir(), 'skin-bench-cold-'));
  const dynamo = await startDynamoDb({});
  const s3 = await startS3({ directory: join(work, 's3'), bucket: 'skin-images' });
  const sqs = await startFakeSqs();
  try {
    cpSync(assetDirOf(synth.template, logicalId(synth.stack, synth.stack.inference.function), synth.outdir), join(work, 'task'), { recursive: true });
    const env = {
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
      LOG_LEVEL: 'ERROR',
      POWERTOOLS_SERVICE_NAME: 'skin-inference',
      POWERTOOLS_METRICS_NAMESPACE: 'SkinAnalysis',
      // One libvips thread, as the analysis bench runs it (a 1769-MB Lambda has one vCPU).
      VIPS_CONCURRENCY: '1',
    };
    const config = loadConfig(env);
    await createTables(new DynamoDBClient({ region: 'us-east-1', endpoint: dynamo.endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } }), 'skin');
    const stores = createStores(config, createDocumentClient(config), createS3Client(config));
    const tenant = { accountId: 'acct_bench', environment: 'test' as const };
    const job = async (jpeg: Buffer) => {
      const jobs: string[] = [];
      await submitScan(
        { clock: systemClock, scans: stores.scans, images: stores.images, scanQueue: { send: async (body) => void jobs.push(body) } },
        { tenant, image: acceptImage(jpeg), markers: [...MARKER_NAMES], userId: null },
      );
      return jobs[0]!;
    };
    const photo = await benchJpeg(1);
    const cold: ChildTimings[] = [];
    for (let i = 0; i < runs; i++) cold.push(await firstScanInFreshProcess(work, env, await job(photo)));
    const largePhoto = await benchJpeg(39.9);
    const large: ChildTimings[] = [];
    for (let i = 0; i < runs; i++) large.push(await firstScanInFreshProcess(work, env, await job(largePhoto)));
    const m = (key: keyof ChildTimings) => median(cold.map((t) => t[key])).toFixed(0);
    console.log(
      `  1 MP, median of ${runs} fresh processes: cold start (import → the handler's first result) ${median(cold.map((t) => t.importMs + t.firstResultMs)).toFixed(0)} ms wall,` +
        ` ${m('cpuMs')} ms CPU (Node's own start included); import ${m('importMs')} ms, then models + first job ${m('firstResultMs')} ms, of which the analysis` +
        ` (AnalysisLatency: image read, analysis, overlay source stored) ${m('analysisMs')} ms; Node's own start ${m('bootMs')} ms; max RSS ${m('maxRssMb')} MB`,
    );
    const rss = large.map((t) => t.maxRssMb);
    console.log(
      `  40 MP (5470 x 7293), median of ${runs} fresh processes: first result ${median(large.map((t) => t.importMs + t.firstResultMs)).toFixed(0)} ms;` +
        ` peak RSS (maxRSS) ${median(rss).toFixed(0)} MB (${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)})`,
    );
  } finally {
    await sqs.close();
    await s3.close();
    await dynamo.close();
    rmSync(work, { recursive: true, force: true });
    rmSync(synth.outdir, { recursive: true, force: true });
  }
}

async function firstScanInFreshProcess(work: string, env: Record<string, string>, jobBody: string): Promise<ChildTimings> {
  const event = {
    Records: [
      {
        messageId: 'msg-1',
        receiptHandle: 'receipt-1',
        body: jobBody,
        attributes: { ApproximateReceiveCount: '1', SentTimestamp: String(Date.now()) },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:scan-jobs',
        awsRegion: 'us-east-1',
      },
    ],
  };
  const script = `const bootMs = performance.now();
const { handler } = await import('./task/index.mjs');
const imported = performance.now();
const result = await handler(${JSON.stringify(event)}, { functionName: 'inference', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 60000 });
const first = performance.now();
if (result.batchItemFailures.length > 0) throw new Error('the scan job failed');
const cpu = process.cpuUsage();
process.stdout.write('\\n' + JSON.stringify({ bootMs, importMs: imported - bootMs, firstResultMs: first - imported, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\\n');`;
  writeFileSync(join(work, 'run.mjs'), script);
  const child = spawn(process.execPath, ['run.mjs'], {
    cwd: work,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, NODE_OPTIONS: '--no-warnings', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`cold start run exited ${code}:\n${stderr}\n${stdout}`);
  const lines = stdout.trim().split('\n');
  const emf = lines.filter((line) => line.includes('"AnalysisLatency"')).map((line) => JSON.parse(line) as { AnalysisLatency: number });
  return { ...(JSON.parse(lines[lines.length - 1]!) as ChildTimings), analysisMs: emf[0]?.AnalysisLatency ?? Number.NaN };
}
