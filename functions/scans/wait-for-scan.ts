import { systemClock, type Clock } from '../kernel/clock';
import type { Tenant } from '../kernel/tenant';
import type { ScanRecord } from './scan';
import type { ScanStore } from './scan-store';

/** Quick polls while a typical scan finishes (well under a second), then slower ones to spare reads. */
function pollIntervalMs(elapsedMs: number): number {
  return elapsedMs < 1_000 ? 25 : elapsedMs < 5_000 ? 100 : 250;
}

/** Polls the record with strongly consistent reads until it leaves `processing` or the wait is over. */
export async function waitForScan(
  scans: ScanStore,
  tenant: Tenant,
  scan: ScanRecord,
  waitSeconds: number,
  /** The deployment's clock (the one the API was built with), so tests that move time move this wait too. */
  clock: Clock = systemClock,
): Promise<ScanRecord> {
  const started = clock.now();
  const deadline = started + waitSeconds * 1000;
  let current = scan;
  while (current.status === 'processing' && clock.now() < deadline) {
    const pause = Math.min(pollIntervalMs(clock.now() - started), Math.max(0, deadline - clock.now()));
    await new Promise((resolve) => setTimeout(resolve, pause));
    current = (await scans.get(tenant, scan.scan_id, { consistent: true })) ?? current;
  }
  return current;
}
