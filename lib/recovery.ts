import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { PROCESSING_INDEX } from '../functions/adapters/aws/tables';
import { FunctionAlarms } from './monitoring';
import { FUNCTION_ENTRIES } from './project-paths';
import { VISIBILITY_TIMEOUT_FACTOR } from './queues';
import { ServiceFunction, type LambdaArchitecture } from './service-function';
import type { Storage } from './storage';

export const RECOVERY_TIMEOUT = Duration.seconds(60);
/** How often the sweep runs. */
export const RECOVERY_SCHEDULE = Duration.minutes(5);
/** Added to a job's whole retry window before a scan counts as stuck (a backlog in the queue, clock skew). */
const RECOVERY_MARGIN = Duration.minutes(10);

export interface RecoveryProps {
  storage: Storage;
  scanQueue: IQueue;
  deliveryQueue: IQueue;
  architecture: LambdaArchitecture;
  baseEnvironment: Record<string, string>;
  /** Timeout of the inference function and receives of a scan job: together the job's whole retry window. */
  inferenceTimeout: Duration;
  scanMaxReceives: number;
  entry?: string;
}

/**
 * The recovery sweep (functions/recovery): an EventBridge schedule invokes a small function that re-queues scans
 * left `processing` past the deadline, or fails them (scan.failed) when their image is gone. Least privilege, each
 * grant for one call of the core: Query on the scans table's processing index only, GetItem and UpdateItem on the
 * scans table (read the scan, mark the re-queue, write a failure), GetObject on the images (HeadObject) plus
 * ListBucket (so a missing image answers 404, not 403), SendMessage on the scan-jobs and delivery queues.
 */
export class Recovery extends Construct {
  readonly function: ServiceFunction;
  readonly rule: Rule;
  readonly alarms: FunctionAlarms;
  /** SCAN_RECOVERY_AFTER_SECONDS: SCAN_MAX_RECEIVES visibility timeouts (each 6x the inference timeout) + margin. */
  readonly stuckAfter: Duration;

  constructor(scope: Construct, id: string, props: RecoveryProps) {
    super(scope, id);
    const visibility = props.inferenceTimeout.toSeconds() * VISIBILITY_TIMEOUT_FACTOR;
    this.stuckAfter = Duration.seconds(props.scanMaxReceives * visibility + RECOVERY_MARGIN.toSeconds());

    const fn = new ServiceFunction(this, 'RecoveryFunction', {
      entry: props.entry ?? FUNCTION_ENTRIES.recovery,
      description: 'Re-queues scans left processing past their deadline (or fails them when their image is gone)',
      serviceName: 'skin-recovery',
      memorySize: 256,
      timeout: RECOVERY_TIMEOUT,
      architecture: props.architecture,
      environment: {
        ...props.baseEnvironment,
        SCAN_QUEUE_URL: props.scanQueue.queueUrl,
        DELIVERY_QUEUE_URL: props.deliveryQueue.queueUrl,
        SCAN_RECOVERY_AFTER_SECONDS: String(this.stuckAfter.toSeconds()),
      },
    });

    const scans = props.storage.tables[PROCESSING_INDEX.table];
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${scans.tableArn}/index/${PROCESSING_INDEX.name}`] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], resources: [scans.tableArn] }));
    const { imagesBucket } = props.storage;
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [imagesBucket.arnForObjects('*')] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [imagesBucket.bucketArn] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.scanQueue.queueArn, props.deliveryQueue.queueArn] }));

    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the recovery sweep of stuck scans',
      schedule: Schedule.rate(RECOVERY_SCHEDULE),
      // A missed run is not retried: the next one, minutes later, covers it.
      targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
    });
    this.function = fn;
    this.alarms = new FunctionAlarms(this, 'RecoveryAlarms', { fn, timeout: RECOVERY_TIMEOUT, label: 'Recovery sweep' });
  }
}
