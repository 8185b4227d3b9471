import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, type MetricDimensions, type MetricName, type MetricsSink } from '../../kernel/metrics';

/**
 * The Lambda metrics sink: Powertools Metrics, written as CloudWatch Embedded Metric Format lines to stdout, which
 * Lambda's log stream turns into metrics (no PutMetricData call, no extra permission). Points without dimensions
 * are buffered and written once per invocation by `flush()`; a point with dimensions is written at once on its
 * own line (EMF allows one dimension set per line). Every point carries the `service` dimension.
 */
export class PowertoolsMetricsSink implements MetricsSink {
  readonly metrics: Metrics;

  constructor(options: { serviceName: string; namespace?: string; metrics?: Metrics }) {
    this.metrics =
      options.metrics ??
      new Metrics({
        namespace: options.namespace ?? (process.env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE),
        serviceName: options.serviceName,
      });
  }

  count(name: MetricName, dimensions?: MetricDimensions, value = 1): void {
    this.add(name, MetricUnit.Count, value, dimensions);
  }

  duration(name: MetricName, milliseconds: number, dimensions?: MetricDimensions): void {
    this.add(name, MetricUnit.Milliseconds, milliseconds, dimensions);
  }

  /** Writes the buffered points, if any (Powertools warns on an empty flush, so an empty one is skipped). */
  flush(): void {
    if (this.metrics.hasStoredMetrics()) this.metrics.publishStoredMetrics();
  }

  /** The `ColdStart` metric, once per container (Powertools keeps track). */
  captureColdStart(functionName?: string): void {
    this.metrics.captureColdStartMetric(functionName);
  }

  private add(name: MetricName, unit: (typeof MetricUnit)[keyof typeof MetricUnit], value: number, dimensions?: MetricDimensions): void {
    if (dimensions && Object.keys(dimensions).length > 0) {
      const single = this.metrics.singleMetric();
      single.addDimensions(dimensions);
      single.addMetric(name, unit, value);
      return;
    }
    this.metrics.addMetric(name, unit, value);
  }
}

/** The sink of one Lambda function; the service is POWERTOOLS_SERVICE_NAME (set by the stack), else `skin-${name}`. */
export function createLambdaMetrics(name: string): PowertoolsMetricsSink {
  return new PowertoolsMetricsSink({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || `skin-${name}` });
}
