import type { Context, SQSEvent, SQSBatchResponse } from 'aws-lambda';

/** Sends messages to one queue. AWS: SQS through the SDK; local: the in-process queue. */
export interface MessageSender {
  send(body: string, options?: { delaySeconds?: number }): Promise<void>;
}

/** Lets a consumer push a received message's next appearance further out (SQS ChangeMessageVisibility). */
export interface VisibilityControl {
  changeVisibility(receiptHandle: string, visibilityTimeoutSeconds: number): Promise<void>;
}

/** The shape of an SQS-triggered Lambda handler, as both runtimes call it. */
export type SqsBatchHandler = (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse>;
