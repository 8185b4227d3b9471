import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../kernel/clock';
import type { Config } from '../kernel/config';
import type { MetricsSink } from '../kernel/metrics';
import type { MessageSender } from '../kernel/queue';
import type { Stores } from '../ports/stores';
import type { PageCursors } from '../kernel/page-cursor';
import type { KeyAuthenticator } from '../auth/contract';
import type { Principal } from '../keys/contract';
import type { RateLimiter } from '../limits/contract';
import type { EventPublisher } from '../webhooks/contract';
import type { CorsPolicy } from '../cors/contract';
import type { UsageRecorder } from '../usage/contract';
import type { DashboardDeps } from '../dashboard/deps';

/** Everything the HTTP app needs, built once per container (Lambda) or process (local). */
export interface ApiDeps {
  config: Config;
  clock: Clock;
  stores: Stores;
  authenticator: KeyAuthenticator;
  rateLimiter: RateLimiter;
  scanQueue: MessageSender;
  /** routine.generated goes out through this. */
  events: EventPublisher;
  logger: Logger;
  /** Request counts and latency, scans submitted. */
  metrics: MetricsSink;
  /** Signs and checks list cursors with the deployment's CURSOR_SECRET. */
  cursors: PageCursors;
  /** Which browser origins may read responses (functions/cors). */
  cors: CorsPolicy;
  /** Per-day usage counters and keys' last use; absent in tests that build the app from partial deps. */
  usage?: UsageRecorder;
  /** The /dashboard pages; absent where no delivery queue is given (partial deps in tests). */
  dashboard?: DashboardDeps;
}

/** Hono context variables set by the middleware. */
export interface ApiEnv {
  Variables: { requestId: string; principal: Principal };
}
