import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { SQSEvent, SQSRecord, Context } from 'aws-lambda';
import type { SqsBatchHandler } from '../kernel/queue';
import type { ScanJob } from '../scans/contract';
import { processScanJob, type InferenceDeps } from './process-scan-job';

/**
 * The SQS batch handler of the inference function: each record is one scan job; failures are reported per
 * record (ReportBatchItemFailures), so one bad job never makes a batch retry.
 */
export function createScanJobHandler(deps: InferenceDeps, options: { maxReceives: number }): SqsBatchHandler {
  const processor = new BatchProcessor(EventType.SQS);
  const handleRecord = async (record: SQSRecord) => {
    const job = parseJob(record.body);
    await processScanJob(deps, job, {
      receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
      maxReceives: options.maxReceives,
    });
  };
  return (event: SQSEvent, context?: Context) =>
    processPartialResponse(event, handleRecord, processor, {
      context: context as Context,
      throwOnFullBatchFailure: false,
    });
}

function parseJob(body: string): ScanJob {
  const job = JSON.parse(body) as Partial<ScanJob>;
  if (typeof job.scan_id !== 'string' || typeof job.account_id !== 'string' || (job.environment !== 'test' && job.environment !== 'live')) {
    throw new Error('malformed scan job');
  }
  return job as ScanJob;
}
