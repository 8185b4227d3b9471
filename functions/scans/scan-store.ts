import { type Tenant } from '../kernel/tenant';
import type { ScanRecord } from './scan';

/** A scan the processing index lists: enough to read it, and the `processing_since` a re-queue must still see. */
export interface ProcessingScanRef {
  tenant: Tenant;
  scanId: string;
  processingSince: string;
}

export interface ScanPage {
  items: ScanRecord[];
  /** The scan id the next page starts after; null on the last page. (The API seals it into an opaque cursor.) */
  lastScanId: string | null;
}

/** The outcome of analysis, written once: a completed or failed scan is never overwritten. */
export type ScanOutcome = Pick<
  ScanRecord,
  'status' | 'skin_score' | 'markers' | 'completed_at' | 'model' | 'face' | 'quality' | 'error' | 'spots' | 'lesion_counts' | 'skin_tone' | 'skin_type' | 'region_results'
>;

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-scan-store.ts. */
export interface ScanStore {
  create(record: ScanRecord): Promise<void>;

  get(tenant: Tenant, scanId: string, options?: { consistent?: boolean }): Promise<ScanRecord | undefined>;

  /**
   * Newest first. With `userId`, only that user's scans; with `afterScanId`, the page after that scan. The start
   * key is built here from the caller's tenant and filter, so no client input ever becomes a table key.
   */
  list(tenant: Tenant, options: { userId?: string; limit: number; afterScanId?: string }): Promise<ScanPage>;

  /** Writes the outcome only while the scan is still processing; false when another delivery already did. */
  finish(tenant: Tenant, scanId: string, outcome: ScanOutcome): Promise<boolean>;

  /**
   * Scans processing since before `cutoff` (ISO time), oldest first per shard, from the sparse processing index:
   * the cost follows the number of unfinished scans, not the table. At most `limit` in all.
   */
  processingBefore(cutoff: string, limit: number): Promise<ProcessingScanRef[]>;

  /**
   * The same answer by a filtered table scan, for a local data folder whose scans table was created before the
   * processing index existed (dynalite cannot add an index to a table). Never used on AWS.
   */
  processingBeforeByScan(cutoff: string, limit: number): Promise<ProcessingScanRef[]>;

  /**
   * Records a re-queue of a stuck scan: moves `processing_since` to `now` (so the sweep looks again only after
   * another deadline) and counts it, only if the scan is still processing and nobody re-queued it since
   * `seenSince`. False when that condition failed: the job is not sent again, so concurrent sweeps send it once.
   */
  markRequeued(ref: ProcessingScanRef, now: string): Promise<boolean>;

  /** Ids of every scan of a user (for erasure), following every page. */
  idsOfUser(tenant: Tenant, userId: string): Promise<string[]>;

  delete(tenant: Tenant, scanId: string): Promise<void>;
}
