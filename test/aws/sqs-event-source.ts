import { randomUUID } from 'node:crypto';
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type Message, type SQSClient } from '@aws-sdk/client-sqs';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export type SqsLambdaHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

/**
 * Test support: what the Lambda event source mapping does for an SQS queue, against a real SQS protocol endpoint
 * (moto). Receives a batch, hands it to the handler as an SQSEvent, then deletes the records that succeeded:
 * all of them when the handler returns nothing or no batchItemFailures, none when it throws or names an id that
 * is not in the batch (Lambda's reading of ReportBatchItemFailures). Undeleted messages come back after their
 * visibility timeout, or move to the queue's DLQ by its redrive policy, as on AWS.
 */
export class SqsEventSource {
  private stopped = true;
  private loop: Promise<void> | undefined;
  /** Handler calls so far, and the ids each reported failed. */
  readonly invocations: { records: number; failed: string[] }[] = [];

  constructor(
    private readonly sqs: SQSClient,
    private readonly queue: { url: string; arn: string },
    private readonly handler: SqsLambdaHandler,
    private readonly options: { batchSize: number; functionName: string; region: string },
  ) {}

  start(): void {
    this.stopped = false;
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
    this.loop = undefined;
  }

  /** One receive and, when it returned messages, one handler call. Resolves with the number of records handled. */
  async pollOnce(): Promise<number> {
    const { Messages = [] } = await this.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: this.queue.url,
        MaxNumberOfMessages: this.options.batchSize,
        WaitTimeSeconds: 0,
        MessageSystemAttributeNames: ['All'],
      }),
    );
    if (Messages.length === 0) return 0;
    const records = Messages.map((m) => this.record(m));
    let failed: Set<string>;
    try {
      failed = failedIds(await this.handler({ Records: records }, lambdaContext(this.options.functionName)), records);
    } catch {
      this.invocations.push({ records: records.length, failed: records.map((r) => r.messageId) });
      return records.length;
    }
    this.invocations.push({ records: records.length, failed: [...failed] });
    const done = records.filter((r) => !failed.has(r.messageId));
    if (done.length > 0) {
      await this.sqs.send(
        new DeleteMessageBatchCommand({
          QueueUrl: this.queue.url,
          Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
        }),
      );
    }
    return records.length;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const handled = await this.pollOnce().catch(() => 0);
      if (handled === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private record(message: Message): SQSRecord {
    const attributes = message.Attributes ?? {};
    return {
      messageId: message.MessageId!,
      receiptHandle: message.ReceiptHandle!,
      body: message.Body ?? '',
      attributes: {
        ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? '1',
        SentTimestamp: attributes.SentTimestamp ?? String(Date.now()),
        SenderId: attributes.SenderId ?? '000000000000',
        ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
        ...(attributes.DeadLetterQueueSourceArn ? { DeadLetterQueueSourceArn: attributes.DeadLetterQueueSourceArn } : {}),
      },
      messageAttributes: {},
      md5OfBody: message.MD5OfBody ?? '',
      eventSource: 'aws:sqs',
      eventSourceARN: this.queue.arn,
      awsRegion: this.options.region,
    };
  }
}

function failedIds(response: SQSBatchResponse | void, records: SQSRecord[]): Set<string> {
  const failures = response?.batchItemFailures ?? [];
  const ids = new Set(records.map((r) => r.messageId));
  if (failures.some((f) => !ids.has(f.itemIdentifier))) return ids;
  return new Set(failures.map((f) => f.itemIdentifier));
}

/** The fields of a Lambda context the handlers (and Powertools) read. */
export function lambdaContext(functionName: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 60_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
