import { SQSClient, SendMessageCommand, ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { MessageSender, VisibilityControl } from '../../kernel/queue';

/** A real SQS queue behind the project's small queue interfaces. */
export class SqsQueue implements MessageSender, VisibilityControl {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<void> {
    await this.client.send(
      new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: body, DelaySeconds: options.delaySeconds }),
    );
  }

  async changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void> {
    await this.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.round(visibilityTimeoutSeconds),
      }),
    );
  }
}
