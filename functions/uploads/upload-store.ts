import { type Tenant } from '../kernel/tenant';
import type { UploadRecord } from './upload';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-upload-store.ts. */
export interface UploadStore {
  create(record: UploadRecord): Promise<void>;

  get(tenant: Tenant, uploadId: string): Promise<UploadRecord | undefined>;

  /** The uploads made for a user (claimed or not), for erasure. */
  ofUser(tenant: Tenant, userId: string): Promise<UploadRecord[]>;

  delete(tenant: Tenant, uploadId: string): Promise<void>;

  /** Marks the upload used; false when it already was (a concurrent or repeated request got there first). */
  claim(tenant: Tenant, uploadId: string, usedAt: string): Promise<boolean>;
}
