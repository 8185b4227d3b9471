/**
 * The production AWS adapters (functions/adapters/aws, the stores, the Lambda entry files) against moto's server
 * mode, speaking the real DynamoDB, S3 and SQS protocols (SQS's JSON protocol, as @aws-sdk/client-sqs sends it).
 * The Lambda entries read their configuration at import, so the environment is set first and they are imported
 * after; the SDK finds moto through AWS_ENDPOINT_URL (DYNAMODB_ENDPOINT and S3_ENDPOINT for the stores).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBClient, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../functions/accounts/create-account';
import { issueKey } from '../../functions/keys/issue-key';
import { loadConfig, resetConfig, type Config } from '../../functions/kernel/config';
import { createDocumentClient, createS3Client } from '../../functions/adapters/aws/clients';
import { SqsQueue } from '../../functions/adapters/aws/sqs-queue';
import { createStores } from '../../functions/adapters/aws/stores';
import type { Stores } from '../../functions/ports/stores';
import { systemClock } from '../../functions/kernel/clock';
import { noopMetrics } from '../../functions/kernel/metrics';
import { addEndpoint } from '../../functions/webhooks/manage-endpoints';
import { recoverStuckScans } from '../../functions/recovery/recover-stuck-scans';
import type { ScanRecord } from '../../functions/scans/scan';
import { UPLOAD_LIMITS } from '../../functions/uploads/upload-limits';
import { createTables } from '../../local/create-tables';
import { scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { startMoto, type MotoServer } from './moto-server';
import { lambdaContext, SqsEventSource, type SqsLambdaHandler } from './sqs-event-source';
import { restApiEvent } from '../helpers/api-gateway-event';

const REGION = 'us-east-1';
const CREDENTIALS = { accessKeyId: 'testing', secretAccessKey: 'testing' };

let moto: MotoServer;
let config: Config;
let stores: Stores;
let sqs: SQSClient;
const queues: Record<'scans' | 'scansDlq' | 'deliveries' | 'deliveriesDlq', { url: string; arn: string }> = {} as never;
const savedEnv = { ...process.env };

async function createQueue(name: string, attributes: Record<string, string> = {}): Promise<{ url: string; arn: string }> {
  const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  return { url: QueueUrl!, arn: Attributes!.QueueArn! };
}

beforeAll(async () => {
  moto = await startMoto();
  sqs = new SQSClient({ region: REGION, endpoint: moto.endpoint, credentials: CREDENTIALS });
  queues.scansDlq = await createQueue('scan-jobs-dlq');
  queues.scans = await createQueue('scan-jobs', {
    VisibilityTimeout: '30',
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: queues.scansDlq.arn, maxReceiveCount: 3 }),
  });
  queues.deliveriesDlq = await createQueue('webhook-deliveries-dlq');
  queues.deliveries = await createQueue('webhook-deliveries', {
    VisibilityTimeout: '30',
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: queues.deliveriesDlq.arn, maxReceiveCount: 10 }),
  });

  Object.assign(process.env, {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    // The SDK's own setting: every client without an explicit endpoint (the entries' SQSClient) goes to moto.
    AWS_ENDPOINT_URL: moto.endpoint,
    DYNAMODB_ENDPOINT: moto.endpoint,
    S3_ENDPOINT: moto.endpoint,
    TABLE_PREFIX: 'moto',
    IMAGES_BUCKET: 'skin-images-moto',
    SCAN_QUEUE_URL: queues.scans.url,
    DELIVERY_QUEUE_URL: queues.deliveries.url,
    SCAN_MAX_RECEIVES: '3',
    SCAN_WAIT_SECONDS: '0',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    CURSOR_SECRET: 'moto-test-cursor-secret-0123456789abcdef',
    LOG_LEVEL: 'ERROR',
    POWERTOOLS_METRICS_NAMESPACE: 'SkinAnalysisTest',
    // The entries' EMF lines would only flood the test output.
    POWERTOOLS_METRICS_DISABLED: 'true',
  });
  resetConfig();
  config = loadConfig();
  await createTables(new DynamoDBClient({ region: REGION, endpoint: moto.endpoint, credentials: CREDENTIALS }), config.TABLE_PREFIX);
  await new S3Client({ region: REGION, endpoint: moto.endpoint, forcePathStyle: true, credentials: CREDENTIALS }).send(
    new CreateBucketCommand({ Bucket: config.IMAGES_BUCKET }),
  );
  stores = createStores(config, createDocumentClient(config), createS3Client(config));
}, 120_000);

afterAll(async () => {
  await moto?.stop();
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetConfig();
});

/**
 * Records of the store tests are dated in 2100, so they are never "stuck" for the sweep test, which runs on the
 * real clock against the same moto tables.
 */
function processingRecord(scanId: string, accountId: string, userId: string | null = null): ScanRecord {
  return {
    scan_id: scanId,
    status: 'processing',
    user_id: userId,
    skin_score: null,
    markers: {},
    created_at: '2100-01-01T06:00:00.000Z',
    completed_at: null,
    model: null,
    image: { width: 560, height: 560, format: 'jpeg' },
    face: null,
    quality: null,
    error: null,
    account_id: accountId,
    environment: 'test',
    requested_markers: ['acne'],
    image_key: `${accountId}/test/${scanId}/image.jpg`,
  };
}

describe('SQS adapter (SqsQueue) against moto', () => {
  it('when a job is sent, received, made visible again and never deleted, then SQS redrives it to the DLQ after 3 receives', async () => {
    const queue = new SqsQueue(sqs, queues.scans.url);
    await queue.send('{"scan_id":"scan_redrive"}');
    const receive = async (url: string) =>
      (await sqs.send(new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1, MessageSystemAttributeNames: ['All'] }))).Messages ?? [];

    const counts: string[] = [];
    let messageId: string | undefined;
    for (let i = 0; i < 3; i++) {
      const [message] = await receive(queues.scans.url);
      expect(message.Body).toBe('{"scan_id":"scan_redrive"}');
      messageId ??= message.MessageId;
      expect(message.MessageId).toBe(messageId);
      counts.push(message.Attributes!.ApproximateReceiveCount!);
      // Visible again at once: the next receive is a retry.
      await queue.changeVisibility(message.ReceiptHandle!, 0);
    }
    expect(counts).toEqual(['1', '2', '3']);
    expect(await receive(queues.scans.url)).toEqual([]);
    const [dead] = await receive(queues.scansDlq.url);
    expect([dead.MessageId, dead.Body]).toEqual([messageId, '{"scan_id":"scan_redrive"}']);
  });

  it('when a job is sent with a delay, then it is not received before the delay ends', async () => {
    const queue = new SqsQueue(sqs, queues.deliveries.url);
    await queue.send('later', { delaySeconds: 2 });
    const receive = async () => (await sqs.send(new ReceiveMessageCommand({ QueueUrl: queues.deliveries.url }))).Messages ?? [];
    expect(await receive()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const [message] = await receive();
    expect(message.Body).toBe('later');
    await new SqsQueue(sqs, queues.deliveries.url).changeVisibility(message.ReceiptHandle!, 0);
    // Leave the queue empty for the end-to-end test: the delivery handler would refuse a body that is not JSON.
    const source = new SqsEventSource(sqs, queues.deliveries, async () => undefined, { batchSize: 10, functionName: 'drain', region: REGION });
    expect(await source.pollOnce()).toBe(1);
    expect(await source.pollOnce()).toBe(0);
  });
});

describe('DynamoDB stores against moto', () => {
  it('when a scan is created twice with the same id, then the second conditional put is refused', async () => {
    const record = processingRecord('scan_01MOTO0000000000000000000A', 'acct_moto_a');
    await stores.scans.create(record);
    await expect(stores.scans.create(record)).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    expect(await stores.scans.get({ accountId: 'acct_moto_a', environment: 'test' }, record.scan_id, { consistent: true })).toEqual(record);
  });

  it('when an outcome is written twice, then only the first lands and the scan leaves the processing index', async () => {
    const tenant = { accountId: 'acct_moto_b', environment: 'test' as const };
    const record = processingRecord('scan_01MOTO0000000000000000000B', tenant.accountId, 'user-7');
    await stores.scans.create(record);
    expect(await stores.scans.processingBefore('2100-01-01T06:00:00.001Z', 10)).toContainEqual({
      tenant,
      scanId: record.scan_id,
      processingSince: record.created_at,
    });
    expect(await stores.scans.processingBefore('2100-01-01T06:00:00.000Z', 10)).not.toContainEqual(expect.objectContaining({ scanId: record.scan_id }));

    const outcome = { status: 'failed' as const, skin_score: null, markers: {}, completed_at: '2100-01-01T06:00:01.000Z', model: null, face: null, quality: null };
    expect(await stores.scans.finish(tenant, record.scan_id, { ...outcome, error: { code: 'no_face', message: 'first' } })).toBe(true);
    expect(await stores.scans.finish(tenant, record.scan_id, { ...outcome, error: { code: 'blurry', message: 'second' } })).toBe(false);

    const stored = await stores.scans.get(tenant, record.scan_id, { consistent: true });
    expect(stored).toEqual({ ...record, ...outcome, error: { code: 'no_face', message: 'first' } });
    expect(await stores.scans.processingBefore('2101-01-01T00:00:00.000Z', 100)).not.toContainEqual(expect.objectContaining({ scanId: record.scan_id }));
    // Queries: the tenant's partition, and the user's on gsi1.
    expect((await stores.scans.list(tenant, { limit: 10 })).items.map((s) => s.scan_id)).toEqual([record.scan_id]);
    expect(await stores.scans.idsOfUser(tenant, 'user-7')).toEqual([record.scan_id]);
    expect(await stores.scans.idsOfUser({ ...tenant, environment: 'live' }, 'user-7')).toEqual([]);
  });

  it('when two sweeps mark the same stuck scan, then the conditional update lets one of them re-queue it', async () => {
    const tenant = { accountId: 'acct_moto_c', environment: 'test' as const };
    const record = processingRecord('scan_01MOTO0000000000000000000C', tenant.accountId);
    await stores.scans.create(record);
    const [ref] = (await stores.scans.processingBefore('2100-01-01T07:00:00.000Z', 100)).filter((r) => r.scanId === record.scan_id);

    expect(await stores.scans.markRequeued(ref, '2100-01-01T07:00:00.000Z')).toBe(true);
    expect(await stores.scans.markRequeued(ref, '2100-01-01T07:00:00.001Z')).toBe(false);
    expect(await stores.scans.get(tenant, record.scan_id, { consistent: true })).toMatchObject({ status: 'processing', recoveries: 1 });
  });
});

describe('S3 adapter (ImageStore) against moto', () => {
  it('when images are put, read, checked and deleted by key and by prefix, then S3 answers each as the service expects', async () => {
    const prefix = 'acct_moto_s3/test/scan_s3/';
    await stores.images.put(`${prefix}image.jpg`, Buffer.from('jpeg bytes'), 'image/jpeg', 'test');
    await stores.images.put(`${prefix}overlay-acne.png`, Buffer.from('png bytes'), 'image/png', 'test');
    await stores.images.put('acct_moto_s3/live/scan_other/image.jpg', Buffer.from('other'), 'image/jpeg', 'live');

    expect(Buffer.from((await stores.images.get(`${prefix}image.jpg`))!).toString()).toBe('jpeg bytes');
    expect(await stores.images.get(`${prefix}missing.jpg`)).toBeUndefined();
    expect([await stores.images.exists(`${prefix}image.jpg`), await stores.images.exists(`${prefix}missing.jpg`)]).toEqual([true, false]);
    const s3 = new S3Client({ region: REGION, endpoint: moto.endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    const { TagSet } = await s3.send(new GetObjectTaggingCommand({ Bucket: config.IMAGES_BUCKET, Key: `${prefix}image.jpg` }));
    expect(TagSet).toEqual([{ Key: 'environment', Value: 'test' }]);

    await stores.images.delete([`${prefix}overlay-acne.png`]);
    expect(await stores.images.exists(`${prefix}overlay-acne.png`)).toBe(false);
    await stores.images.deletePrefix(prefix);
    expect(await stores.images.exists(`${prefix}image.jpg`)).toBe(false);
    expect(await stores.images.exists('acct_moto_s3/live/scan_other/image.jpg')).toBe(true);
  });
});

describe('S3 presigned POST (UploadObjects) against moto', () => {
  it('when a file is posted to the presigned POST form, then S3 stores it under the presigned key and the store reads it back', async () => {
    const key = `${UPLOAD_LIMITS.keyPrefix}acct_moto/test/upl_moto/image`;
    const bytes = await faceJpeg('frontal');
    const presigned = await stores.uploadObjects.presign(key, 'image/jpeg');
    expect(presigned.url).toBe(`${moto.endpoint}/${config.IMAGES_BUCKET}`);
    expect(presigned.fields).toMatchObject({ key, 'Content-Type': 'image/jpeg', Policy: expect.any(String), 'X-Amz-Signature': expect.any(String) });

    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'face.jpg');
    const response = await fetch(presigned.url, { method: 'POST', body: form });

    expect(response.status).toBeLessThan(300);
    expect(await stores.uploadObjects.size(key)).toBe(bytes.length);
    expect(Buffer.from(await stores.uploadObjects.read(key)).equals(bytes)).toBe(true);
    await stores.uploadObjects.delete(key);
    expect(await stores.uploadObjects.size(key)).toBeUndefined();
  });
});

describe('the Lambda entries end to end through moto', () => {
  let receiver: Server;
  const received: { headers: Record<string, string>; body: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('when a scan is posted to the API handler, then inference completes it from SQS and delivery POSTs a verified scan.completed', async () => {
    const account = await createAccount({ accounts: stores.accounts, clock: systemClock }, { name: 'moto', plan: 'business' });
    const { key } = await issueKey({ keys: stores.keys, accounts: stores.accounts, clock: systemClock }, { accountId: account.account_id, environment: 'test' });
    const tenant = { accountId: account.account_id, environment: 'test' as const };
    const endpoint = await addEndpoint(
      { endpoints: stores.webhooks, clock: systemClock, rules: { allowLoopback: true } },
      { tenant, url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['scan.completed'] },
    );

    const api = (await import('../../functions/runtime/lambda/api')).handler as unknown as (e: APIGatewayProxyEvent, c: unknown) => Promise<APIGatewayProxyResult>;
    const inference = (await import('../../functions/runtime/lambda/inference')).handler as unknown as SqsLambdaHandler;
    const delivery = (await import('../../functions/runtime/lambda/delivery')).handler as unknown as SqsLambdaHandler;
    const inferenceSource = new SqsEventSource(sqs, queues.scans, inference, { batchSize: 1, functionName: 'skin-inference', region: REGION });
    const deliverySource = new SqsEventSource(sqs, queues.deliveries, delivery, { batchSize: 10, functionName: 'skin-delivery', region: REGION });

    const form = new Request('http://form', { method: 'POST', body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne,redness' }) });
    const accepted = await api(
      restEvent('POST', '/v1/scans', {
        Authorization: `Bearer ${key}`,
        'Content-Type': form.headers.get('content-type')!,
        Prefer: 'respond-async',
      }, Buffer.from(await form.arrayBuffer())),
      lambdaContext('skin-api'),
    );
    expect(accepted.statusCode).toBe(202);
    const scanId = JSON.parse(accepted.body).scan_id as string;

    // The job is on SQS; the poller hands it to the real inference entry, which stores the outcome once.
    for (let i = 0; i < 50 && (await inferenceSource.pollOnce()) === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(inferenceSource.invocations).toEqual([{ records: 1, failed: [] }]);

    const read = await api(restEvent('GET', `/v1/scans/${scanId}`, { Authorization: `Bearer ${key}` }), lambdaContext('skin-api'));
    expect(read.statusCode).toBe(200);
    const scan = JSON.parse(read.body);
    expect(scan).toMatchObject({ scan_id: scanId, status: 'completed', error: null, skin_score: expect.any(Number) });
    expect(Object.keys(scan.markers).sort()).toEqual(['acne', 'redness']);

    // scan.completed went to the delivery queue; the delivery entry fans it out and POSTs it, signed.
    for (let i = 0; i < 100 && received.length === 0; i++) {
      await deliverySource.pollOnce();
      if (received.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(received).toHaveLength(1);
    const event = new Webhook(endpoint.secret).verify(received[0].body, {
      'webhook-id': received[0].headers['webhook-id'],
      'webhook-timestamp': received[0].headers['webhook-timestamp'],
      'webhook-signature': received[0].headers['webhook-signature'],
    });
    expect(event).toEqual({
      event: 'scan.completed',
      scan_id: scanId,
      user_id: null,
      skin_score: scan.skin_score,
      timestamp: scan.completed_at,
      markers: scan.markers,
    });
    expect(deliverySource.invocations.every((call) => call.failed.length === 0)).toBe(true);
  }, 120_000);

  it('when the inference entry reports a job failed, then the poller leaves it on SQS and the redrive policy moves it to the DLQ', async () => {
    const dlq = await createQueue('poison-dlq');
    const queue = await createQueue('poison', {
      VisibilityTimeout: '1',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: 2 }),
    });
    const inference = (await import('../../functions/runtime/lambda/inference')).handler as unknown as SqsLambdaHandler;
    const source = new SqsEventSource(sqs, queue, inference, { batchSize: 1, functionName: 'skin-inference', region: REGION });
    await new SqsQueue(sqs, queue.url).send('{"not":"a scan job"}');

    expect(await source.pollOnce()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await source.pollOnce()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await source.pollOnce()).toBe(0);

    const [first, second] = source.invocations;
    expect(first.failed).toHaveLength(1);
    expect(second.failed).toEqual(first.failed);
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: dlq.url, MessageSystemAttributeNames: ['All'] }));
    expect(Messages.map((m) => [m.MessageId, m.Body])).toEqual([[first.failed[0], '{"not":"a scan job"}']]);
  });

  it('when a scan job was lost, then the recovery sweep finds it through the processing index on moto and re-queues it on SQS', async () => {
    const tenant = { accountId: 'acct_moto_sweep', environment: 'test' as const };
    const record = { ...processingRecord('scan_01MOTO000000000000000000SW', tenant.accountId), created_at: new Date(Date.now() - 3_600_000).toISOString() };
    await stores.images.put(record.image_key, await faceJpeg('frontal'), 'image/jpeg', 'test');
    await stores.scans.create(record);

    const report = await recoverStuckScans(
      {
        clock: systemClock,
        scans: stores.scans,
        images: stores.images,
        scanQueue: new SqsQueue(sqs, queues.scans.url),
        logger: new Logger({ serviceName: 'recovery', logLevel: 'ERROR' }),
        metrics: noopMetrics,
        onScanFinished: [],
      },
      { stuckAfterMs: 1_800_000, maxRecoveries: 2, batchLimit: 100 },
    );

    expect(report).toEqual({ examined: 1, requeued: 1, failed: 0, skipped: 0, errors: 0 });
    const { Messages = [] } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queues.scans.url, MaxNumberOfMessages: 10 }));
    expect(Messages.map((m) => JSON.parse(m.Body!))).toEqual([{ scan_id: record.scan_id, account_id: tenant.accountId, environment: 'test' }]);
  });
});

function restEvent(method: string, path: string, headers: Record<string, string>, body?: Buffer): APIGatewayProxyEvent {
  return restApiEvent(method, path, { headers: { Host: 'abc123defg.execute-api.us-east-1.amazonaws.com', ...headers }, body });
}
