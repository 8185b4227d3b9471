import { DomainError } from '../kernel/errors';
import { isoTimestamp } from '../kernel/clock';
import type { Tenant } from '../kernel/tenant';
import { acceptImage, tooLarge, type AcceptedImage } from '../scans/contract';
import type { UploadRecord } from './upload';
import type { UploadDeps } from './create-upload';
import { UPLOAD_LIMITS } from './upload-limits';

/**
 * The upload a scan request names, if this tenant made it. Another tenant's id (and, for a client token, another
 * user's) is not found. Whether it can still be used is assertUploadUsable's question: asked inside the idempotent
 * work, so a retry with the same Idempotency-Key replays the first answer instead of meeting the spent upload.
 */
export async function findUpload(deps: UploadDeps, tenant: Tenant, uploadId: string, tokenUserId: string | undefined): Promise<UploadRecord> {
  const record = await deps.uploads.get(tenant, uploadId);
  if (!record || (tokenUserId !== undefined && record.user_id !== tokenUserId)) {
    throw new DomainError('not_found', `Upload ${uploadId.slice(0, 64)} was not found.`, [{ param: 'upload_id', message: 'no such upload' }]);
  }
  return record;
}

/** A spent upload is 409, an old one 410 (its object is removed). */
export async function assertUploadUsable(deps: UploadDeps, record: UploadRecord): Promise<void> {
  const uploadId = record.upload_id;
  if (record.used_at !== null) {
    throw new DomainError('upload_already_used', `upload_id: upload ${uploadId} already started a scan (or was refused); request a new upload.`, [
      { param: 'upload_id', message: `used at ${record.used_at}` },
    ]);
  }
  if (Date.parse(record.expires_at) <= deps.clock.now()) {
    await deps.objects.delete(record.object_key);
    throw new DomainError('upload_expired', `upload_id: upload ${uploadId} expired at ${record.expires_at}; request a new upload.`, [
      { param: 'upload_id', message: `expired at ${record.expires_at}` },
    ]);
  }
}

/**
 * Claims the upload (once: a concurrent or repeated request gets 409) and runs the same checks as a multipart
 * photo on the uploaded object: size, magic bytes, dimensions, metadata stripped. Whatever the outcome, the
 * uploaded object is deleted: a scan keeps only its own metadata-free copy, and a refused file is not stored.
 */
export async function takeUploadedImage(deps: UploadDeps, tenant: Tenant, record: UploadRecord): Promise<AcceptedImage> {
  const size = await deps.objects.size(record.object_key);
  if (size === undefined) {
    throw new DomainError('upload_incomplete', `upload_id: nothing has been uploaded for ${record.upload_id} yet; POST the file to the presigned URL first.`, [
      { param: 'upload_id', message: 'no uploaded object' },
    ]);
  }
  if (!(await deps.uploads.claim(tenant, record.upload_id, isoTimestamp(deps.clock.now())))) {
    throw new DomainError('upload_already_used', `upload_id: upload ${record.upload_id} already started a scan; request a new upload.`, [
      { param: 'upload_id', message: 'already used' },
    ]);
  }
  try {
    if (size > UPLOAD_LIMITS.maxBytes) throw tooLarge(size, UPLOAD_LIMITS.maxBytes);
    return acceptImage(await deps.objects.read(record.object_key), UPLOAD_LIMITS.maxBytes);
  } finally {
    await deps.objects.delete(record.object_key);
  }
}
