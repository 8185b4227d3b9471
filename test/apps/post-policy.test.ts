/**
 * The local stand-in for S3's POST policy checks (local/s3-post-policy.ts), on policies signed by
 * @aws-sdk/s3-presigned-post exactly as the API signs them: what s3rver itself would let through.
 */
import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPostPolicy } from '../../local/s3-post-policy';

const secretAccessKey = 'S3RVER';
const s3 = new S3Client({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey } });
let fields: Record<string, string>;

beforeAll(async () => {
  ({ fields } = await createPresignedPost(s3, {
    Bucket: 'skin-images',
    Key: 'uploads/acct_1/test/upl_1',
    Conditions: [['content-length-range', 1, 1000], ['eq', '$Content-Type', 'image/jpeg']],
    Fields: { 'Content-Type': 'image/jpeg' },
    Expires: 300,
  }));
});

const check = (changes: { fields?: Record<string, string>; fileBytes?: number; now?: number; bucket?: string; secret?: string } = {}) =>
  verifyPostPolicy({ bucket: changes.bucket ?? 'skin-images', fields: { ...fields, ...changes.fields }, fileBytes: changes.fileBytes ?? 500, now: changes.now ?? Date.now(), secretAccessKey: changes.secret ?? secretAccessKey });

describe('POST policy checks', () => {
  it('when the form is sent as signed, then it passes', () => {
    expect(check()).toEqual({ ok: true });
  });

  it('when the policy is re-encoded with a larger size, or signed with another secret, then SignatureDoesNotMatch (403)', () => {
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8'));
    policy.conditions = policy.conditions.map((c: unknown) => (Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 10 ** 9] : c));
    expect(check({ fields: { Policy: Buffer.from(JSON.stringify(policy)).toString('base64') } })).toMatchObject({ ok: false, status: 403, code: 'SignatureDoesNotMatch' });
    expect(check({ secret: 'another' })).toMatchObject({ ok: false, status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('when the policy has expired, then AccessDenied naming the expiry', () => {
    expect(check({ now: Date.now() + 301_000 })).toEqual({ ok: false, status: 403, code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' });
  });

  it('when the key, the type, the bucket or the size differ from the policy, or a field is not covered, then 403 or 400 as S3 answers', () => {
    expect(check({ fields: { key: 'uploads/acct_2/test/upl_1' } })).toMatchObject({ ok: false, status: 403, message: expect.stringContaining('"$key"') });
    expect(check({ fields: { 'Content-Type': 'application/pdf' } })).toMatchObject({ ok: false, status: 403, message: expect.stringContaining('$content-type') });
    expect(check({ bucket: 'other-bucket' })).toMatchObject({ ok: false, status: 403 });
    expect(check({ fileBytes: 1001 })).toMatchObject({ ok: false, status: 400, code: 'EntityTooLarge' });
    expect(check({ fileBytes: 0 })).toMatchObject({ ok: false, status: 400, code: 'EntityTooSmall' });
    expect(check({ fields: { 'x-amz-meta-owner': 'someone' } })).toMatchObject({ ok: false, status: 403, message: 'Invalid according to Policy: Extra input fields: x-amz-meta-owner' });
    expect(check({ fields: { 'x-ignore-note': 'fine' } })).toEqual({ ok: true });
  });
});
