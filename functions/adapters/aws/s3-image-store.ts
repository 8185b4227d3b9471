import type { Environment } from '../../kernel/tenant';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import type { ImageStore } from '../../scans/contract';

/** Uploaded images and overlays in S3 (s3rver locally), server-side encrypted on AWS by the bucket default. */
export class S3ImageStore implements ImageStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  /**
   * Every object is tagged with its environment: the bucket's lifecycle expires sandbox (`test`) objects after
   * 1 day and live ones after 30 (DESIGN.md section 6).
   */
  async put(key: string, bytes: Uint8Array, contentType: string, environment: Environment): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        Tagging: `environment=${environment}`,
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      const { Body } = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Body ? await Body.transformToByteArray() : undefined;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /** Whether the object is stored, without reading it (the recovery sweep asks before re-queuing a scan). */
  async exists(key: string): Promise<boolean> {
    try {
      await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NotFound' || name === 'NoSuchKey') return false;
      throw error;
    }
  }

  /** Every object under the prefix (a scan's image and overlays, or a whole user's). */
  async deletePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      await this.delete((page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.s3.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
  }
}

