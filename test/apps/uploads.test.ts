/**
 * Direct uploads against the local stack: POST /v1/uploads hands out a presigned POST, the photo goes to storage
 * (s3rver behind the policy gate, as S3 would check it), POST /v1/scans with `upload_id` runs the same checks on
 * the object. Whatever is refused leaves nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { createS3Client } from '../../functions/adapters/aws/clients';
import { UPLOAD_LIMITS } from '../../functions/uploads/upload-limits';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer } from '../helpers/http';
import { FACE_CROPS, faceApiSample, faceJpeg, oversizedFile, pdfBytes } from '../helpers/images';
import { createUpload, mintToken, postToStorage, scanFromUpload } from './support';

/** Moves the stack's clock (the API's view of time: upload and token expiry). */
const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
let stack: TestStack;
let largePhoto: Buffer;

beforeAll(async () => {
  stack = await startTestStack({ clock });
  // A phone-sized photo: the frontal face upscaled to 4700 px, sharpened, at quality 100 without chroma subsampling,
  // with an EXIF field that must not survive into storage.
  const { sample, ...region } = FACE_CROPS.frontal;
  largePhoto = await sharp(faceApiSample(sample))
    .extract(region)
    .resize(4700, 4700, { kernel: 'lanczos3' })
    .sharpen()
    .withExif({ IFD0: { Copyright: 'private-owner-name', Artist: 'private-owner-name' } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
});
afterAll(async () => {
  await stack?.close();
});

async function storedKeys(prefix: string): Promise<string[]> {
  const s3 = createS3Client(stack.config);
  const page = await s3.send(new ListObjectsV2Command({ Bucket: stack.config.IMAGES_BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((object) => object.Key!);
}

async function scansOf(userId: string): Promise<string[]> {
  const page = await stack.stores.scans.list({ accountId: stack.accountId, environment: 'test' }, { userId, limit: 100 });
  return page.items.map((scan) => scan.scan_id);
}

const uploadsPrefix = () => `${UPLOAD_LIMITS.keyPrefix}${stack.accountId}/test/`;

describe('direct uploads', () => {
  it('when an 8 MB photo is uploaded with a client token and scanned by upload_id, then the scan completes for the token\'s user and only a metadata-free copy is kept', async () => {
    expect(largePhoto.length).toBeGreaterThan(8 * 1024 * 1024);
    const { body: minted } = await mintToken(stack, stack.key, { user_id: 'upload-user' });
    const upload = await createUpload(stack, minted.token, { content_type: 'image/jpeg' });
    expect(upload).toEqual({
      upload_id: expect.stringMatching(/^upl_[0-9A-Z]{26}$/),
      user_id: 'upload-user',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/skin-images$/),
      fields: expect.objectContaining({ key: `${uploadsPrefix()}${upload.upload_id}`, 'Content-Type': 'image/jpeg', Policy: expect.any(String), 'X-Amz-Signature': expect.any(String) }),
      max_bytes: UPLOAD_LIMITS.maxBytes,
      post_expires_at: expect.any(String),
      expires_at: expect.any(String),
    });
    expect(Date.parse(upload.expires_at) - Date.parse(upload.post_expires_at)).toBe((UPLOAD_LIMITS.useValiditySeconds - UPLOAD_LIMITS.postValiditySeconds) * 1000);

    const stored = await postToStorage(upload, largePhoto);
    expect(stored.status).toBe(204);

    const response = await scanFromUpload(stack, minted.token, { upload_id: upload.upload_id, markers: ['acne', 'hydration'] }, { Prefer: 'wait=25' });
    const scan = await response.json();
    expect(response.status, JSON.stringify(scan)).toBe(201);
    expect(response.headers.get('Location')).toBe(`/v1/scans/${scan.scan_id}`);
    expect(scan).toMatchObject({ status: 'completed', user_id: 'upload-user', image: { width: 4700, height: 4700, format: 'jpeg' }, error: null });
    expect(Object.keys(scan.markers)).toEqual(['acne', 'hydration']);
    expect(scan.skin_score).toEqual(expect.any(Number));

    // The upload is gone; the scan keeps its own copy, without the EXIF fields.
    expect(await storedKeys(uploadsPrefix())).toEqual([]);
    const record = await stack.stores.scans.get({ accountId: stack.accountId, environment: 'test' }, scan.scan_id);
    const kept = Buffer.from((await stack.stores.images.get(record!.image_key))!);
    expect(kept.length).toBeGreaterThan(7 * 1024 * 1024);
    expect(kept.includes(Buffer.from('private-owner-name'))).toBe(false);

    // The same upload id again: refused, nothing new.
    const again = await scanFromUpload(stack, minted.token, { upload_id: upload.upload_id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'upload_already_used', errors: [{ param: 'upload_id' }] });
    expect(await scansOf('upload-user')).toEqual([scan.scan_id]);
  }, 120_000);

  it('when a PDF is declared, then POST /v1/uploads is a 400 naming content_type', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/uploads`, {
      method: 'POST',
      headers: bearer(stack.key, { 'Content-Type': 'application/json' }),
      body: JSON.stringify({ content_type: 'application/pdf' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request', errors: [{ param: 'content_type' }] });
  });

  it('when a PDF is posted as application/pdf to an image policy, then storage refuses it (403) and nothing is stored', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg', user_id: 'pdf-user' });
    const stored = await postToStorage(upload, pdfBytes(), { fields: { 'Content-Type': 'application/pdf' }, type: 'application/pdf' });
    expect(stored.status).toBe(403);
    expect(await stored.text()).toContain('Policy Condition failed');
    expect(await storedKeys(uploadsPrefix())).toEqual([]);
    const scan = await scanFromUpload(stack, stack.key, { upload_id: upload.upload_id });
    expect(scan.status).toBe(409);
    expect(await scan.json()).toMatchObject({ code: 'upload_incomplete' });
  });

  it('when a PDF is uploaded under an image type, then the scan request is a 415 from its magic bytes, the object is deleted and no scan is made', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg', user_id: 'pdf-user' });
    expect((await postToStorage(upload, pdfBytes())).status).toBe(204);
    expect(await storedKeys(uploadsPrefix())).toEqual([`${uploadsPrefix()}${upload.upload_id}`]);
    const scan = await scanFromUpload(stack, stack.key, { upload_id: upload.upload_id });
    expect(scan.status).toBe(415);
    expect(await scan.json()).toMatchObject({ code: 'unsupported_media_type', errors: [{ param: 'image', message: 'not a readable image' }] });
    expect(await storedKeys(uploadsPrefix())).toEqual([]);
    expect(await scansOf('pdf-user')).toEqual([]);
  });

  it('when a file over the limit is posted, then storage refuses it as EntityTooLarge (400) and nothing is stored', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg' });
    const stored = await postToStorage(upload, oversizedFile(UPLOAD_LIMITS.maxBytes + 1));
    expect(stored.status).toBe(400);
    expect(await stored.text()).toContain('<Code>EntityTooLarge</Code>');
    expect(await storedKeys(uploadsPrefix())).toEqual([]);
  });

  it("when a file is posted to another tenant's key, then storage refuses it (403) and nothing is stored there", async () => {
    const otherAccount = await stack.newAccount('business');
    const { key: otherKey } = await stack.newKey({ accountId: otherAccount });
    const mine = await createUpload(stack, stack.key, { content_type: 'image/jpeg' });
    const theirs = await createUpload(stack, otherKey, { content_type: 'image/jpeg' });
    const stored = await postToStorage(theirs, await faceJpeg('frontal'), { fields: { key: mine.fields.key! } });
    expect(stored.status).toBe(403);
    expect(await stored.text()).toContain('$key');
    expect(await storedKeys(UPLOAD_LIMITS.keyPrefix)).toEqual([]);

    // And another tenant's upload id is not found.
    expect((await postToStorage(mine, await faceJpeg('frontal'))).status).toBe(204);
    const scan = await scanFromUpload(stack, otherKey, { upload_id: mine.upload_id });
    expect(scan.status).toBe(404);
    expect(await scan.json()).toMatchObject({ code: 'not_found', errors: [{ param: 'upload_id' }] });
    expect(await storedKeys(uploadsPrefix())).toEqual([`${uploadsPrefix()}${mine.upload_id}`]);
    await stack.stores.uploadObjects.delete(mine.fields.key!);
  });

  it('when an upload id is used after it expired, then the answer is 410 upload_expired, the object is deleted and no scan is made', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg', user_id: 'late-user' });
    expect((await postToStorage(upload, await faceJpeg('frontal'))).status).toBe(204);
    clock.offsetMs = (UPLOAD_LIMITS.useValiditySeconds + 1) * 1000;
    try {
      const scan = await scanFromUpload(stack, stack.key, { upload_id: upload.upload_id });
      expect(scan.status).toBe(410);
      expect(await scan.json()).toMatchObject({ code: 'upload_expired', status: 410, errors: [{ param: 'upload_id' }] });
    } finally {
      clock.offsetMs = 0;
    }
    expect(await storedKeys(uploadsPrefix())).toEqual([]);
    expect(await scansOf('late-user')).toEqual([]);
  });

  it('when a scan from an upload is retried with the same Idempotency-Key, then the first answer is replayed; a new key gets 409 upload_already_used', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg', user_id: 'retry-user' });
    expect((await postToStorage(upload, await faceJpeg('frontal'))).status).toBe(204);
    const headers = { 'Idempotency-Key': `retry-${upload.upload_id}`, Prefer: 'respond-async' };
    const first = await scanFromUpload(stack, stack.key, { upload_id: upload.upload_id }, headers);
    const firstBody = await first.json();
    expect(first.status, JSON.stringify(firstBody)).toBe(202);

    const retry = await scanFromUpload(stack, stack.key, { upload_id: upload.upload_id }, headers);
    expect(retry.status).toBe(202);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await retry.json()).toEqual(firstBody);

    const other = await scanFromUpload(stack, stack.key, { upload_id: upload.upload_id }, { 'Idempotency-Key': `other-${upload.upload_id}` });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ code: 'upload_already_used', errors: [{ param: 'upload_id' }] });
    expect(await scansOf('retry-user')).toEqual([firstBody.scan_id]);
  });

  it('when a client token names an upload made for another user, then it is not found', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg', user_id: 'someone-else' });
    const { body: minted } = await mintToken(stack, stack.key, { user_id: 'token-user' });
    const scan = await scanFromUpload(stack, minted.token, { upload_id: upload.upload_id });
    expect(scan.status).toBe(404);
  });

  it("when a user is erased, then their unscanned uploads (object and record) are erased too, and another user's stay", async () => {
    const theirs = await createUpload(stack, stack.key, { content_type: 'image/jpeg', user_id: 'erased-user' });
    const kept = await createUpload(stack, stack.key, { content_type: 'image/jpeg', user_id: 'kept-user' });
    for (const upload of [theirs, kept]) expect((await postToStorage(upload, await faceJpeg('frontal'))).status).toBe(204);
    const erased = await fetch(`${stack.apiUrl}/v1/users/erased-user`, { method: 'DELETE', headers: bearer(stack.key) });
    expect(erased.status).toBe(204);
    expect(await storedKeys(uploadsPrefix())).toEqual([kept.fields.key]);
    const tenant = { accountId: stack.accountId, environment: 'test' as const };
    expect(await stack.stores.uploads.get(tenant, theirs.upload_id)).toBeUndefined();
    expect(await stack.stores.uploads.ofUser(tenant, 'kept-user')).toEqual([expect.objectContaining({ upload_id: kept.upload_id, expires_at: kept.expires_at, used_at: null })]);
    await stack.stores.uploadObjects.delete(kept.fields.key!);
  });

  it('when uploads are left unused, then the sweep (the local stand-in for the bucket lifecycle rule) removes the old ones only', async () => {
    const upload = await createUpload(stack, stack.key, { content_type: 'image/jpeg' });
    expect((await postToStorage(upload, await faceJpeg('frontal'))).status).toBe(204);
    expect(await stack.stores.uploadObjects.sweep(Date.now(), 3_600_000)).toEqual([]);
    expect(await stack.stores.uploadObjects.sweep(Date.now() + 2 * 3_600_000, 3_600_000)).toEqual([upload.fields.key]);
    expect(await storedKeys(uploadsPrefix())).toEqual([]);
  });
});
