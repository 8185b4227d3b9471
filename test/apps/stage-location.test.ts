/**
 * `Location` behind API Gateway: the same app through the Lambda adapter with REST API proxy events of the stage
 * /prod, over the local stack's stores and queue. The URL a client polls must include the stage.
 */
import { handle } from 'hono/aws-lambda';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/api/app';
import { buildApiDeps } from '../../functions/runtime/build-api-deps';
import { createDocumentClient } from '../../functions/adapters/aws/clients';
import { startTestStack, type TestStack } from '../helpers/stack';
import { faceJpeg } from '../helpers/images';
import { createUpload, postToStorage } from './support';
import { restApiEvent } from '../helpers/api-gateway-event';

let stack: TestStack;
let handler: ReturnType<typeof handle>;

beforeAll(async () => {
  stack = await startTestStack();
  const deps = buildApiDeps(stack.config, { stores: stack.stores, db: createDocumentClient(stack.config), scanQueue: stack.scanQueue, events: stack.events, clock: stack.clock });
  handler = handle(createApp(deps));
});
afterAll(async () => {
  await stack?.close();
});

function restEvent(method: string, path: string, headers: Record<string, string>, body?: string): APIGatewayProxyEvent {
  return restApiEvent(method, path, { headers, body, requestId: 'gw-request-1' });
}

async function invoke(event: APIGatewayProxyEvent) {
  const result = (await handler(event as unknown as Parameters<typeof handler>[0], {} as Context)) as APIGatewayProxyResult & { multiValueHeaders?: Record<string, string[]> };
  const header = (name: string) => (result.headers?.[name.toLowerCase()] ?? result.multiValueHeaders?.[name.toLowerCase()]?.[0]) as string | undefined;
  return { status: result.statusCode, header, body: JSON.parse(result.body) };
}

describe('Location behind an API Gateway stage', () => {
  it('when a scan is accepted through the stage /prod, then Location is /prod/v1/scans/{id}, and polling it (the stage stripped by API Gateway) finds the scan', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg' });
    expect((await postToStorage(upload, await faceJpeg('frontal'))).status).toBe(204);
    const accepted = await invoke(
      restEvent('POST', '/v1/scans', { Authorization: `Bearer ${stack.key}`, 'Content-Type': 'application/json', Prefer: 'respond-async' }, JSON.stringify({ upload_id: upload.upload_id, markers: 'acne' })),
    );
    expect(accepted.status).toBe(202);
    expect(accepted.header('Location')).toBe(`/prod/v1/scans/${accepted.body.scan_id}`);
    expect(accepted.header('Preference-Applied')).toBe('respond-async');

    const polled = await invoke(restEvent('GET', accepted.header('Location')!.replace(/^\/prod/, ''), { Authorization: `Bearer ${stack.key}` }));
    expect(polled.status).toBe(200);
    expect(polled.body.scan_id).toBe(accepted.body.scan_id);
  });

  it('when the same scan is answered on the local stack (no stage), then Location has no prefix', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg' });
    expect((await postToStorage(upload, await faceJpeg('frontal'))).status).toBe(204);
    const response = await fetch(`${stack.apiUrl}/v1/scans`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.key}`, 'Content-Type': 'application/json', Prefer: 'respond-async' },
      body: JSON.stringify({ upload_id: upload.upload_id }),
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('Location')).toBe(`/v1/scans/${(await response.json()).scan_id}`);
  });
});
