import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import { consumerConcurrency, type ConsumerConcurrency } from './concurrency';
import { deadLetterAlarm, FunctionAlarms } from './monitoring';
import { workQueue } from './queues';
import { ServiceFunction, type LambdaArchitecture } from './service-function';
import type { Storage, TableAccess } from './storage';

/** The delivery function's timeout: one batch of attempts, each with the 15 s HTTP timeout, run concurrently. */
export const DELIVERY_TIMEOUT = Duration.seconds(60);

/**
 * Receives of a delivery message before the DLQ, passed to the function as WEBHOOK_MAX_RECEIVES (config.ts checks
 * the retry schedule fits in it). The default schedule (DESIGN section 4: immediately, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h) is 8 attempts, each a receive when waits are made with ChangeMessageVisibility; the margin
 * covers receives lost to crashes or timeouts.
 */
export const DELIVERY_MAX_RECEIVES = 10;

/** Endpoints and their secrets (a 410 disables an endpoint), and every delivery attempt. */
export const DELIVERY_TABLE_ACCESS = { readWrite: ['webhooks', 'deliveries'] } as const satisfies TableAccess;

export interface WebhooksProps {
  storage: Storage;
  architecture: LambdaArchitecture;
  baseEnvironment: Record<string, string>;
  /**
   * The delivery function's entry file. Undefined: the queues and the alarm are built, the function is not
   * (its handler, functions/runtime/lambda/delivery.ts, is written separately; the stack passes it once it exists).
   */
  deliveryEntry?: string;
  batchSize?: number;
  /** Delivery batches handled at once (the event source mapping's maximum concurrency). Default 5. */
  maxConcurrency?: number;
  /**
   * Reserved concurrent executions of the delivery function (lib/concurrency.ts): at least maxConcurrency.
   * Default maxConcurrency + 2; `null`: none reserved.
   */
  reservedConcurrency?: number | null;
}

/** Delivery batches handled at once by default. */
export const DELIVERY_MAX_CONCURRENCY = 5;

/**
 * Webhook delivery: the queue that API and inference publish events to, its DLQ (alarmed), and the delivery
 * function that signs and POSTs them, retrying by SQS. Retention 14 days: the retry schedule spans 27 h 35 min
 * (about 28 hours), and a backlog must survive a long outage of the receivers or of the function.
 */
export class Webhooks extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly deadLetterAlarm: Alarm;
  readonly function?: ServiceFunction;
  readonly tableAccess: TableAccess = DELIVERY_TABLE_ACCESS;
  readonly alarms?: FunctionAlarms;
  readonly concurrency: ConsumerConcurrency;

  constructor(scope: Construct, id: string, props: WebhooksProps) {
    super(scope, id);
    this.concurrency = consumerConcurrency('Webhook delivery', props.maxConcurrency ?? DELIVERY_MAX_CONCURRENCY, props.reservedConcurrency);
    const { queue, deadLetters } = workQueue(this, 'DeliveryQueue', {
      consumerTimeout: DELIVERY_TIMEOUT,
      maxReceiveCount: DELIVERY_MAX_RECEIVES,
      retentionPeriod: Duration.days(14),
    });
    this.queue = queue;
    this.deadLetters = deadLetters;
    this.deadLetterAlarm = deadLetterAlarm(this, 'DeadLetterAlarm', deadLetters, 'Webhook deliveries');

    if (!props.deliveryEntry) return;

    const fn = new ServiceFunction(this, 'DeliveryFunction', {
      entry: props.deliveryEntry,
      description: 'Signs webhook events per endpoint and POSTs them; failed attempts retry by SQS backoff',
      serviceName: 'skin-delivery',
      memorySize: 512,
      timeout: DELIVERY_TIMEOUT,
      architecture: props.architecture,
      reservedConcurrentExecutions: this.concurrency.reserved,
      environment: {
        ...props.baseEnvironment,
        DELIVERY_QUEUE_URL: queue.queueUrl,
        WEBHOOK_MAX_RECEIVES: String(DELIVERY_MAX_RECEIVES),
      },
    });
    props.storage.grantTables(fn, DELIVERY_TABLE_ACCESS);
    queue.grantSendMessages(fn); // a retry may be re-sent with DelaySeconds
    fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: props.batchSize ?? 10,
        reportBatchItemFailures: true,
        maxConcurrency: this.concurrency.maxConcurrency,
      }),
    );
    this.function = fn;
    this.alarms = new FunctionAlarms(this, 'DeliveryAlarms', { fn, timeout: DELIVERY_TIMEOUT, label: 'Webhook delivery' });
  }
}
