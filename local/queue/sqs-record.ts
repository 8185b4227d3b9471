import type { SQSRecord } from 'aws-lambda';
import type { QueuedMessage } from './queued-message';

const LOCAL_REGION = 'local';
const LOCAL_ACCOUNT = '000000000000';

export function localQueueArn(queueName: string): string {
  return `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${queueName}`;
}

/** The record exactly as the Lambda SQS poller would put it in an SQSEvent. */
export function toSqsRecord(message: QueuedMessage, receiptHandle: string, queueArn: string): SQSRecord {
  return {
    messageId: message.messageId,
    receiptHandle,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(Math.floor(message.sentTimestamp)),
      SenderId: LOCAL_ACCOUNT,
      ApproximateFirstReceiveTimestamp: String(Math.floor(message.firstReceiveTimestamp ?? message.sentTimestamp)),
      ...(message.deadLetterSourceArn ? { DeadLetterQueueSourceArn: message.deadLetterSourceArn } : {}),
    },
    messageAttributes: {},
    md5OfBody: message.md5OfBody,
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: LOCAL_REGION,
  };
}
