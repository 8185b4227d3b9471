import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BINARY_MEDIA_TYPES, API_TIMEOUT } from '../../lib/api';
import { INFERENCE_MAX_CONCURRENCY, INFERENCE_TIMEOUT, SCAN_MAX_RECEIVES } from '../../lib/inference';
import { RESERVED_HEADROOM } from '../../lib/concurrency';
import { VISIBILITY_TIMEOUT_FACTOR } from '../../lib/queues';
import { DELIVERY_MAX_CONCURRENCY, DELIVERY_MAX_RECEIVES, DELIVERY_TIMEOUT } from '../../lib/webhooks';
import { RECOVERY_TIMEOUT } from '../../lib/recovery';
import { METRICS_NAMESPACE } from '../../functions/kernel/metrics';
import { loadConfig } from '../../functions/kernel/config';
import { GSI1, PROCESSING_INDEX, TABLES, TABLE_NAMES, TTL_ATTRIBUTE, physicalTableName } from '../../functions/adapters/aws/tables';
import { synthesizedTemplateForFile } from './support/synth';
import { logicalId, resource, resourcesOfType, resolvedEnvironment } from './support/template-queries';

const FOURTEEN_DAYS = 14 * 24 * 3600;

const synth = synthesizedTemplateForFile();

describe('functions', () => {
  it('when the stack is synthesized, then it has the four functions on nodejs22.x, arm64, with their memory and timeouts', () => {
    const { template, stack } = synth;
    template.resourceCountIs('AWS::Lambda::Function', 4);
    const expected = [
      { fn: stack.api.function, memory: 1024, timeout: API_TIMEOUT.toSeconds() },
      { fn: stack.inference.function, memory: 2048, timeout: INFERENCE_TIMEOUT.toSeconds() },
      { fn: stack.webhooks.function!, memory: 512, timeout: DELIVERY_TIMEOUT.toSeconds() },
      { fn: stack.recovery.function, memory: 256, timeout: RECOVERY_TIMEOUT.toSeconds() },
    ];
    for (const { fn, memory, timeout } of expected) {
      expect(resource(template, logicalId(stack, fn)).Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        MemorySize: memory,
        Timeout: timeout,
      });
    }
    expect(API_TIMEOUT.toSeconds()).toBe(29);
  });

  it('when each function environment is parsed by functions/kernel/config.ts, then it is valid and names the resources it uses', () => {
    const { template, stack } = synth;
    const bucketRef = { Ref: logicalId(stack, stack.storage.imagesBucket) };
    const scanQueueRef = { Ref: logicalId(stack, stack.inference.queue) };
    const deliveryQueueRef = { Ref: logicalId(stack, stack.webhooks.queue) };
    const env = (fn: Parameters<typeof logicalId>[1]) => resource(template, logicalId(stack, fn)).Properties.Environment.Variables;

    for (const fn of [stack.api.function, stack.inference.function, stack.webhooks.function!, stack.recovery.function]) {
      const config = loadConfig(resolvedEnvironment(resource(template, logicalId(stack, fn))));
      expect(config.TABLE_PREFIX).toBe('skin');
      expect(env(fn)).toMatchObject({ IMAGES_BUCKET: bucketRef, LOG_LEVEL: 'INFO', POWERTOOLS_SERVICE_NAME: expect.stringMatching(/^skin-/) });
    }
    expect(env(stack.api.function)).toMatchObject({
      SCAN_QUEUE_URL: scanQueueRef,
      DELIVERY_QUEUE_URL: deliveryQueueRef,
      SCAN_WAIT_SECONDS: '10',
      KEY_CACHE_SECONDS: '30',
    });
    // The cursor key is the generated secret, resolved by CloudFormation at deploy time: never a literal here.
    const secretId = logicalId(stack, stack.api.cursorSecret);
    expect(resource(template, secretId).Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(JSON.stringify(env(stack.api.function).CURSOR_SECRET)).toContain(`{"Ref":"${secretId}"}`);
    expect(JSON.stringify(env(stack.api.function).CURSOR_SECRET)).toContain('{{resolve:secretsmanager:');
    expect(env(stack.inference.function)).not.toHaveProperty('CURSOR_SECRET');
    expect(env(stack.inference.function)).toMatchObject({
      MODEL_DIR: '/var/task/models',
      SCAN_MAX_RECEIVES: String(SCAN_MAX_RECEIVES),
      DELIVERY_QUEUE_URL: deliveryQueueRef,
    });
    expect(env(stack.inference.function)).not.toHaveProperty('SCAN_QUEUE_URL');
    expect(env(stack.webhooks.function!)).toMatchObject({
      DELIVERY_QUEUE_URL: deliveryQueueRef,
      WEBHOOK_MAX_RECEIVES: String(DELIVERY_MAX_RECEIVES),
    });
  });

  it('when the stack is synthesized, then every function has active X-Ray tracing and the metrics namespace', () => {
    const { template, stack } = synth;
    for (const fn of [stack.api.function, stack.inference.function, stack.webhooks.function!, stack.recovery.function]) {
      const props = resource(template, logicalId(stack, fn)).Properties;
      expect(props.TracingConfig).toEqual({ Mode: 'Active' });
      expect(props.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe(METRICS_NAMESPACE);
    }
    expect(METRICS_NAMESPACE).toBe('SkinAnalysis');
  });

  it('when the stack is synthesized, then inference and delivery reserve concurrency above their queue maximum, and the API reserves none', () => {
    const { template, stack } = synth;
    const reserved = (fn: Parameters<typeof logicalId>[1]) => resource(template, logicalId(stack, fn)).Properties.ReservedConcurrentExecutions;
    expect(reserved(stack.inference.function)).toBe(INFERENCE_MAX_CONCURRENCY + RESERVED_HEADROOM);
    expect(reserved(stack.webhooks.function!)).toBe(DELIVERY_MAX_CONCURRENCY + RESERVED_HEADROOM);
    expect(reserved(stack.api.function)).toBeUndefined();
    expect([reserved(stack.inference.function), reserved(stack.webhooks.function!)]).toEqual([12, 7]);

    // A throttled SQS event source returns messages to the queue (a receive spent): never more at once than reserved.
    for (const fn of [stack.inference.function, stack.webhooks.function!]) {
      const mappings = Object.values(resourcesOfType(template, 'AWS::Lambda::EventSourceMapping')).filter(
        (mapping) => JSON.stringify(mapping.Properties.FunctionName) === JSON.stringify({ Ref: logicalId(stack, fn) }),
      );
      expect(mappings).toHaveLength(1);
      expect(mappings[0].Properties.ScalingConfig.MaximumConcurrency).toBeLessThanOrEqual(reserved(fn));
    }
  });

  it('when the stack is synthesized, then every function logs to its own log group with a retention', () => {
    const { template, stack } = synth;
    for (const fn of [stack.api.function, stack.inference.function, stack.webhooks.function!, stack.recovery.function]) {
      const logGroupId = logicalId(stack, fn.logGroupResource);
      expect(resource(template, logicalId(stack, fn)).Properties.LoggingConfig).toEqual({ LogGroup: { Ref: logGroupId } });
      expect(resource(template, logGroupId).Properties.RetentionInDays).toBe(30);
    }
  });
});

describe('tables', () => {
  it('when the stack is synthesized, then every table of functions/adapters/aws/tables.ts exists with its keys, index and TTL', () => {
    const { template } = synth;
    template.resourceCountIs('AWS::DynamoDB::Table', TABLE_NAMES.length);
    for (const name of TABLE_NAMES) {
      const spec = TABLES[name];
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: physicalTableName('skin', name),
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: spec.gsi1
          ? [
              Match.objectLike({
                IndexName: GSI1,
                KeySchema: [
                  { AttributeName: 'gsi1pk', KeyType: 'HASH' },
                  { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              }),
              // The scans table also has the sparse processing index (test/cdk/recovery.test.ts).
              ...(name === PROCESSING_INDEX.table ? [Match.objectLike({ IndexName: PROCESSING_INDEX.name })] : []),
            ]
          : Match.absent(),
        TimeToLiveSpecification: spec.ttl ? { AttributeName: TTL_ATTRIBUTE, Enabled: true } : Match.absent(),
      });
    }
  });

  it('when the stack is synthesized, then every table is on-demand, encrypted, with point-in-time recovery and retained', () => {
    const tables = resourcesOfType(synth.template, 'AWS::DynamoDB::Table') as Record<string, any>;
    for (const table of Object.values(tables)) {
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      });
      expect(table.DeletionPolicy).toBe('Retain');
    }
  });
});

describe('images bucket', () => {
  it('when the stack is synthesized, then the bucket is encrypted, private, unversioned and access-logged', () => {
    const { template, stack } = synth;
    expect(resource(template, logicalId(stack, stack.storage.imagesBucket)).Properties).toMatchObject({
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LoggingConfiguration: { DestinationBucketName: { Ref: logicalId(stack, stack.storage.accessLogsBucket) } },
    });
    expect(resource(template, logicalId(stack, stack.storage.imagesBucket)).Properties.VersioningConfiguration).toBeUndefined();
  });

  it('when the stack is synthesized, then the bucket policy denies every request without TLS', () => {
    const { template, stack } = synth;
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(stack, stack.storage.imagesBucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Principal: { AWS: '*' },
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('when the stack is synthesized, then objects expire after 30 days, after 1 day when tagged as sandbox, and unused direct uploads after 1 day', () => {
    const { template, stack } = synth;
    expect(resource(template, logicalId(stack, stack.storage.imagesBucket)).Properties.LifecycleConfiguration.Rules).toEqual([
      { Id: 'ExpireImages', Status: 'Enabled', ExpirationInDays: 30, AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } },
      { Id: 'ExpireSandboxImages', Status: 'Enabled', ExpirationInDays: 1, TagFilters: [{ Key: 'environment', Value: 'test' }] },
      { Id: 'ExpireUnusedUploads', Status: 'Enabled', ExpirationInDays: 1, Prefix: 'uploads/' },
    ]);
  });

  it('when the stack is synthesized, then the images bucket has one CORS rule for direct uploads: POST from any origin, nothing else cross-origin', () => {
    const { template, stack } = synth;
    expect(resource(template, logicalId(stack, stack.storage.imagesBucket)).Properties.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedMethods: ['POST'], AllowedOrigins: ['*'], AllowedHeaders: ['*'], ExposedHeaders: ['ETag'], MaxAge: 3000 }],
    });
  });
});

describe('queues', () => {
  const queueProps = (construct: Parameters<typeof logicalId>[1]) => resource(synth.template, logicalId(synth.stack, construct)).Properties;
  const functionTimeout = (construct: Parameters<typeof logicalId>[1]) =>
    resource(synth.template, logicalId(synth.stack, construct)).Properties.Timeout as number;

  it('when the stack is synthesized, then the scan-jobs queue redrives to its DLQ after SCAN_MAX_RECEIVES (3) receives', () => {
    const { stack } = synth;
    expect(SCAN_MAX_RECEIVES).toBe(3);
    expect(queueProps(stack.inference.queue).RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack, stack.inference.deadLetters), 'Arn'] },
      maxReceiveCount: 3,
    });
    expect(queueProps(stack.inference.deadLetters).MessageRetentionPeriod).toBe(FOURTEEN_DAYS);
  });

  it('when the stack is synthesized, then the delivery queue and its DLQ keep messages 14 days and redrive after the retry schedule', () => {
    const { stack } = synth;
    expect(queueProps(stack.webhooks.queue)).toMatchObject({
      MessageRetentionPeriod: FOURTEEN_DAYS,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack, stack.webhooks.deadLetters), 'Arn'] },
        maxReceiveCount: DELIVERY_MAX_RECEIVES,
      },
    });
    expect(DELIVERY_MAX_RECEIVES).toBeGreaterThanOrEqual(8);
    expect(queueProps(stack.webhooks.deadLetters).MessageRetentionPeriod).toBe(FOURTEEN_DAYS);
  });

  it('when the stack is synthesized, then each queue visibility timeout is at least six times its consumer timeout', () => {
    const { stack } = synth;
    const pairs = [
      { queue: stack.inference.queue, fn: stack.inference.function },
      { queue: stack.webhooks.queue, fn: stack.webhooks.function! },
    ];
    for (const { queue, fn } of pairs) {
      expect(queueProps(queue).VisibilityTimeout).toBeGreaterThanOrEqual(VISIBILITY_TIMEOUT_FACTOR * functionTimeout(fn));
    }
    expect(queueProps(stack.inference.queue).VisibilityTimeout).toBeGreaterThanOrEqual(360);
  });

  it('when the stack is synthesized, then every queue is encrypted and refuses requests without TLS', () => {
    const { template } = synth;
    const queues = resourcesOfType(template, 'AWS::SQS::Queue');
    expect(Object.keys(queues)).toHaveLength(4);
    for (const [id, queue] of Object.entries(queues)) {
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Action: 'sqs:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it('when the stack is synthesized, then both consumers report batch item failures, inference one job at a time', () => {
    const { template, stack } = synth;
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(stack, stack.inference.function) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.inference.queue), 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(stack, stack.webhooks.function!) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.webhooks.queue), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

describe('api', () => {
  it('when the stack is synthesized, then the REST API takes multipart and images as binary', () => {
    const { template } = synth;
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      BinaryMediaTypes: Match.arrayWith(['multipart/form-data', 'image/*']),
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
    expect(BINARY_MEDIA_TYPES).toContain('*/*');
  });

  it('when the stack is synthesized, then every path and method is proxied to the API function', () => {
    const { template, stack } = synth;
    const fnArn = { 'Fn::GetAtt': [logicalId(stack, stack.api.function), 'Arn'] };
    template.hasResourceProperties('AWS::ApiGateway::Resource', { PathPart: '{proxy+}' });
    const methods = resourcesOfType(template, 'AWS::ApiGateway::Method');
    expect(Object.keys(methods)).toHaveLength(2);
    for (const method of Object.values(methods)) {
      expect(method.Properties).toMatchObject({
        HttpMethod: 'ANY',
        AuthorizationType: 'NONE',
        Integration: { Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' },
      });
      expect(JSON.stringify(method.Properties.Integration.Uri)).toContain(JSON.stringify(fnArn));
    }
  });

  it('when the stack is synthesized, then the dashboard is served by the API function: /dashboard and /dashboard/assets/* reach it through the root proxy, its tables exist, and loopback webhooks stay off', () => {
    const { template, stack } = synth;
    const restApiId = logicalId(stack, stack.api.restApi);
    const proxy = Object.entries(resourcesOfType(template, 'AWS::ApiGateway::Resource')).find(([, r]) => r.Properties.PathPart === '{proxy+}')!;
    // A greedy {proxy+} directly under the root: every path, /dashboard/sign-in and /dashboard/assets/dashboard.css included.
    expect(proxy[1].Properties.ParentId).toEqual({ 'Fn::GetAtt': [restApiId, 'RootResourceId'] });
    const proxyMethod = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Method')).find((m) => JSON.stringify(m.Properties.ResourceId).includes(proxy[0]))!;
    expect(proxyMethod.Properties.HttpMethod).toBe('ANY');
    expect(JSON.stringify(proxyMethod.Properties.Integration.Uri)).toContain(logicalId(stack, stack.api.function));
    for (const name of ['members', 'sessions', 'usage'] as const) expect(stack.storage.tables[name]).toBeDefined();
    expect(TABLES.sessions.ttl && TABLES.usage.ttl).toBe(true);
    const env = resolvedEnvironment(resource(template, logicalId(stack, stack.api.function)));
    expect(env.WEBHOOK_ALLOW_LOOPBACK).toBeUndefined();
    expect(env.DELIVERY_QUEUE_URL).toBeDefined();
  });

  it('when the stack is synthesized, then the stage is throttled, traced, and writes JSON access logs without headers or bodies', () => {
    const { template } = synth;
    const stage = Object.values(resourcesOfType(template, 'AWS::ApiGateway::Stage'))[0];
    expect(stage.Properties.TracingEnabled).toBe(true);
    expect(stage.Properties.MethodSettings).toEqual([
      expect.objectContaining({
        HttpMethod: '*',
        ResourcePath: '/*',
        ThrottlingRateLimit: 100,
        ThrottlingBurstLimit: 200,
        LoggingLevel: 'ERROR',
        DataTraceEnabled: false,
      }),
    ]);
    const format = JSON.parse(stage.Properties.AccessLogSetting.Format as string) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', ip: '$context.identity.sourceIp' });
    expect(JSON.stringify(format)).not.toMatch(/authorization|requestOverride|body/i);
    expect(JSON.stringify(stage.Properties.AccessLogSetting.DestinationArn)).toContain(
      JSON.stringify({ Ref: logicalId(synth.stack, synth.stack.api.node.findChild('AccessLogs')) }),
    );
  });
});

describe('alarms', () => {
  const alarmsOn = (metricName: string, dimension: Record<string, unknown>) =>
    Object.values(resourcesOfType(synth.template, 'AWS::CloudWatch::Alarm')).filter(
      (alarm) =>
        alarm.Properties.MetricName === metricName &&
        JSON.stringify(alarm.Properties.Dimensions).includes(JSON.stringify(dimension)),
    );

  it('when the stack is synthesized, then a message in either dead-letter queue raises an alarm', () => {
    const { stack } = synth;
    for (const dlq of [stack.inference.deadLetters, stack.webhooks.deadLetters]) {
      const alarms = alarmsOn('ApproximateNumberOfMessagesVisible', {
        Name: 'QueueName',
        Value: { 'Fn::GetAtt': [logicalId(stack, dlq), 'QueueName'] },
      });
      expect(alarms).toHaveLength(1);
      expect(alarms[0].Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('when the stack is synthesized, then each function has error, throttle and p99 duration alarms', () => {
    const { stack } = synth;
    for (const fn of [stack.api.function, stack.inference.function, stack.webhooks.function!, stack.recovery.function]) {
      const dimension = { Name: 'FunctionName', Value: { Ref: logicalId(stack, fn) } };
      expect(alarmsOn('Errors', dimension)).toHaveLength(1);
      expect(alarmsOn('Throttles', dimension)).toHaveLength(1);
      const duration = alarmsOn('Duration', dimension);
      expect(duration).toHaveLength(1);
      expect(duration[0].Properties.ExtendedStatistic).toBe('p99');
    }
  });

  it('when the stack is synthesized, then API 5xx responses and p99 latency raise alarms', () => {
    const apiAlarms = Object.values(resourcesOfType(synth.template, 'AWS::CloudWatch::Alarm')).filter(
      (alarm) => alarm.Properties.Namespace === 'AWS/ApiGateway',
    );
    expect(apiAlarms.map((alarm) => alarm.Properties.MetricName).sort()).toEqual(['5XXError', 'Latency']);
  });
});

describe('outputs', () => {
  it('when the stack is synthesized, then it outputs what the skin CLI needs against AWS', () => {
    const { template, stack } = synth;
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining(['ApiUrl', 'ImagesBucketName', 'TablePrefix', 'ScanQueueUrl', 'DeliveryQueueUrl', 'Region']),
    );
    expect(outputs.TablePrefix.Value).toBe('skin');
    expect(outputs.ImagesBucketName.Value).toEqual({ Ref: logicalId(stack, stack.storage.imagesBucket) });
    expect(outputs.ScanQueueUrl.Value).toEqual({ Ref: logicalId(stack, stack.inference.queue) });
    expect(outputs.DeliveryQueueUrl.Value).toEqual({ Ref: logicalId(stack, stack.webhooks.queue) });
    expect(outputs.Region.Value).toEqual({ Ref: 'AWS::Region' });
    expect(JSON.stringify(outputs.ApiUrl.Value)).toContain('execute-api');
  });
});
