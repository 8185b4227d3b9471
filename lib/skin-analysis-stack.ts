import { Annotations, Aws, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { Api, type ApiThrottling } from './api';
import { Inference, INFERENCE_TIMEOUT, SCAN_MAX_RECEIVES } from './inference';
import { addActionToAllAlarms } from './monitoring';
import { applyNagSuppressions } from './nag-suppressions';
import { defaultDeliveryEntry } from './project-paths';
import { Recovery } from './recovery';
import type { LambdaArchitecture } from './service-function';
import { Storage } from './storage';
import { Webhooks } from './webhooks';

export interface SkinAnalysisStackProps extends StackProps {
  /** Lambda architecture of every function; arm64 unless `-c architecture=x86_64`. */
  architecture?: LambdaArchitecture;
  /** TABLE_PREFIX; table names are `${prefix}-${table}`. Default `skin`. */
  tablePrefix?: string;
  /** Entry files of the API and inference functions; default functions/runtime/lambda/{api,inference}.ts. */
  apiEntry?: string;
  inferenceEntry?: string;
  /**
   * The delivery function's entry file. Default: functions/runtime/lambda/delivery.ts when it exists; when it does not,
   * the delivery queue, DLQ and alarm are deployed without their consumer (a synth warning says so).
   * `null` leaves the function out explicitly.
   */
  deliveryEntry?: string | null;
  /** Keep tables and buckets (with deletion protection) when the stack is deleted. Default true. */
  retainData?: boolean;
  /** SNS topic every alarm notifies (alarm and OK). */
  alarmTopicArn?: string;
  apiThrottling?: ApiThrottling;
  logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /**
   * Reserved concurrency of the inference and delivery functions (lib/concurrency.ts). Default: each queue's
   * maximum concurrency plus 2 (inference 12, delivery 7); `null`: none reserved (accounts with a low quota).
   */
  inferenceReservedConcurrency?: number | null;
  deliveryReservedConcurrency?: number | null;
}

/**
 * The skin analysis service: storage (images bucket, tables), the HTTP API, scan inference and webhook
 * delivery, composed from one construct per capability. Outputs are what `skin` needs against AWS:
 * `SKIN_TARGET=aws TABLE_PREFIX=… IMAGES_BUCKET=… AWS_REGION=… npx skin …`.
 */
export class SkinAnalysisStack extends Stack {
  readonly storage: Storage;
  readonly api: Api;
  readonly inference: Inference;
  readonly webhooks: Webhooks;
  readonly recovery: Recovery;

  constructor(scope: Construct, id: string, props: SkinAnalysisStackProps = {}) {
    super(scope, id, props);
    const architecture = props.architecture ?? 'arm64';
    const tablePrefix = props.tablePrefix ?? 'skin';
    const removalPolicy = props.retainData === false ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const deliveryEntry = props.deliveryEntry === null ? undefined : (props.deliveryEntry ?? defaultDeliveryEntry());

    this.storage = new Storage(this, 'Storage', { tablePrefix, removalPolicy });
    // Read by functions/kernel/config.ts in every function; IMAGES_BUCKET is required there even where unused.
    const baseEnvironment = {
      TABLE_PREFIX: tablePrefix,
      IMAGES_BUCKET: this.storage.imagesBucket.bucketName,
      LOG_LEVEL: props.logLevel ?? 'INFO',
    };

    this.webhooks = new Webhooks(this, 'Webhooks', {
      storage: this.storage,
      architecture,
      baseEnvironment,
      deliveryEntry,
      reservedConcurrency: props.deliveryReservedConcurrency,
    });
    if (!deliveryEntry) {
      Annotations.of(this.webhooks).addWarningV2(
        'skin:delivery-function-missing',
        'functions/runtime/lambda/delivery.ts does not exist: the delivery queue is deployed without its consumer, so ' +
          'webhook events wait in it (14 days) until a stack with the delivery function is deployed.',
      );
    }
    this.inference = new Inference(this, 'Inference', {
      storage: this.storage,
      deliveryQueue: this.webhooks.queue,
      architecture,
      baseEnvironment,
      entry: props.inferenceEntry,
      reservedConcurrency: props.inferenceReservedConcurrency,
    });
    this.api = new Api(this, 'Api', {
      storage: this.storage,
      scanQueue: this.inference.queue,
      deliveryQueue: this.webhooks.queue,
      architecture,
      baseEnvironment,
      entry: props.apiEntry,
      throttling: props.apiThrottling,
      removalPolicy,
    });

    this.recovery = new Recovery(this, 'Recovery', {
      storage: this.storage,
      scanQueue: this.inference.queue,
      deliveryQueue: this.webhooks.queue,
      architecture,
      baseEnvironment,
      inferenceTimeout: INFERENCE_TIMEOUT,
      scanMaxReceives: SCAN_MAX_RECEIVES,
    });

    if (props.alarmTopicArn) {
      addActionToAllAlarms(this, new SnsAction(Topic.fromTopicArn(this, 'AlarmTopic', props.alarmTopicArn)));
    }
    applyNagSuppressions({ storage: this.storage, api: this.api, inference: this.inference, webhooks: this.webhooks, recovery: this.recovery });

    new CfnOutput(this, 'ApiUrl', { value: this.api.restApi.url, description: 'Base URL of the API (append v1/…)' });
    new CfnOutput(this, 'ImagesBucketName', { value: this.storage.imagesBucket.bucketName, description: 'IMAGES_BUCKET' });
    new CfnOutput(this, 'TablePrefix', { value: tablePrefix, description: 'TABLE_PREFIX' });
    new CfnOutput(this, 'ScanQueueUrl', { value: this.inference.queue.queueUrl, description: 'SCAN_QUEUE_URL' });
    new CfnOutput(this, 'DeliveryQueueUrl', { value: this.webhooks.queue.queueUrl, description: 'DELIVERY_QUEUE_URL' });
    new CfnOutput(this, 'Region', { value: Aws.REGION, description: 'AWS_REGION' });
  }
}
