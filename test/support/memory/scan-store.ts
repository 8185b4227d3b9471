import { tenantKey, type Tenant } from '../../../functions/kernel/tenant';
import type { ScanRecord } from '../../../functions/scans/scan';
import type { ProcessingScanRef, ScanOutcome, ScanPage, ScanStore } from '../../../functions/scans/scan-store';

interface Stored {
  record: ScanRecord;
  /** The processing index's `processing_since`, present only while the scan is processing (as in DynamoDB). */
  processingSince?: string;
}

/** The scan store in memory, with the DynamoDB adapter's conditions (create once, finish once, re-queue once). */
export class MemoryScanStore implements ScanStore {
  readonly items = new Map<string, Stored>();

  async create(record: ScanRecord): Promise<void> {
    const id = key(record, record.scan_id);
    if (this.items.has(id)) throw new Error(`scan ${record.scan_id} exists`);
    this.items.set(id, { record: clone(record), processingSince: record.status === 'processing' ? record.created_at : undefined });
  }

  async get(tenant: Tenant, scanId: string): Promise<ScanRecord | undefined> {
    const stored = this.items.get(`${tenantKey(tenant)}/${scanId}`);
    return stored ? clone(stored.record) : undefined;
  }

  async list(tenant: Tenant, options: { userId?: string; limit: number; afterScanId?: string }): Promise<ScanPage> {
    const all = this.ofTenant(tenant)
      .filter((r) => options.userId === undefined || r.user_id === options.userId)
      .filter((r) => options.afterScanId === undefined || r.scan_id < options.afterScanId)
      .sort((a, b) => (a.scan_id < b.scan_id ? 1 : -1));
    const items = all.slice(0, options.limit);
    return { items, lastScanId: all.length > options.limit ? items[items.length - 1].scan_id : null };
  }

  async finish(tenant: Tenant, scanId: string, outcome: ScanOutcome): Promise<boolean> {
    const stored = this.items.get(`${tenantKey(tenant)}/${scanId}`);
    if (stored?.record.status !== 'processing') return false;
    this.items.set(`${tenantKey(tenant)}/${scanId}`, { record: { ...stored.record, ...clone(outcome) } });
    return true;
  }

  async processingBefore(cutoff: string, limit: number): Promise<ProcessingScanRef[]> {
    return [...this.items.values()]
      .filter((s) => s.processingSince !== undefined && s.processingSince < cutoff)
      .sort((a, b) => (a.processingSince! < b.processingSince! ? -1 : 1))
      .slice(0, limit)
      .map((s) => ({
        tenant: { accountId: s.record.account_id, environment: s.record.environment },
        scanId: s.record.scan_id,
        processingSince: s.processingSince!,
      }));
  }

  processingBeforeByScan(cutoff: string, limit: number): Promise<ProcessingScanRef[]> {
    return this.processingBefore(cutoff, limit);
  }

  async markRequeued(ref: ProcessingScanRef, now: string): Promise<boolean> {
    const stored = this.items.get(`${tenantKey(ref.tenant)}/${ref.scanId}`);
    if (stored?.record.status !== 'processing' || stored.processingSince !== ref.processingSince) return false;
    stored.processingSince = now;
    stored.record = { ...stored.record, recoveries: (stored.record.recoveries ?? 0) + 1 };
    return true;
  }

  async idsOfUser(tenant: Tenant, userId: string): Promise<string[]> {
    return this.ofTenant(tenant)
      .filter((r) => r.user_id === userId)
      .map((r) => r.scan_id);
  }

  async delete(tenant: Tenant, scanId: string): Promise<void> {
    this.items.delete(`${tenantKey(tenant)}/${scanId}`);
  }

  private ofTenant(tenant: Tenant): ScanRecord[] {
    return [...this.items.values()].map((s) => s.record).filter((r) => r.account_id === tenant.accountId && r.environment === tenant.environment);
  }
}

function key(record: ScanRecord, scanId: string): string {
  return `${tenantKey({ accountId: record.account_id, environment: record.environment })}/${scanId}`;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}
