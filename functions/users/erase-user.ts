import { tenantKey, type Tenant } from '../kernel/tenant';
import { scanObjectPrefix } from '../scans/contract';
import type { Stores } from '../ports/stores';

/**
 * Erases everything a user left in one tenant: each scan's objects (image, overlays) then its record, their direct
 * uploads, every routine, the score record, the idempotency records of their requests and the webhook deliveries about them. Objects go before records, so a
 * failure half-way leaves records that point at what is left and a retry finishes the job.
 */
export async function eraseUser(
  stores: Pick<Stores, 'scans' | 'images' | 'routines' | 'scores' | 'idempotency' | 'deliveries' | 'uploads' | 'uploadObjects'>,
  tenant: Tenant,
  userId: string,
): Promise<void> {
  for (const scanId of await stores.scans.idsOfUser(tenant, userId)) {
    await stores.images.deletePrefix(scanObjectPrefix(tenant.accountId, tenant.environment, scanId));
    await stores.scans.delete(tenant, scanId);
  }
  // Direct uploads made for the user and not (yet) scanned still hold a photo.
  for (const upload of await stores.uploads.ofUser(tenant, userId)) {
    await stores.uploadObjects.delete(upload.object_key);
    await stores.uploads.delete(tenant, upload.upload_id);
  }
  for (const routineId of await stores.routines.idsOfUser(tenant, userId)) await stores.routines.delete(tenant, routineId);
  await stores.scores.delete(tenant, userId);
  await stores.idempotency.deleteAllOfUser(tenantKey(tenant), userId);
  // The delivery log keeps each event's body, and those name the user.
  await stores.deliveries.deleteAllOfUser(tenant, userId);
}
