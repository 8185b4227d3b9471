/**
 * Service metrics, written where things happen (API requests, scans, webhook deliveries) through a small sink
 * injected like the logger: on Lambda the Powertools one (CloudWatch EMF, functions/adapters/aws/powertools-metrics.ts),
 * locally and in tests a no-op or an in-memory one, so the core stays testable and `skin dev` prints no EMF.
 *
 * Dimensions are few and of low cardinality (a status class, an error code, a reason): never ids, keys, URLs or
 * anything from a request body.
 */

/** The CloudWatch namespace of every custom metric (POWERTOOLS_METRICS_NAMESPACE in the stack). */
export const METRICS_NAMESPACE = 'SkinAnalysis';

/** Every custom metric, by where it is emitted. */
export const METRIC = {
  // API function
  /** Count per response, dimension `statusClass` (2xx, 4xx, 5xx). */
  apiRequests: 'ApiRequests',
  /** Milliseconds from the request entering the app to its response. */
  apiLatency: 'ApiLatency',
  /** Count of new scans (an idempotent replay is not one). */
  scansSubmitted: 'ScansSubmitted',
  // Inference function
  /** Count of scans whose outcome this job stored as completed. */
  scansCompleted: 'ScansCompleted',
  /** Count of scans whose outcome this job stored as failed, dimension `code` (no_face, blurry, analysis_failed …). */
  scansFailed: 'ScansFailed',
  /** Count of scan jobs that threw (retried by the queue, or passed to its DLQ after the last receive). */
  scanJobErrors: 'ScanJobErrors',
  /** Milliseconds of one analysis: image read, decode, models, overlays. */
  analysisLatency: 'AnalysisLatency',
  /** Milliseconds from the scan's creation to its stored outcome (queue wait and retries included). */
  scanLatency: 'ScanLatency',
  // Recovery sweep (functions/recovery)
  /** Count of stuck scans the sweep handled, dimension `action` (requeued, failed). */
  scansRecovered: 'ScansRecovered',
  // Delivery function
  /** Count per HTTP attempt, dimension `result` (success, failure). */
  webhookAttempts: 'WebhookAttempts',
  /** Milliseconds of one attempt (connect, send, the receiver's answer). */
  webhookAttemptLatency: 'WebhookAttemptLatency',
  /** Count of deliveries that succeeded. */
  webhookDeliveriesSucceeded: 'WebhookDeliveriesSucceeded',
  /** Count of delivery runs that ended failed, dimension `reason` (exhausted, gone, endpoint_unavailable). */
  webhookDeliveriesFailed: 'WebhookDeliveriesFailed',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
export type MetricUnitName = 'Count' | 'Milliseconds';
export type MetricDimensions = Record<string, string>;

export interface MetricsSink {
  /** Adds `value` (default 1) to a count. */
  count(name: MetricName, dimensions?: MetricDimensions, value?: number): void;
  /** Records a duration in milliseconds. */
  duration(name: MetricName, milliseconds: number, dimensions?: MetricDimensions): void;
  /** Writes what is buffered (on Lambda at the end of each invocation); a no-op for sinks that buffer nothing. */
  flush(): void;
}

/** Records nothing: the default of the local stack and the CLI. */
export const noopMetrics: MetricsSink = {
  count: () => {},
  duration: () => {},
  flush: () => {},
};

export interface RecordedMetric {
  name: MetricName;
  unit: MetricUnitName;
  value: number;
  dimensions: MetricDimensions;
}

/** Keeps every point in memory, for tests (and for a local run that wants to look at them). */
export class InMemoryMetrics implements MetricsSink {
  readonly recorded: RecordedMetric[] = [];

  count(name: MetricName, dimensions: MetricDimensions = {}, value = 1): void {
    this.recorded.push({ name, unit: 'Count', value, dimensions: { ...dimensions } });
  }

  duration(name: MetricName, milliseconds: number, dimensions: MetricDimensions = {}): void {
    this.recorded.push({ name, unit: 'Milliseconds', value: milliseconds, dimensions: { ...dimensions } });
  }

  flush(): void {}

  /** The points of one metric, optionally only those whose dimensions include `dimensions`. */
  points(name: MetricName, dimensions: MetricDimensions = {}): RecordedMetric[] {
    return this.recorded.filter(
      (point) => point.name === name && Object.entries(dimensions).every(([key, value]) => point.dimensions[key] === value),
    );
  }

  /** The sum of a count (or of a duration's values). */
  total(name: MetricName, dimensions: MetricDimensions = {}): number {
    return this.points(name, dimensions).reduce((sum, point) => sum + point.value, 0);
  }

  clear(): void {
    this.recorded.length = 0;
  }
}

/** `2xx`, `4xx`, `5xx` … of an HTTP status. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Milliseconds since `startedAt` (a `performance.now()` reading), rounded to 0.1 ms. */
export function elapsedMs(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 10) / 10;
}
