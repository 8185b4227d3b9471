import type { MiddlewareHandler } from 'hono';
import { elapsedMs, METRIC, statusClass, type MetricsSink } from '../../kernel/metrics';
import type { ApiEnv } from '../deps';

/** Counts every response by status class and records its latency; first in the chain, so it sees every answer. */
export function requestMetrics(metrics: MetricsSink): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    let status = 500;
    try {
      await next();
      status = c.res.status;
    } finally {
      metrics.count(METRIC.apiRequests, { statusClass: statusClass(status) });
      metrics.duration(METRIC.apiLatency, elapsedMs(started));
    }
  };
}
