import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FunctionAlarms } from './monitoring';
import { FUNCTION_ENTRIES } from './project-paths';
import { ServiceFunction, type LambdaArchitecture } from './service-function';
import type { Storage, TableAccess } from './storage';

/** API Gateway's integration limit is 29 s; the function may use all of it (Prefer: wait up to 25 s). */
export const API_TIMEOUT = Duration.seconds(29);

/**
 * Request bodies API Gateway hands to Lambda base64-encoded, and responses it decodes from base64: the multipart
 * upload and images, plus the any-type wildcard. API Gateway decides whether a response is binary by the
 * request's FIRST Accept type, so without the wildcard an overlay PNG fetched with curl's or a browser's
 * Accept header would arrive as base64 text. The Hono Lambda adapter decodes base64 request bodies and
 * base64-encodes only binary responses, so JSON stays text either way.
 */
export const BINARY_MEDIA_TYPES = ['multipart/form-data', 'image/*', 'application/octet-stream', '*/*'];

/**
 * Accounts, keys and allowed CORS origins are read only (the operator CLI manages them); the API never touches
 * webhook endpoints or deliveries (events go to the delivery queue; the delivery function fans them out). Scores are
 * written because DELETE /v1/users erases them; client tokens and uploads are made and claimed by the API itself.
 */
export const API_TABLE_ACCESS = {
  read: ['accounts', 'keys', 'corsOrigins'],
  readWrite: ['scans', 'rateLimits', 'idempotency', 'routines', 'scores', 'clientTokens', 'uploads'],
} as const satisfies TableAccess;

export interface ApiThrottling {
  /** Steady requests per second for the whole stage. */
  rateLimit: number;
  burstLimit: number;
}

export interface ApiProps {
  storage: Storage;
  scanQueue: IQueue;
  deliveryQueue: IQueue;
  architecture: LambdaArchitecture;
  baseEnvironment: Record<string, string>;
  entry?: string;
  /** Seconds POST /v1/scans waits for the result by default (SCAN_WAIT_SECONDS). */
  scanWaitSeconds?: number;
  /**
   * Stage-wide throttling: a backstop against floods only. Per-account limits (Business 60/min) are enforced
   * by the function with conditional writes, per account and environment.
   */
  throttling?: ApiThrottling;
  removalPolicy: RemovalPolicy;
}

/**
 * The public HTTP API: a REST API (regional) proxying every path and method to the API function, with access
 * logs, error-level execution logs, X-Ray tracing and stage throttling. The function has no reserved concurrency:
 * stage throttling bounds it, and the queue consumers reserve theirs (lib/concurrency.ts).
 */
export class Api extends Construct {
  readonly restApi: RestApi;
  readonly function: ServiceFunction;
  readonly tableAccess: TableAccess = API_TABLE_ACCESS;
  readonly alarms: FunctionAlarms;
  readonly serverErrorsAlarm: Alarm;
  readonly p99LatencyAlarm: Alarm;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const fn = new ServiceFunction(this, 'ApiFunction', {
      entry: props.entry ?? FUNCTION_ENTRIES.api,
      description: 'Skin analysis HTTP API: keys, limits, validation, uploads, scan jobs, reads',
      serviceName: 'skin-api',
      memorySize: 1024,
      timeout: API_TIMEOUT,
      architecture: props.architecture,
      // No native code: uploads are checked by their headers and stripped of metadata in plain JS
      // (functions/scans/metadata); decoding happens in the inference function.
      // GET /docs serves the reference renderer from the bundle (no CDN).
      includeDocsAssets: true,
      environment: {
        ...props.baseEnvironment,
        SCAN_QUEUE_URL: props.scanQueue.queueUrl,
        DELIVERY_QUEUE_URL: props.deliveryQueue.queueUrl,
        SCAN_WAIT_SECONDS: String(props.scanWaitSeconds ?? 10),
        // The bound on revocation and rotation-grace ends made by the operator CLI (functions/keys/authenticate.ts).
        KEY_CACHE_SECONDS: '30',
        IDEMPOTENCY_TTL_SECONDS: '86400',
      },
    });
    const { imagesBucket } = props.storage;
    props.storage.grantTables(fn, API_TABLE_ACCESS);
    // The stripped copy of an upload; and presigned POSTs under uploads/, which S3 authorises as this role's PutObject.
    imagesBucket.grantPut(fn);
    imagesBucket.grantRead(fn); // overlays and direct uploads; List lets a missing object answer NoSuchKey
    imagesBucket.grantDelete(fn); // DELETE /v1/scans, DELETE /v1/users, claimed or refused uploads
    props.scanQueue.grantSendMessages(fn);
    props.deliveryQueue.grantSendMessages(fn); // routine.generated
    this.function = fn;
    this.alarms = new FunctionAlarms(this, 'ApiAlarms', { fn, timeout: API_TIMEOUT, label: 'API' });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: props.removalPolicy,
    });
    const throttling = props.throttling ?? { rateLimit: 100, burstLimit: 200 };
    this.restApi = new RestApi(this, 'RestApi', {
      description: 'Skin analysis API, version 1',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      binaryMediaTypes: BINARY_MEDIA_TYPES,
      // API Gateway writes logs through one role per account and region; kept when the stack goes, since
      // other APIs in the account may rely on it.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName: 'prod',
        throttlingRateLimit: throttling.rateLimit,
        throttlingBurstLimit: throttling.burstLimit,
        accessLogDestination: new LogGroupLogDestination(accessLogs),
        // Ids, status and timings only: no headers (Authorization), no bodies (images).
        accessLogFormat: AccessLogFormat.custom(
          JSON.stringify({
            requestId: AccessLogField.contextRequestId(),
            extendedRequestId: AccessLogField.contextExtendedRequestId(),
            requestTime: AccessLogField.contextRequestTime(),
            ip: AccessLogField.contextIdentitySourceIp(),
            userAgent: AccessLogField.contextIdentityUserAgent(),
            httpMethod: AccessLogField.contextHttpMethod(),
            path: AccessLogField.contextPath(),
            protocol: AccessLogField.contextProtocol(),
            status: AccessLogField.contextStatus(),
            responseLength: AccessLogField.contextResponseLength(),
            responseLatency: AccessLogField.contextResponseLatency(),
            integrationLatency: AccessLogField.contextIntegrationLatency(),
            integrationStatus: AccessLogField.contextIntegrationStatus(),
            errorMessage: AccessLogField.contextErrorMessage(),
          }),
        ),
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        // X-Ray: the stage starts the trace, the function's segments (active tracing) join it.
        tracingEnabled: true,
      },
    });
    const integration = new LambdaIntegration(fn, { proxy: true, allowTestInvoke: false });
    this.restApi.root.addMethod('ANY', integration);
    this.restApi.root.addProxy({ defaultIntegration: integration, anyMethod: true });

    this.serverErrorsAlarm = new Alarm(this, 'ServerErrorsAlarm', {
      alarmDescription: 'API: 5xx responses (function errors, timeouts at 29 s, integration failures)',
      metric: this.restApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.p99LatencyAlarm = new Alarm(this, 'P99LatencyAlarm', {
      alarmDescription: 'API: p99 latency above 26 s (close to the 29 s integration limit)',
      metric: this.restApi.metricLatency({ period: Duration.minutes(5), statistic: 'p99' }),
      threshold: 26_000,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
  }
}
