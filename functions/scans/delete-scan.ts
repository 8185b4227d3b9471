import { notFound } from '../kernel/errors';
import type { Tenant } from '../kernel/tenant';
import { scanObjectPrefix, type ImageStore } from './image-store';
import type { ScanStore } from './scan-store';

/** Deletes the stored objects first, then the record: a failure half-way leaves a record the client can delete again. */
export async function deleteScan(
  deps: { scans: ScanStore; images: ImageStore },
  tenant: Tenant,
  scanId: string,
): Promise<void> {
  const record = await deps.scans.get(tenant, scanId, { consistent: true });
  if (!record) throw notFound(`Scan ${scanId}`);
  const prefix = scanObjectPrefix(tenant.accountId, tenant.environment, scanId);
  await deps.images.deletePrefix(prefix);
  await deps.scans.delete(tenant, scanId);
}
