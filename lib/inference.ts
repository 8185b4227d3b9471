import { Duration } from 'aws-cdk-lib';
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue, Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { posix } from 'node:path';
import { BUNDLED_MODEL_DIR } from './bundling/model-files';
import { consumerConcurrency, type ConsumerConcurrency } from './concurrency';
import { deadLetterAlarm, FunctionAlarms } from './monitoring';
import { FUNCTION_ENTRIES } from './project-paths';
import { workQueue } from './queues';
import { ServiceFunction, type LambdaArchitecture } from './service-function';
import type { Storage, TableAccess } from './storage';

export const INFERENCE_TIMEOUT = Duration.seconds(60);

/** Receives of a scan job before the DLQ; the same number goes to the function as SCAN_MAX_RECEIVES. */
export const SCAN_MAX_RECEIVES = 3;

/** The outcome of each job, and the user's score after each completed scan. Never keys or accounts. */
export const INFERENCE_TABLE_ACCESS = { readWrite: ['scans', 'scores'] } as const satisfies TableAccess;

/** Where Lambda unpacks the bundle. */
const LAMBDA_TASK_ROOT = '/var/task';

export interface InferenceProps {
  storage: Storage;
  deliveryQueue: IQueue;
  architecture: LambdaArchitecture;
  baseEnvironment: Record<string, string>;
  entry?: string;
  /** Scan jobs analysed at once (the event source mapping's maximum concurrency). Default 10. */
  maxConcurrency?: number;
  /**
   * Reserved concurrent executions (lib/concurrency.ts): at least maxConcurrency. Default maxConcurrency + 2;
   * `null`: none reserved.
   */
  reservedConcurrency?: number | null;
}

/** Scan jobs analysed at once by default. */
export const INFERENCE_MAX_CONCURRENCY = 10;

/**
 * Scan analysis: the scan-jobs queue (one job per message, DLQ after SCAN_MAX_RECEIVES), and the inference
 * function (sharp + onnxruntime-node + the ONNX models) that it triggers with partial batch failures.
 */
export class Inference extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly function: ServiceFunction;
  readonly tableAccess: TableAccess = INFERENCE_TABLE_ACCESS;
  readonly alarms: FunctionAlarms;
  readonly deadLetterAlarm: Alarm;
  readonly concurrency: ConsumerConcurrency;

  constructor(scope: Construct, id: string, props: InferenceProps) {
    super(scope, id);
    this.concurrency = consumerConcurrency('Inference', props.maxConcurrency ?? INFERENCE_MAX_CONCURRENCY, props.reservedConcurrency);
    const { queue, deadLetters } = workQueue(this, 'ScanJobQueue', {
      consumerTimeout: INFERENCE_TIMEOUT,
      maxReceiveCount: SCAN_MAX_RECEIVES,
    });
    this.queue = queue;
    this.deadLetters = deadLetters;

    const fn = new ServiceFunction(this, 'InferenceFunction', {
      entry: props.entry ?? FUNCTION_ENTRIES.inference,
      description: 'Analyses a scan job: face and landmark models, quality checks, skin model, scores, events',
      serviceName: 'skin-inference',
      memorySize: 2048,
      timeout: INFERENCE_TIMEOUT,
      architecture: props.architecture,
      reservedConcurrentExecutions: this.concurrency.reserved,
      nativePackages: ['sharp', 'onnxruntime-node'],
      includeModels: true,
      environment: {
        ...props.baseEnvironment,
        MODEL_DIR: posix.join(LAMBDA_TASK_ROOT, BUNDLED_MODEL_DIR),
        SCAN_MAX_RECEIVES: String(SCAN_MAX_RECEIVES),
        DELIVERY_QUEUE_URL: props.deliveryQueue.queueUrl,
      },
    });
    const { imagesBucket } = props.storage;
    props.storage.grantTables(fn, INFERENCE_TABLE_ACCESS);
    imagesBucket.grantRead(fn); // the uploaded image
    imagesBucket.grantPut(fn); // the overlay
    props.deliveryQueue.grantSendMessages(fn); // scan.completed, scan.failed, score.updated
    fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: 1,
        reportBatchItemFailures: true,
        maxConcurrency: this.concurrency.maxConcurrency,
      }),
    );
    this.function = fn;
    this.alarms = new FunctionAlarms(this, 'InferenceAlarms', { fn, timeout: INFERENCE_TIMEOUT, label: 'Inference' });
    this.deadLetterAlarm = deadLetterAlarm(this, 'DeadLetterAlarm', deadLetters, 'Scan jobs');
  }
}
