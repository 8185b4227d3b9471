

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** The port; its S3 implementation is functions/adapters/aws/s3-upload-objects.ts. */
export interface UploadObjects {
  /**
   * A POST policy that admits exactly one object: this key, this content type, 1 byte to the size limit, for a few
   * minutes. The signature covers the policy, so none of it can be changed by the app.
   */
  presign(key: string, contentType: string): Promise<PresignedUpload>;

  /** The object's size, or undefined when nothing was uploaded under the key. */
  size(key: string): Promise<number | undefined>;

  read(key: string): Promise<Uint8Array>;

  delete(key: string): Promise<void>;

  /**
   * Deletes uploads older than `maxAgeMs` (never claimed, or left by a failed request). On AWS the bucket's
   * lifecycle rule does this; the local stack calls it on a timer, since s3rver has no lifecycle rules.
   */
  sweep(now: number, maxAgeMs: number): Promise<string[]>;
}
