import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../kernel/clock';
import type { MetricsSink } from '../kernel/metrics';
import type { MessageSender, VisibilityControl } from '../kernel/queue';
import type { DeliveryStore } from './delivery-store';
import type { WebhookEndpointStore } from './endpoint-store';
import type { PostResult } from './http-sender';
import type { Environment } from '../kernel/tenant';

/** Sends one signed request; the real one is postWebhook with the SSRF guard, tests may wrap it. */
export type PostFunction = (
  target: { url: string; environment: Environment },
  request: { headers: Record<string, string>; body: string },
) => Promise<PostResult>;

/** Everything the delivery function's core needs, built once per container (or once by the local stack). */
export interface DeliveryDeps {
  clock: Clock;
  endpoints: WebhookEndpointStore;
  deliveries: DeliveryStore;
  /** The delivery queue: fan-out sends per-delivery messages to it, retries change their visibility. */
  queue: MessageSender & VisibilityControl;
  post: PostFunction;
  /** Seconds to wait before each attempt (WEBHOOK_RETRY_SCHEDULE); its length is the attempts per run. */
  schedule: number[];
  /** The queue's maxReceiveCount: on a message's last receive, a run that goes on is handed to a fresh message. */
  maxReceives: number;
  /** The HTTP time limit of one attempt; the lease on a delivery outlasts it. */
  timeoutMs: number;
  logger: Logger;
  /** Attempts, their latency, and how delivery runs end. */
  metrics: MetricsSink;
  random: () => number;
}
