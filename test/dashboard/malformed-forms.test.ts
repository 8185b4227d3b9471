/** Dashboard POSTs whose body is not a readable form (400) or too large (413): a page, never a 500 with an ERROR log line. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../helpers/stack';
import { FORM_MAX_BYTES } from '../../functions/dashboard/routes';
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

  it('when a sign-up form is larger than the dashboard reads, then 413 and no member is made', async () => {
    const visitor = new DashboardClient(stack.apiUrl);
    const token = csrfOf((await visitor.get('/dashboard/sign-up')).html);
    const fields = { _csrf: token, email: 'big@example.com', password: 'correct horse battery big', account_name: 'Big' };
    const padded = new URLSearchParams({ ...fields, padding: 'p'.repeat(FORM_MAX_BYTES) }).toString();
    const answer = await postRaw(visitor, '/dashboard/sign-up', 'application/x-www-form-urlencoded', padded);
    expect(answer.status).toBe(413);
    expect(answer.html).toContain('Form too large');
    expect(await stack.stores.members.findByEmail('big@example.com')).toBeUndefined();
  });
});
