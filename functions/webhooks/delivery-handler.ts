import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import type { SqsBatchHandler } from '../kernel/queue';
import { parseDeliveryQueueMessage } from './queue-messages';
import type { DeliveryDeps } from './delivery-deps';
import { fanOut } from './fan-out';
import { processDelivery } from './process-delivery';

/**
 * The SQS batch handler of the delivery function. A record is either a published event (fanned out to the
 * tenant's endpoints) or one delivery's message (one attempt). Failures are reported per record
 * (ReportBatchItemFailures); a retry wait is a failed record whose visibility was set first.
 */
export function createDeliveryHandler(deps: DeliveryDeps): SqsBatchHandler {
  const handleRecord = async (record: SQSRecord) => {
    const message = parseDeliveryQueueMessage(record.body);
    if (message.kind === 'event') {
      await fanOut(deps, { accountId: message.account_id, environment: message.environment }, message.event);
      return;
    }
    await processDelivery(deps, message, {
      messageId: record.messageId,
      receiptHandle: record.receiptHandle,
      receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
    });
  };
  return (event: SQSEvent, context?: Context) =>
    // A processor per call: it holds the batch's state, and the local queue may run calls concurrently.
    processPartialResponse(event, handleRecord, new BatchProcessor(EventType.SQS), {
      context: context as Context,
      throwOnFullBatchFailure: false,
    });
}
