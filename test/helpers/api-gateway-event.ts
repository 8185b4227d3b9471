import type { APIGatewayProxyEvent } from 'aws-lambda';

export interface RestEventOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Bytes go base64-encoded (API Gateway base64-encodes every body when any media type is binary); a string as is. */
  body?: Buffer | string;
  requestId?: string;
  /** The caller's address as API Gateway saw it (default 127.0.0.1). */
  sourceIp?: string;
}

/**
 * A REST API (v1) proxy event as API Gateway sends it to the API function for the stage `prod`: the stage is in
 * `requestContext.path` but not in `path`, which is what the stage-prefix logic (functions/http/base-path.ts) reads.
 */
export function restApiEvent(method: string, path: string, options: RestEventOptions = {}): APIGatewayProxyEvent {
  const headers = { Host: 'abc123defg.execute-api.eu-west-1.amazonaws.com', 'X-Forwarded-Proto': 'https', ...options.headers };
  const { body, query } = options;
  return {
    resource: '/{proxy+}',
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: query ?? null,
    multiValueQueryStringParameters: query ? Object.fromEntries(Object.entries(query).map(([name, value]) => [name, [value]])) : null,
    pathParameters: { proxy: path.slice(1) },
    stageVariables: null,
    body: body === undefined ? null : Buffer.isBuffer(body) ? body.toString('base64') : body,
    isBase64Encoded: Buffer.isBuffer(body),
    requestContext: {
      path: `/prod${path}`,
      stage: 'prod',
      requestId: options.requestId ?? `gw-${Math.random().toString(36).slice(2)}`,
      httpMethod: method,
      resourcePath: '/{proxy+}',
      domainName: headers.Host,
      identity: { sourceIp: options.sourceIp ?? '127.0.0.1' },
    } as APIGatewayProxyEvent['requestContext'],
  };
}
