import type { Tenant } from '../shared/tenant';
import type { ScanRecord } from './scan';
import type { ScanStore } from './scan-store';

const POLL_INTERVAL_MS = 100;

/** Polls the record with strongly consistent reads until it leaves `processing` or the wait is over. */
export async function waitForScan(
  scans: ScanStore,
  tenant: Tenant,
  scan: ScanRecord,
  waitSeconds: number,
): Promise<ScanRecord> {
  const deadline = Date.now() + waitSeconds * 1000;
  let current = scan;
  while (current.status === 'processing' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, Math.max(0, deadline - Date.now()))));
    current = (await scans.get(tenant, scan.scan_id, { consistent: true })) ?? current;
  }
  return current;
}
