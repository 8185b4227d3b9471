import type { Clock } from '../kernel/clock';
import { isoTimestamp } from '../kernel/clock';
import { newId } from '../kernel/ids';
import type { Tenant } from '../kernel/tenant';
import type { UploadRecord } from './upload';
import { UPLOAD_LIMITS, uploadObjectKey } from './upload-limits';
import type { PresignedUpload, UploadObjects } from './upload-objects';
import type { UploadStore } from './upload-store';

export interface UploadDeps {
  uploads: UploadStore;
  objects: UploadObjects;
  clock: Clock;
}

/** POST /v1/uploads: an upload id, recorded for this tenant and user, and the presigned POST for its one object. */
export async function createUpload(
  deps: UploadDeps,
  tenant: Tenant,
  request: { userId: string | null; contentType: string },
): Promise<{ record: UploadRecord; post: PresignedUpload }> {
  const now = deps.clock.now();
  const uploadId = newId('upl', now);
  const record: UploadRecord = {
    upload_id: uploadId,
    account_id: tenant.accountId,
    environment: tenant.environment,
    user_id: request.userId,
    object_key: uploadObjectKey(tenant.accountId, tenant.environment, uploadId),
    content_type: request.contentType,
    created_at: isoTimestamp(now),
    expires_at: isoTimestamp(now + UPLOAD_LIMITS.useValiditySeconds * 1000),
    used_at: null,
  };
  await deps.uploads.create(record);
  return { record, post: await deps.objects.presign(record.object_key, request.contentType) };
}
