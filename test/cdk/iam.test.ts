import { describe, expect, it } from 'vitest';
import type { TableName } from '../../functions/adapters/aws/tables';
import { synthesizedTemplateForFile } from './support/synth';
import { actionsOn, logicalId, resourcesOfType, roleStatements } from './support/template-queries';

const READ = ['dynamodb:GetItem', 'dynamodb:Query'];
const WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const XRAY_ACTIONS = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

const synth = synthesizedTemplateForFile();

type FunctionKey = 'api' | 'inference' | 'delivery';

function roleOf(key: FunctionKey): string {
  const { stack } = synth;
  const fn = key === 'api' ? stack.api.function : key === 'inference' ? stack.inference.function : stack.webhooks.function!;
  return logicalId(stack, fn.role!);
}

function tableActions(key: FunctionKey, table: TableName): string[] {
  return actionsOn(synth.template, roleOf(key), logicalId(synth.stack, synth.stack.storage.tables[table]));
}

function bucketActions(key: FunctionKey): string[] {
  return actionsOn(synth.template, roleOf(key), logicalId(synth.stack, synth.stack.storage.imagesBucket));
}

/** The tables a function may read and may write, from its role's policy. */
function tableAccess(key: FunctionKey): { read: TableName[]; write: TableName[] } {
  const names = Object.keys(synth.stack.storage.tables) as TableName[];
  return {
    read: names.filter((name) => READ.every((action) => tableActions(key, name).includes(action))),
    write: names.filter((name) => WRITE.some((action) => tableActions(key, name).includes(action))),
  };
}

describe('table access', () => {
  it('when the API function role is read, then it reads and writes its tables and the dashboard tables (accounts, keys, endpoints, deliveries, members, sessions, usage), and only reads CORS origins', () => {
    const all = ['scans', 'rateLimits', 'idempotency', 'routines', 'scores', 'clientTokens', 'uploads', 'accounts', 'keys', 'webhooks', 'deliveries', 'members', 'sessions', 'usage'];
    const access = tableAccess('api');
    expect([...access.read].sort()).toEqual([...all, 'corsOrigins'].sort());
    expect([...access.write].sort()).toEqual([...all].sort());
  });

  it('when the inference and delivery roles are read, then neither touches the dashboard tables (members, sessions, usage)', () => {
    for (const key of ['inference', 'delivery'] as const) {
      for (const table of ['members', 'sessions', 'usage'] as const) expect(tableActions(key, table)).toEqual([]);
    }
  });

  it('when the inference function role is read, then it touches only scans and scores, and cannot read keys', () => {
    expect(tableAccess('inference')).toEqual({ read: ['scans', 'scores'], write: ['scans', 'scores'] });
    expect(tableActions('inference', 'keys')).toEqual([]);
    expect(tableActions('inference', 'accounts')).toEqual([]);
  });

  it('when the delivery function role is read, then it touches only webhooks and deliveries', () => {
    expect(tableAccess('delivery')).toEqual({ read: ['webhooks', 'deliveries'], write: ['webhooks', 'deliveries'] });
  });
});

describe('bucket and queue access', () => {
  it('when the roles are read, then only the API deletes images, inference reads and writes overlays, delivery has no access', () => {
    expect(bucketActions('api')).toEqual(expect.arrayContaining(['s3:PutObject', 's3:GetObject*', 's3:DeleteObject*']));
    expect(bucketActions('inference')).toEqual(expect.arrayContaining(['s3:PutObject', 's3:GetObject*']));
    expect(bucketActions('inference').filter((action) => action.startsWith('s3:Delete'))).toEqual([]);
    expect(bucketActions('delivery')).toEqual([]);
  });

  it('when the API role is read, then it may put, get and delete objects (presign a direct upload, read it, remove it) and change nothing about the bucket', () => {
    const { template, stack } = synth;
    const bucket = logicalId(stack, stack.storage.imagesBucket);
    const objects = JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/*']] });
    const statements = roleStatements(template, roleOf('api')).filter((s) => s.Effect === 'Allow' && JSON.stringify(s.Resource).includes(`"${bucket}"`));
    expect(statements.filter((s) => s.Resource.some((r) => JSON.stringify(r) === objects)).flatMap((s) => s.Action)).toEqual(
      expect.arrayContaining(['s3:PutObject', 's3:GetObject*', 's3:DeleteObject*']),
    );
    for (const action of statements.flatMap((s) => s.Action)) expect(action).not.toMatch(/^s3:(\*|PutBucket|DeleteBucket|PutLifecycle|PutEncryption|PutObjectAcl)/);
  });

  it('when the roles are read, then the API sends scan jobs and events, inference consumes jobs and sends events, delivery owns its queue', () => {
    const { stack, template } = synth;
    const scanQueue = logicalId(stack, stack.inference.queue);
    const deliveryQueue = logicalId(stack, stack.webhooks.queue);
    const consume = ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility'];

    expect(actionsOn(template, roleOf('api'), scanQueue)).toContain('sqs:SendMessage');
    expect(actionsOn(template, roleOf('api'), scanQueue)).not.toContain('sqs:ReceiveMessage');
    expect(actionsOn(template, roleOf('api'), deliveryQueue)).toContain('sqs:SendMessage');

    expect(actionsOn(template, roleOf('inference'), scanQueue)).toEqual(expect.arrayContaining(consume));
    expect(actionsOn(template, roleOf('inference'), scanQueue)).not.toContain('sqs:SendMessage');
    expect(actionsOn(template, roleOf('inference'), deliveryQueue)).toContain('sqs:SendMessage');
    expect(actionsOn(template, roleOf('inference'), deliveryQueue)).not.toContain('sqs:ReceiveMessage');

    expect(actionsOn(template, roleOf('delivery'), deliveryQueue)).toEqual(expect.arrayContaining([...consume, 'sqs:SendMessage']));
    expect(actionsOn(template, roleOf('delivery'), scanQueue)).toEqual([]);
  });

  it('when the roles are read, then no function may touch a dead-letter queue', () => {
    const { stack, template } = synth;
    for (const key of ['api', 'inference', 'delivery'] as const) {
      for (const dlq of [stack.inference.deadLetters, stack.webhooks.deadLetters]) {
        expect(actionsOn(template, roleOf(key), logicalId(stack, dlq))).toEqual([]);
      }
    }
  });
});

describe('no broad grants', () => {
  it('when every policy of the stack is read, then no statement allows a service-wide action, or a bare * resource but for X-Ray', () => {
    const { template } = synth;
    const roles = Object.keys(resourcesOfType(template, 'AWS::IAM::Role'));
    for (const role of roles) {
      for (const statement of roleStatements(template, role)) {
        expect(statement.Action.filter((action) => action === '*' || action.endsWith(':*'))).toEqual([]);
        // X-Ray's two write actions have no resource-level permissions (nag-suppressions.ts acknowledges this one).
        if (statement.Resource.includes('*')) expect([...statement.Action].sort()).toEqual(XRAY_ACTIONS);
      }
    }
  });

  it('when the function roles are read, then each may send X-Ray traces and none calls PutMetricData (metrics are EMF log lines)', () => {
    const { template } = synth;
    for (const key of ['api', 'inference', 'delivery'] as const) {
      const statements = roleStatements(template, roleOf(key));
      const wildcard = statements.filter((statement) => statement.Resource.includes('*'));
      expect(wildcard.map((statement) => ({ ...statement, Action: [...statement.Action].sort() }))).toEqual([
        { Effect: 'Allow', Action: XRAY_ACTIONS, Resource: ['*'] },
      ]);
      expect(statements.flatMap((statement) => statement.Action).filter((action) => action.startsWith('cloudwatch:'))).toEqual([]);
    }
  });

  it('when the function roles are read, then they carry no managed policies and write only their own log group', () => {
    const { template, stack } = synth;
    for (const key of ['api', 'inference', 'delivery'] as const) {
      const role = resourcesOfType(template, 'AWS::IAM::Role')[roleOf(key)];
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      const logStatements = roleStatements(template, roleOf(key)).filter((statement) =>
        statement.Action.some((action) => action.startsWith('logs:')),
      );
      expect(logStatements).toHaveLength(1);
      const fn = key === 'api' ? stack.api.function : key === 'inference' ? stack.inference.function : stack.webhooks.function!;
      expect(logStatements[0].Resource).toEqual([{ 'Fn::GetAtt': [logicalId(stack, fn.logGroupResource), 'Arn'] }]);
    }
  });
});
