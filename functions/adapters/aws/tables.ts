/**
 * Every DynamoDB table of the service, one source for the local stack (created in dynalite) and the CDK stack.
 * All tables share one key shape: `pk` and `sk` strings, an optional `gsi1` index on `gsi1pk`/`gsi1sk`,
 * and `expires_at` (epoch seconds) as the TTL attribute where records expire.
 */
export const TABLES = {
  accounts: { gsi1: false, ttl: false },
  keys: { gsi1: true, ttl: false },
  scans: { gsi1: true, ttl: true },
  rateLimits: { gsi1: false, ttl: true },
  idempotency: { gsi1: true, ttl: true },
  webhooks: { gsi1: true, ttl: false },
  deliveries: { gsi1: true, ttl: true },
  routines: { gsi1: true, ttl: false },
  scores: { gsi1: false, ttl: false },
  /** Client tokens by hash (functions/client-tokens); DynamoDB's TTL removes them after they expire. */
  clientTokens: { gsi1: false, ttl: true },
  /** Allowed browser origins per account and environment (functions/cors); gsi1 lists a tenant's origins. */
  corsOrigins: { gsi1: true, ttl: false },
  /** Direct uploads waiting for their scan (functions/uploads); gsi1 finds a user's for erasure. */
  uploads: { gsi1: true, ttl: true },
  /** Dashboard sign-in: one item per email (gsi1 lists an account's members) and the operator's sign-up switch. */
  members: { gsi1: true, ttl: false },
  /** Dashboard sessions (stored by the hash of their id) and failed sign-in counters; both expire. */
  sessions: { gsi1: false, ttl: true },
  /** Per-day request, scan and rate-limit counters per account, environment and key (atomic ADD). */
  usage: { gsi1: false, ttl: true },
} as const;

export type TableName = keyof typeof TABLES;

export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** Physical name: `${prefix}-${logical}` in kebab case, e.g. `skin-rate-limits`. */
export function physicalTableName(prefix: string, table: TableName): string {
  return `${prefix}-${table.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export const GSI1 = 'gsi1';
export const TTL_ATTRIBUTE = 'expires_at';

/**
 * The scans table's sparse index of scans still `processing`, which the recovery sweep (functions/recovery)
 * queries instead of scanning the table. A scan has `processing_pk` and `processing_since` from its creation until
 * its outcome is written (ScanStore.finish removes them in the same conditional update), so the index holds only
 * unfinished scans and costs nothing once they finish. `processing_pk` is one of PROCESSING_SHARDS values, so new
 * scans spread their index writes over that many partitions instead of one hot key; `processing_since` (creation,
 * or the latest re-queue) is the sort key the sweep's `< cutoff` condition ranges over. Keys only: the sweep reads
 * each scan itself, consistently.
 */
export const PROCESSING_INDEX = {
  table: 'scans',
  name: 'processing',
  partitionKey: 'processing_pk',
  sortKey: 'processing_since',
} as const satisfies { table: TableName; name: string; partitionKey: string; sortKey: string };

export const PROCESSING_SHARDS = 4;
