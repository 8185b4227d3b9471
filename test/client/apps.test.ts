/**
 * The TypeScript client's app flow against the local stack: the back end mints a client token with its secret key,
 * the app (a second client holding only the token) uploads a photo directly and scans it. API responses are
 * checked against the OpenAPI document; the storage POST is not an API operation and is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SkinApiError, SkinClient, SkinError } from '../../clients/typescript/src/index';
import { startTestStack, type TestStack } from '../helpers/stack';
import { faceJpeg, oversizedFile } from '../helpers/images';
import { ContractValidator, contractFetch } from '../openapi/contract';

let stack: TestStack;
const validator = new ContractValidator();
const checked = contractFetch(validator);
const apiOnlyChecked: typeof fetch = (input, init) => (new URL(new Request(input, init).url).pathname.startsWith('/v1/') ? checked(input, init) : fetch(input, init));

const clientWith = (apiKey: string) => new SkinClient({ apiKey, baseUrl: stack.apiUrl, fetch: apiOnlyChecked, maxRetries: 0 });

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
  expect(validator.failures()).toEqual([]);
});

describe('the client for apps', () => {
  it('when the back end mints a token and the app uploads and scans with it, then the scan completes for the token\'s user', async () => {
    const backEnd = clientWith(stack.key);
    const minted = await backEnd.clientTokens.create({ userId: 'client-app-user', expiresIn: 600 });
    expect(minted).toMatchObject({ user_id: 'client-app-user', scopes: ['scans:write', 'scans:read', 'scores:read'], environment: 'test' });

    const app = clientWith(minted.token);
    const scan = await app.uploads.uploadAndScan({ image: new Blob([new Uint8Array(await faceJpeg('frontal'))], { type: 'image/jpeg' }), markers: ['acne', 'redness'], wait: 25 });
    expect(scan).toMatchObject({ status: 'completed', user_id: 'client-app-user', error: null });
    expect(Object.keys(scan.markers)).toEqual(['acne', 'redness']);
    expect(await app.scans.get(scan.scan_id)).toEqual(scan);

    await expect(app.clientTokens.create({ userId: 'client-app-user' })).rejects.toMatchObject({ name: 'SkinPermissionError', status: 403, code: 'insufficient_scope' });
    await expect(app.users.score('someone-else')).rejects.toBeInstanceOf(SkinApiError);
  });

  it('when storage refuses the photo (too large), then send throws naming the upload and S3\'s code, and the scan by that id is upload_incomplete', async () => {
    const client = clientWith(stack.key);
    const upload = await client.uploads.create({ contentType: 'image/jpeg' });
    const refused = client.uploads.send(upload, oversizedFile(upload.max_bytes + 1));
    await expect(refused).rejects.toBeInstanceOf(SkinError);
    await expect(refused).rejects.toThrow(`storage refused the upload ${upload.upload_id}: 400 EntityTooLarge`);
    await expect(client.uploads.scan(upload.upload_id)).rejects.toMatchObject({ status: 409, code: 'upload_incomplete' });
  });
});
