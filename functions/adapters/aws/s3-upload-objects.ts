import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { UPLOAD_LIMITS, type UploadObjects, type PresignedUpload } from '../../uploads/contract';

/** The uploads prefix of the images bucket: presigned POSTs out, uploaded objects in. */
export class S3UploadObjects implements UploadObjects {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  /**
   * A POST policy that admits exactly one object: this key, this content type, 1 byte to the size limit, for a few
   * minutes. The signature covers the policy, so none of it can be changed by the app.
   */
  presign(key: string, contentType: string): Promise<PresignedUpload> {
    return createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [
        ['content-length-range', 1, UPLOAD_LIMITS.maxBytes],
        ['eq', '$Content-Type', contentType],
      ],
      Fields: { 'Content-Type': contentType },
      Expires: UPLOAD_LIMITS.postValiditySeconds,
    });
  }

  /** The object's size, or undefined when nothing was uploaded under the key. */
  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async read(key: string): Promise<Uint8Array> {
    const { Body } = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Body ? Body.transformToByteArray() : new Uint8Array();
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /**
   * Deletes uploads older than `maxAgeMs` (never claimed, or left by a failed request). On AWS the bucket's
   * lifecycle rule does this; the local stack calls it on a timer, since s3rver has no lifecycle rules.
   */
  async sweep(now: number, maxAgeMs: number): Promise<string[]> {
    const removed: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: UPLOAD_LIMITS.keyPrefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && now - object.LastModified.getTime() > maxAgeMs) {
          await this.delete(object.Key);
          removed.push(object.Key);
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }
}

