import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * X-Ray tracing of a Lambda function (Powertools Tracer). Active only on Lambda with tracing on (the stack sets
 * Tracing.ACTIVE); elsewhere every call is a no-op. Plain HTTP(S) requests are not captured: the AWS SDK clients
 * are captured one by one (`traceClient`), and the webhook requests of the delivery function must not carry our
 * trace header to receivers, nor put their URLs (which may hold a receiver's token) into traces.
 */
export function createTracer(name: string): Tracer {
  return new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || `skin-${name}`, captureHTTPsRequests: false });
}

/** The same AWS SDK v3 client, with a subsegment per call (DynamoDB, S3, SQS). */
export function traceClient<T>(tracer: Tracer, client: T): T {
  return tracer.captureAWSv3Client(client);
}

/**
 * Powertools' `captureLambdaHandler` applied to a plain handler function (it is written as a method decorator):
 * a `## handler` subsegment with the ColdStart and Service annotations, and errors as metadata. Responses are not
 * recorded (they may hold scan results or image bytes).
 */
export function captureLambdaHandler<E, R, C>(tracer: Tracer, handler: (event: E, context: C) => Promise<R>): (event: E, context: C) => Promise<R> {
  const descriptor: TypedPropertyDescriptor<(event: E, context: C) => Promise<R>> = { value: handler };
  const decorate = tracer.captureLambdaHandler({ captureResponse: false }) as unknown as (
    target: unknown,
    key: string,
    descriptor: TypedPropertyDescriptor<(event: E, context: C) => Promise<R>>,
  ) => void;
  decorate({}, 'handler', descriptor);
  return descriptor.value!;
}
