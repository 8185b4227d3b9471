/** Dashboard POSTs whose body is not a readable form: a 400 page, never a 500 with an ERROR log line. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { csrfOf, DashboardClient, startDashboardStack } from './helpers';

let stack: TestStack;

beforeAll(async () => {
  ({ stack } = await startDashboardStack());
});

afterAll(async () => {
  await stack?.close();
});

/** POSTs `body` as `contentType` with the client's cookies and this origin. */
async function postRaw(client: DashboardClient, path: string, contentType: string, body: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: stack.apiUrl, 'content-type': contentType },
    body,
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text() };
}

describe('malformed dashboard forms', () => {
  it('when a multipart body has no boundary or is cut off, then sign-in and a signed-in POST answer 400 and nothing is created', async () => {
    const visitor = new DashboardClient(stack.apiUrl);
    csrfOf((await visitor.get('/dashboard/sign-in')).html);
    const noBoundary = await postRaw(visitor, '/dashboard/sign-in', 'multipart/form-data', 'garbage');
    expect(noBoundary.status).toBe(400);
    expect(noBoundary.html).toContain('Form not readable');

    const owner = new DashboardClient(stack.apiUrl);
    expect((await owner.signUp('forms@example.com', 'correct horse battery F')).status).toBe(303);
    const accountId = (await stack.stores.members.findByEmail('forms@example.com'))!.account_id;
    const before = (await stack.stores.keys.listByAccount(accountId)).length;
    const cutOff = await postRaw(owner, '/dashboard/keys?env=test', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\nbroken');
    expect(cutOff.status).toBe(400);
    expect(cutOff.html).toContain('Form not readable');
    expect((await stack.stores.keys.listByAccount(accountId)).length).toBe(before);
  });
});
