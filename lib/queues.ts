import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** SQS's recommendation for Lambda consumers: visibility timeout at least six times the function timeout. */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

export interface WorkQueueProps {
  /** Timeout of the consuming function; the visibility timeout is VISIBILITY_TIMEOUT_FACTOR times it. */
  consumerTimeout: Duration;
  /** Receives before a message moves to the dead-letter queue. */
  maxReceiveCount: number;
  retentionPeriod?: Duration;
}

/**
 * A work queue and its dead-letter queue, both encrypted (SSE-SQS) and refusing non-TLS requests. The DLQ
 * keeps messages 14 days (the SQS maximum) so there is time to inspect and redrive them.
 */
export function workQueue(scope: Construct, id: string, props: WorkQueueProps): { queue: Queue; deadLetters: Queue } {
  const deadLetters = new Queue(scope, `${id}DeadLetters`, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR),
    retentionPeriod: props.retentionPeriod ?? Duration.days(4),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: props.maxReceiveCount },
  });
  return { queue, deadLetters };
}
