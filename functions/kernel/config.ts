import { z } from 'zod';
import { parseWaitList } from './wait-list';

/** DESIGN section 4 (the Svix schedule): immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE = '0,5s,5m,30m,2h,5h,10h,10h';

/**
 * The one typed configuration of every function, read from the environment once.
 * Lambda gets these from the CDK stack; the local stack sets them before it builds anything.
 */
const configSchema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  /** Set locally to the embedded dynalite; unset on AWS. */
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  /** Set locally to the embedded s3rver; unset on AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  TABLE_PREFIX: z.string().min(1).default('skin'),
  IMAGES_BUCKET: z.string().min(3),
  SCAN_QUEUE_URL: z.string().optional(),
  DELIVERY_QUEUE_URL: z.string().optional(),
  MODEL_DIR: z.string().optional(),
  /** Seconds POST /v1/scans waits for the result when the client sends no Prefer header. */
  SCAN_WAIT_SECONDS: z.coerce.number().min(0).max(25).default(10),
  /** How many receives of a scan job before it goes to the DLQ (the last one marks the scan failed). */
  SCAN_MAX_RECEIVES: z.coerce.number().int().min(1).default(3),
  /**
   * Seconds a scan may stay `processing` (since creation or its latest re-queue) before the recovery sweep
   * re-queues it; longer than a job's whole retry window. Unset: the local stack derives it from its queue
   * (SCAN_MAX_RECEIVES visibility timeouts plus 60 s); the CDK stack always sets it.
   */
  SCAN_RECOVERY_AFTER_SECONDS: z.coerce.number().min(1).optional(),
  /** Seconds between two runs of the local stack's recovery sweep (on AWS an EventBridge schedule decides). */
  SCAN_RECOVERY_INTERVAL_SECONDS: z.coerce.number().min(0.1).default(60),
  /** Seconds a scan or routine idempotency record is kept. */
  IDEMPOTENCY_TTL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /**
   * The API's key for signing list cursors (HMAC-SHA256), one per deployment: on AWS from the Secrets Manager
   * secret the stack generates (lib/api.ts), locally from DATA_DIR/cursor-secret (generated on the first start).
   * Changing it invalidates outstanding cursors (clients list again from the first page).
   */
  // Its strength (at least 32 characters) is checked where it is used, by the API only.
  CURSOR_SECRET: z.string().min(1).optional(),
  /**
   * How long a key lookup may be served from the API function's memory: the bound on a revocation (or the end of
   * a rotation grace) made in another process taking effect (functions/auth/key-authenticator.ts).
   */
  KEY_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(30),
  /**
   * Webhooks (DESIGN section 4). The retry schedule lists the wait before each attempt (`0` = immediately), in
   * seconds or with a unit (`5s`, `5m`, `2h`); each wait is at most 12 h (the SQS visibility limit).
   */
  WEBHOOK_RETRY_SCHEDULE: z.string().default(DEFAULT_RETRY_SCHEDULE).transform((value, ctx) => parseWaitList(value, 'WEBHOOK_RETRY_SCHEDULE', DEFAULT_RETRY_SCHEDULE, ctx)),
  /** Receives of a delivery message before the queue's DLQ (the CDK stack's maxReceiveCount); at least the attempts. */
  WEBHOOK_MAX_RECEIVES: z.coerce.number().int().min(1).max(1_000).default(10),
  /** Per-attempt time limit: connect, send, and the receiver's answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(15_000),
  /** Local development only: loopback targets (127.0.0.0/8, ::1) allowed, and http for test-environment endpoints. */
  WEBHOOK_ALLOW_LOOPBACK: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
});

export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

/** Parses the environment once; a missing or malformed variable stops the function with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (cached && env === process.env) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (env === process.env) cached = parsed.data;
  return parsed.data;
}

/** Forgets the parsed configuration (the local stack and tests change the environment before building). */
export function resetConfig(): void {
  cached = undefined;
}
