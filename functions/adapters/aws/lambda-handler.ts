import type { Logger } from '@aws-lambda-powertools/logger';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import type { PowertoolsMetricsSink } from './powertools-metrics';
import { captureLambdaHandler } from './tracing';

export interface LambdaObservability {
  logger: Logger;
  metrics: PowertoolsMetricsSink;
  tracer: Tracer;
}

/**
 * A Lambda entry with logs, metrics and traces around the core handler: the Lambda context (request id, cold
 * start) on every log line, plus `logKeys` of the event (e.g. API Gateway's request id) for this invocation only;
 * the ColdStart metric once per container; the buffered metrics written when the invocation ends, whatever its
 * outcome; and an X-Ray subsegment for the invocation.
 */
export function observedHandler<E, R>(
  parts: LambdaObservability,
  handler: (event: E, context: Context) => Promise<R>,
  options: { logKeys?: (event: E) => Record<string, string | undefined> } = {},
): (event: E, context: Context) => Promise<R> {
  const run = async (event: E, context: Context): Promise<R> => {
    parts.logger.addContext(context);
    const keys = options.logKeys?.(event);
    if (keys) parts.logger.appendKeys(keys);
    parts.metrics.captureColdStart(context?.functionName);
    try {
      return await handler(event, context);
    } finally {
      parts.metrics.flush();
      parts.logger.resetKeys();
    }
  };
  return captureLambdaHandler(parts.tracer, run);
}
