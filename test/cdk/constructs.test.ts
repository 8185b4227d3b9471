/** Constructs and bundling helpers on their own: no Lambda bundling, so these run in milliseconds. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Alarm, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { describe, expect, it } from 'vitest';
import { parseArchitecture, parseReservedConcurrency } from '../../lib/app';
import { consumerConcurrency } from '../../lib/concurrency';
import { planPackages } from '../../lib/bundling/native-packages';
import { addActionToAllAlarms } from '../../lib/monitoring';
import { FUNCTION_ENTRIES, PROJECT_ROOT } from '../../lib/project-paths';
import { Storage } from '../../lib/storage';
import { Webhooks } from '../../lib/webhooks';
import { cdkJsonContext } from './support/synth';

const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8'));

describe('native package plan', () => {
  it('when sharp is planned for arm64, then the linux-arm64 glibc binaries are included and no other platform', () => {
    const names = planPackages(lock, ['sharp'], { os: 'linux', cpu: 'arm64', libc: 'glibc' }).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['sharp', '@img/sharp-linux-arm64', '@img/sharp-libvips-linux-arm64']));
    expect(names.filter((name) => name.startsWith('@img/sharp-') && !name.includes('linux-arm64'))).toEqual([]);
  });

  it('when sharp is planned for x64, then the linux-x64 glibc binaries are included, not the musl ones', () => {
    const names = planPackages(lock, ['sharp'], { os: 'linux', cpu: 'x64', libc: 'glibc' }).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['@img/sharp-linux-x64', '@img/sharp-libvips-linux-x64']));
    expect(names.some((name) => name.includes('musl') || name.includes('arm64'))).toBe(false);
  });

  it('when onnxruntime-node is planned, then its install-only dependencies are left out', () => {
    const names = planPackages(lock, ['onnxruntime-node'], { os: 'linux', cpu: 'arm64', libc: 'glibc' }).map((p) => p.name);
    expect(names.sort()).toEqual(['onnxruntime-common', 'onnxruntime-node']);
  });
});

describe('context', () => {
  it('when the architecture context is read, then arm64 is the default and x86_64 switches', () => {
    expect(parseArchitecture(undefined)).toBe('arm64');
    expect(parseArchitecture('x86_64')).toBe('x86_64');
    expect(() => parseArchitecture('mips')).toThrow(/arm64 or x86_64/);
  });
});

describe('reserved concurrency', () => {
  it('when the context is read, then a number reserves, none reserves nothing, and anything else is refused', () => {
    expect(parseReservedConcurrency(undefined, 'k')).toBeUndefined();
    expect(parseReservedConcurrency('20', 'k')).toBe(20);
    expect(parseReservedConcurrency(20, 'k')).toBe(20);
    expect(parseReservedConcurrency('none', 'k')).toBeNull();
    expect(() => parseReservedConcurrency('0', 'k')).toThrow(/whole number/);
    expect(() => parseReservedConcurrency('ten', 'inferenceReservedConcurrency')).toThrow(/inferenceReservedConcurrency/);
  });

  it('when a consumer reserves less than its queue maximum concurrency, then it is refused; the default leaves headroom', () => {
    expect(consumerConcurrency('X', 10, undefined)).toEqual({ maxConcurrency: 10, reserved: 12 });
    expect(consumerConcurrency('X', 10, null)).toEqual({ maxConcurrency: 10, reserved: undefined });
    expect(consumerConcurrency('X', 10, 10)).toEqual({ maxConcurrency: 10, reserved: 10 });
    expect(() => consumerConcurrency('X', 10, 4)).toThrow(/below the queue's maximum concurrency/);
    expect(() => consumerConcurrency('X', 1, undefined)).toThrow(/maxConcurrency/);
  });

  it('when the delivery function is built without a reservation, then the template reserves nothing; with one, it reserves that', () => {
    // Bundling skipped: the template is all this test reads.
    const templateFor = (reservedConcurrency: number | null) => {
      const stack = new Stack(new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } }), 'Delivery');
      const storage = new Storage(stack, 'Storage', { tablePrefix: 'skin', removalPolicy: RemovalPolicy.DESTROY });
      new Webhooks(stack, 'Webhooks', { storage, architecture: 'arm64', baseEnvironment: {}, deliveryEntry: FUNCTION_ENTRIES.delivery, reservedConcurrency });
      return Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0].Properties;
    };
    expect(templateFor(null).ReservedConcurrentExecutions).toBeUndefined();
    expect(templateFor(30).ReservedConcurrentExecutions).toBe(30);
    expect(templateFor(null).TracingConfig).toEqual({ Mode: 'Active' });
  });
});

describe('webhooks without the delivery function', () => {
  it('when no delivery entry is given, then the queue, DLQ and DLQ alarm exist without a consumer', () => {
    const stack = new Stack(new App({ context: cdkJsonContext() }), 'WebhooksOnly');
    const storage = new Storage(stack, 'Storage', { tablePrefix: 'skin', removalPolicy: RemovalPolicy.DESTROY });
    const webhooks = new Webhooks(stack, 'Webhooks', { storage, architecture: 'arm64', baseEnvironment: {} });
    const template = Template.fromStack(stack);
    expect(webhooks.function).toBeUndefined();
    template.resourceCountIs('AWS::Lambda::Function', 0);
    template.resourceCountIs('AWS::SQS::Queue', 2);
    template.resourceCountIs('AWS::CloudWatch::Alarm', 1);
  });

  it('when data is not retained, then tables and buckets are deleted with the stack and have no deletion protection', () => {
    const stack = new Stack(new App({ context: cdkJsonContext() }), 'Ephemeral');
    new Storage(stack, 'Storage', { tablePrefix: 'dev', removalPolicy: RemovalPolicy.DESTROY });
    const template = Template.fromStack(stack);
    for (const table of Object.values(template.findResources('AWS::DynamoDB::Table'))) {
      expect(table.DeletionPolicy).toBe('Delete');
      expect(table.Properties.DeletionProtectionEnabled).toBe(false);
      expect(table.Properties.TableName).toMatch(/^dev-/);
    }
    for (const bucket of Object.values(template.findResources('AWS::S3::Bucket'))) expect(bucket.DeletionPolicy).toBe('Delete');
  });
});

describe('alarm actions', () => {
  it('when an alarm topic is given, then every alarm notifies it on alarm and on recovery', () => {
    const stack = new Stack(new App(), 'Alarms');
    const metric = new Metric({ namespace: 'Test', metricName: 'M' });
    new Alarm(stack, 'One', { metric, threshold: 1, evaluationPeriods: 1 });
    new Alarm(stack, 'Two', { metric, threshold: 2, evaluationPeriods: 1 });
    const topicArn = 'arn:aws:sns:us-east-1:000000000000:ops';
    addActionToAllAlarms(stack, new SnsAction(Topic.fromTopicArn(stack, 'Topic', topicArn)));
    const alarms = Object.values(Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(2);
    for (const alarm of alarms) expect(alarm.Properties).toMatchObject({ AlarmActions: [topicArn], OKActions: [topicArn] });
  });
});
