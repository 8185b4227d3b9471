/**
 * Metrics and log context: the in-memory sink injected into the local stack gets the right points where things
 * happen (API requests, scans, webhook deliveries); the Lambda sink writes CloudWatch EMF; the Lambda wrapper puts
 * the request id on every log line of an invocation.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InMemoryMetrics, METRIC, METRICS_NAMESPACE, type MetricName, type MetricDimensions } from '../functions/kernel/metrics';
import { PowertoolsMetricsSink } from '../functions/adapters/aws/powertools-metrics';
import { observedHandler } from '../functions/adapters/aws/lambda-handler';
import { createTracer } from '../functions/adapters/aws/tracing';
import { createEvent } from '../functions/webhooks/events';
import { newId } from '../functions/kernel/ids';
import { startTestStack, type TestStack } from './helpers/stack';
import { bearer, scanForm } from './helpers/http';
import { faceJpeg, gradientJpeg } from './helpers/images';
import { startReceiver, type Receiver } from './webhooks/helpers/receiver';
import { registerEndpoint, waitUntil } from './webhooks/helpers/endpoints';

const metrics = new InMemoryMetrics();
let stack: TestStack;
const receivers: Receiver[] = [];

beforeAll(async () => {
  stack = await startTestStack({ metrics, webhookRetrySchedule: '0,0.2', webhookTimeoutMs: 1_000 });
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await stack?.close();
});

const postScan = (image: Buffer, headers: Record<string, string> = {}) =>
  fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image, markers: 'acne,hydration' }), headers: { ...bearer(stack.key), ...headers } });

/** The metric's total once it reaches `atLeast` (inference and delivery record after the API has answered). */
function totalOnceAtLeast(name: MetricName, dimensions: MetricDimensions, atLeast: number): Promise<number> {
  return waitUntil(async () => metrics.total(name, dimensions), (total) => total >= atLeast, 10_000);
}

describe('scan and API metrics (in-memory sink in the local stack)', () => {
  it('when a face photo is scanned, then the scan is counted submitted and completed once, with analysis and end-to-end latency, and the request as 2xx', async () => {
    const before = {
      submitted: metrics.total(METRIC.scansSubmitted),
      completed: metrics.total(METRIC.scansCompleted),
      ok: metrics.total(METRIC.apiRequests, { statusClass: '2xx' }),
      analyses: metrics.points(METRIC.analysisLatency).length,
    };
    const response = await postScan(await faceJpeg('frontal'));
    expect(response.status).toBe(201);

    expect(metrics.total(METRIC.scansSubmitted)).toBe(before.submitted + 1);
    expect(await totalOnceAtLeast(METRIC.scansCompleted, {}, before.completed + 1)).toBe(before.completed + 1);
    expect(metrics.total(METRIC.apiRequests, { statusClass: '2xx' })).toBe(before.ok + 1);
    const analyses = metrics.points(METRIC.analysisLatency).slice(before.analyses);
    expect(analyses).toHaveLength(1);
    expect(analyses[0]).toMatchObject({ unit: 'Milliseconds', dimensions: {} });
    expect(analyses[0].value).toBeGreaterThan(0);
    expect(metrics.points(METRIC.scanLatency).at(-1)!.value).toBeGreaterThanOrEqual(0);
    expect(metrics.points(METRIC.apiLatency).at(-1)).toMatchObject({ unit: 'Milliseconds' });
  });

  it('when a photo without a face is scanned, then the scan is counted failed with the code no_face', async () => {
    const before = metrics.total(METRIC.scansFailed, { code: 'no_face' });
    const response = await postScan(await gradientJpeg());
    expect(response.status).toBe(422);
    expect(await totalOnceAtLeast(METRIC.scansFailed, { code: 'no_face' }, before + 1)).toBe(before + 1);
    expect(metrics.points(METRIC.scansFailed).every((point) => Object.keys(point.dimensions).join() === 'code')).toBe(true);
  });

  it('when the same scan is sent twice with one Idempotency-Key, then it is counted submitted once', async () => {
    const before = metrics.total(METRIC.scansSubmitted);
    const image = await faceJpeg('frontal');
    const key = `metrics-${Date.now()}`;
    expect((await postScan(image, { 'Idempotency-Key': key })).status).toBe(201);
    const replay = await postScan(image, { 'Idempotency-Key': key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(metrics.total(METRIC.scansSubmitted)).toBe(before + 1);
  });

  it('when a request has no key, then it is counted as 4xx', async () => {
    const before = metrics.total(METRIC.apiRequests, { statusClass: '4xx' });
    expect((await fetch(`${stack.apiUrl}/v1/markers`)).status).toBe(401);
    expect(metrics.total(METRIC.apiRequests, { statusClass: '4xx' })).toBe(before + 1);
  });
});

describe('webhook delivery metrics (in-memory sink in the local stack)', () => {
  async function publishTo(status: number) {
    const receiver = await startReceiver(() => ({ status }));
    receivers.push(receiver);
    const accountId = await stack.newAccount('business');
    await registerEndpoint(stack, { accountId, url: receiver.url });
    const event = createEvent(
      { event: 'scan.completed', scan_id: newId('scan'), user_id: 'u1', skin_score: 71, timestamp: new Date().toISOString(), markers: { acne: { score: 71, severity: 'low' } } },
      { key: newId('req'), timeMs: Date.now() },
    );
    await stack.events.publish({ accountId, environment: 'test' }, event);
    return receiver;
  }

  it('when a receiver answers 200, then one successful attempt with its latency and one succeeded delivery are counted', async () => {
    const before = { attempts: metrics.total(METRIC.webhookAttempts, { result: 'success' }), succeeded: metrics.total(METRIC.webhookDeliveriesSucceeded) };
    const receiver = await publishTo(200);
    await receiver.waitFor((requests) => requests.length === 1);
    expect(await totalOnceAtLeast(METRIC.webhookDeliveriesSucceeded, {}, before.succeeded + 1)).toBe(before.succeeded + 1);
    expect(metrics.total(METRIC.webhookAttempts, { result: 'success' })).toBe(before.attempts + 1);
    expect(metrics.points(METRIC.webhookAttemptLatency).at(-1)).toMatchObject({ unit: 'Milliseconds', dimensions: {} });
  });

  it('when a receiver keeps answering 503, then every attempt is counted failed and the delivery failed as exhausted', async () => {
    const before = { attempts: metrics.total(METRIC.webhookAttempts, { result: 'failure' }), failed: metrics.total(METRIC.webhookDeliveriesFailed, { reason: 'exhausted' }) };
    const receiver = await publishTo(503);
    expect(await totalOnceAtLeast(METRIC.webhookDeliveriesFailed, { reason: 'exhausted' }, before.failed + 1)).toBe(before.failed + 1);
    expect(receiver.requests).toHaveLength(2); // the schedule '0,0.2'
    expect(metrics.total(METRIC.webhookAttempts, { result: 'failure' })).toBe(before.attempts + 2);
  });
});

describe('the Lambda sink and wrapper', () => {
  let lines: string[] = [];
  const captureStdout = () => {
    lines = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      return true;
    });
  };
  const emf = () => lines.map((line) => JSON.parse(line) as Record<string, any>).filter((entry) => entry._aws);
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('when points are recorded, then dimensioned ones are written at once and the rest on flush, as EMF in the SkinAnalysis namespace', () => {
    captureStdout();
    const sink = new PowertoolsMetricsSink({ serviceName: 'skin-test' });
    sink.count(METRIC.scansFailed, { code: 'blurry' });
    expect(emf()).toHaveLength(1);
    expect(emf()[0]).toMatchObject({ service: 'skin-test', code: 'blurry', ScansFailed: 1 });
    expect(emf()[0]._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Dimensions: [['service', 'code']],
      Metrics: [{ Name: 'ScansFailed', Unit: 'Count' }],
    });

    sink.count(METRIC.scansCompleted);
    sink.duration(METRIC.analysisLatency, 812.5);
    expect(emf()).toHaveLength(1);
    sink.flush();
    expect(emf()).toHaveLength(2);
    expect(emf()[1]).toMatchObject({ service: 'skin-test', ScansCompleted: 1, AnalysisLatency: 812.5 });
    expect(emf()[1]._aws.CloudWatchMetrics[0].Metrics).toEqual(
      expect.arrayContaining([{ Name: 'ScansCompleted', Unit: 'Count' }, { Name: 'AnalysisLatency', Unit: 'Milliseconds' }]),
    );

    sink.flush(); // nothing buffered: no line, no warning
    expect(lines).toHaveLength(2);
  });

  it('when a wrapped handler logs, then the lines carry the invocation request id and Lambda context, and the metrics are flushed at the end', async () => {
    captureStdout();
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand'); // as on Lambda: Powertools tracks cold starts only there
    const logger = new Logger({ serviceName: 'skin-test', logLevel: 'INFO' });
    const sink = new PowertoolsMetricsSink({ serviceName: 'skin-test' });
    const handler = observedHandler(
      { logger, metrics: sink, tracer: createTracer('test') },
      async (event: { requestContext: { requestId: string } }) => {
        logger.info('handling');
        sink.count(METRIC.apiRequests);
        return event.requestContext.requestId;
      },
      { logKeys: (event) => ({ requestId: event.requestContext.requestId }) },
    );
    const context = { functionName: 'skin-api', awsRequestId: 'lambda-req-1', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

    expect(await handler({ requestContext: { requestId: 'api-req-1' } }, context)).toBe('api-req-1');
    logger.info('after');

    const logs = lines.map((line) => JSON.parse(line) as Record<string, any>).filter((entry) => entry.message);
    expect(logs.find((entry) => entry.message === 'handling')).toMatchObject({ requestId: 'api-req-1', function_request_id: 'lambda-req-1', cold_start: true });
    expect(logs.find((entry) => entry.message === 'after')).not.toHaveProperty('requestId');
    const flushed = emf().filter((entry) => 'ApiRequests' in entry);
    expect(flushed).toHaveLength(1);
    expect(emf().filter((entry) => 'ColdStart' in entry)).toEqual([expect.objectContaining({ function_name: 'skin-api', ColdStart: 1 })]);

    await handler({ requestContext: { requestId: 'api-req-2' } }, context);
    expect(emf().filter((entry) => 'ColdStart' in entry)).toHaveLength(1); // once per container
  });
});
