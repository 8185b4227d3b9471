import type { ScheduledEvent } from 'aws-lambda';
import { recoverStuckScans, type RecoveryReport } from '../../recovery/contract';
import { createLogger } from '../../kernel/logger';
import { QueueEventPublisher } from '../../webhooks/contract';
import { buildRecoveryDeps, recoveryPolicy } from '../build-recovery-deps';
import { awsFunctionParts } from './function-parts';

/** The recovery sweep on AWS, invoked by an EventBridge schedule (lib/recovery.ts); the local stack runs the same core periodically. */
export function createRecoveryLambda() {
  const aws = awsFunctionParts('recovery', {
    settings: ['SCAN_QUEUE_URL', 'DELIVERY_QUEUE_URL', 'SCAN_RECOVERY_AFTER_SECONDS'],
    why: 'stuck scans are re-queued or failed, and their events published',
  });
  const logger = createLogger('recovery');
  const deps = buildRecoveryDeps({
    stores: aws.stores,
    scanQueue: aws.queue('SCAN_QUEUE_URL'),
    events: new QueueEventPublisher(aws.queue('DELIVERY_QUEUE_URL')),
    logger,
    metrics: aws.metrics,
  });
  const policy = recoveryPolicy(aws.config.SCAN_RECOVERY_AFTER_SECONDS as number);
  return aws.observe(logger, async (_event: ScheduledEvent): Promise<RecoveryReport> => {
    const report = await recoverStuckScans(deps, policy);
    // Scans whose recovery threw stay listed for the next run; the invocation fails so the Errors alarm sees it.
    if (report.errors > 0) throw new Error(`recovery sweep: ${report.errors} of ${report.examined} stuck scans could not be handled`);
    return report;
  });
}
