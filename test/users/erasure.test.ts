import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { createS3Client } from '../../functions/adapters/aws/clients';
import { physicalTableName, TABLE_NAMES } from '../../functions/adapters/aws/tables';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { startReceiver, type Receiver } from '../webhooks/helpers/receiver';
import { registerEndpoint, waitUntil } from '../webhooks/helpers/endpoints';

let stack: TestStack;
let receiver: Receiver;

beforeAll(async () => {
  stack = await startTestStack();
  receiver = await startReceiver();
  await registerEndpoint(stack, { accountId: stack.accountId, url: `${receiver.url}/hooks` });
});
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

/** Every S3 object key and every DynamoDB item (as JSON) of the whole local stack. */
async function everything(): Promise<{ objects: string[]; items: string[] }> {
  const s3 = createS3Client(stack.config);
  const objects = ((await s3.send(new ListObjectsV2Command({ Bucket: stack.config.IMAGES_BUCKET }))).Contents ?? []).map((o) => o.Key!);
  const db = new DynamoDBClient({ region: 'local', endpoint: stack.config.DYNAMODB_ENDPOINT, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const items: string[] = [];
  for (const table of TABLE_NAMES) {
    const { Items = [] } = await db.send(new ScanCommand({ TableName: physicalTableName(stack.config.TABLE_PREFIX, table) }));
    items.push(...Items.map((item) => JSON.stringify(unmarshall(item))));
  }
  return { objects, items };
}

const post = (image: Buffer, userId: string, idempotencyKey: string) =>
  fetch(`${stack.apiUrl}/v1/scans`, {
    method: 'POST',
    body: scanForm({ image, markers: 'acne,redness', user_id: userId }),
    headers: bearer(stack.key, { 'Idempotency-Key': idempotencyKey }),
  }).then((r) => r.json());

describe('DELETE /v1/users/{user_id}', () => {
  it('when a user is erased, then no object of theirs is left in S3 and no item in DynamoDB, and every read is 404', async () => {
    const image = await faceJpeg('frontal');
    const erased = [await post(image, 'erase-me', 'k1'), await post(image, 'erase-me', 'k2')];
    const kept = await post(image, 'keep-me', 'k3');
    const routine = await (await fetch(`${stack.apiUrl}/v1/routines`, {
      method: 'POST',
      body: JSON.stringify({ scan_id: erased[0].scan_id }),
      headers: bearer(stack.key, { 'Content-Type': 'application/json', 'Idempotency-Key': 'r1' }),
    })).json();
    expect(routine.user_id).toBe('erase-me');
    // Their webhook deliveries are in the log once delivered.
    // 3 scan.completed, a score.updated for each user (the second identical scan leaves the score as it was), 1 routine.generated.
    await waitUntil(async () => receiver.requests.length, (n) => n >= 6);
    await stack.deliveryQueue.waitUntilIdle(10_000);

    const before = await everything();
    expect(before.objects.filter((key) => erased.some((s) => key.includes(s.scan_id))).length).toBeGreaterThan(2);
    expect(before.items.filter((item) => item.includes('erase-me')).length).toBeGreaterThan(4);

    const response = await fetch(`${stack.apiUrl}/v1/users/erase-me`, { method: 'DELETE', headers: bearer(stack.key) });
    expect(response.status).toBe(204);

    const after = await everything();
    expect(after.objects.filter((key) => erased.some((s) => key.includes(s.scan_id)))).toEqual([]);
    expect(after.items.filter((item) => item.includes('erase-me') || erased.some((s) => item.includes(s.scan_id)))).toEqual([]);
    for (const scan of erased) {
      expect((await fetch(`${stack.apiUrl}/v1/scans/${scan.scan_id}`, { headers: bearer(stack.key) })).status).toBe(404);
    }
    expect((await fetch(`${stack.apiUrl}/v1/users/erase-me/score`, { headers: bearer(stack.key) })).status).toBe(404);
    expect((await fetch(`${stack.apiUrl}/v1/routines/${routine.routine_id}`, { headers: bearer(stack.key) })).status).toBe(404);
    expect(after.items.filter((item) => item.includes(routine.routine_id))).toEqual([]);
    const list = await (await fetch(`${stack.apiUrl}/v1/scans?user_id=erase-me`, { headers: bearer(stack.key) })).json();
    expect(list.data).toEqual([]);

    // Another user of the same account is untouched, and the erased user's idempotency keys are free again.
    expect((await fetch(`${stack.apiUrl}/v1/scans/${kept.scan_id}`, { headers: bearer(stack.key) })).status).toBe(200);
    expect((await fetch(`${stack.apiUrl}/v1/users/keep-me/score`, { headers: bearer(stack.key) })).status).toBe(200);
    const again = await post(image, 'erase-me', 'k1');
    expect(again.scan_id).not.toBe(erased[0].scan_id);
  });

  it('when an unknown user is erased, then 204 all the same (erasure is idempotent)', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/users/never-seen`, { method: 'DELETE', headers: bearer(stack.key) });
    expect(response.status).toBe(204);
  });

  it('when the user id is malformed, then 400 naming user_id', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/users/${encodeURIComponent('a b')}`, { method: 'DELETE', headers: bearer(stack.key) });
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].param).toBe('user_id');
  });
});
