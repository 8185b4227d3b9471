import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../functions/kernel/config';
import { PROCESSING_INDEX } from '../../functions/adapters/aws/tables';
import { INFERENCE_TIMEOUT, SCAN_MAX_RECEIVES } from '../../lib/inference';
import { VISIBILITY_TIMEOUT_FACTOR } from '../../lib/queues';
import { synthesizedTemplateForFile } from './support/synth';
import { logicalId, resource, resourcesOfType, resolvedEnvironment, roleStatements } from './support/template-queries';

const synth = synthesizedTemplateForFile();

describe('recovery sweep on AWS', () => {
  it('when the stack is synthesized, then an EventBridge rule invokes the recovery function every 5 minutes, without retries', () => {
    const { template, stack } = synth;
    const fnId = logicalId(stack, stack.recovery.function);
    const rule = resource(template, logicalId(stack, stack.recovery.rule));
    expect(rule.Properties).toMatchObject({ ScheduleExpression: 'rate(5 minutes)', State: 'ENABLED' });
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } }),
    ]);
    const permissions = Object.values(resourcesOfType(template, 'AWS::Lambda::Permission')).filter(
      (p) => JSON.stringify(p.Properties.FunctionName) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
    );
    expect(permissions.map((p) => p.Properties)).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.recovery.rule), 'Arn'] },
      }),
    ]);
  });

  it('when the recovery function is read, then its deadline is the whole retry window of a job plus 10 minutes and its configuration parses', () => {
    const { template, stack } = synth;
    const fn = resource(template, logicalId(stack, stack.recovery.function));
    const window = SCAN_MAX_RECEIVES * INFERENCE_TIMEOUT.toSeconds() * VISIBILITY_TIMEOUT_FACTOR;
    expect(window).toBe(1_080);
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', MemorySize: 256, Timeout: 60, TracingConfig: { Mode: 'Active' } });
    expect(fn.Properties.Environment.Variables).toMatchObject({
      SCAN_RECOVERY_AFTER_SECONDS: String(window + 600),
      SCAN_QUEUE_URL: { Ref: logicalId(stack, stack.inference.queue) },
      DELIVERY_QUEUE_URL: { Ref: logicalId(stack, stack.webhooks.queue) },
      POWERTOOLS_SERVICE_NAME: 'skin-recovery',
    });
    expect(loadConfig(resolvedEnvironment(fn)).SCAN_RECOVERY_AFTER_SECONDS).toBe(1_680);
  });

  it('when its role is read, then it may query only the processing index, get and update scans, head images and send to the two queues', () => {
    const { template, stack } = synth;
    const role = logicalId(stack, stack.recovery.function.role!);
    const scans = logicalId(stack, stack.storage.tables.scans);
    const bucket = logicalId(stack, stack.storage.imagesBucket);
    const statements = roleStatements(template, role).filter(
      (s) => !s.Action.some((action) => action.startsWith('logs:') || action.startsWith('xray:')),
    );
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: ['dynamodb:Query'],
        Resource: [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [scans, 'Arn'] }, `/index/${PROCESSING_INDEX.name}`]] }],
      },
      { Effect: 'Allow', Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'], Resource: [{ 'Fn::GetAtt': [scans, 'Arn'] }] },
      { Effect: 'Allow', Action: ['s3:GetObject'], Resource: [{ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/*']] }] },
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: [{ 'Fn::GetAtt': [bucket, 'Arn'] }] },
      {
        Effect: 'Allow',
        Action: ['sqs:SendMessage'],
        Resource: [
          { 'Fn::GetAtt': [logicalId(stack, stack.inference.queue), 'Arn'] },
          { 'Fn::GetAtt': [logicalId(stack, stack.webhooks.queue), 'Arn'] },
        ],
      },
    ]);
    expect(resourcesOfType(template, 'AWS::IAM::Role')[role].Properties.ManagedPolicyArns).toBeUndefined();
  });

  it('when the scans table is read, then it has the sparse processing index, keys only', () => {
    const { template, stack } = synth;
    const table = resource(template, logicalId(stack, stack.storage.tables.scans));
    expect(table.Properties.GlobalSecondaryIndexes).toContainEqual({
      IndexName: PROCESSING_INDEX.name,
      KeySchema: [
        { AttributeName: PROCESSING_INDEX.partitionKey, KeyType: 'HASH' },
        { AttributeName: PROCESSING_INDEX.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'KEYS_ONLY' },
    });
  });

  it('when the stack is synthesized, then the recovery function has error, throttle and duration alarms', () => {
    const { template, stack } = synth;
    const dimension = JSON.stringify({ Name: 'FunctionName', Value: { Ref: logicalId(stack, stack.recovery.function) } });
    const alarms = Object.values(resourcesOfType(template, 'AWS::CloudWatch::Alarm'))
      .filter((alarm) => JSON.stringify(alarm.Properties.Dimensions ?? []).includes(dimension))
      .map((alarm) => alarm.Properties.MetricName)
      .sort();
    expect(alarms).toEqual(['Duration', 'Errors', 'Throttles']);
  });
});
