import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { Api } from './api';
import type { Inference } from './inference';
import type { Recovery } from './recovery';
import { TABLES } from '../functions/adapters/aws/tables';
import { tablesIn, type Storage, type TableAccess } from './storage';
import type { Webhooks } from './webhooks';

/**
 * Every cdk-nag (AwsSolutions) finding the stack accepts, each with its reason, on the construct it concerns
 * (an acknowledgement covers that construct's children). IAM5 is acknowledged per finding (the exact wildcard),
 * so a new wildcard grant shows up as a violation. Anything not acknowledged here fails `cdk synth` (cdk-nag v3
 * runs as a CDK policy validation plugin) and the nag test.
 */
export function applyNagSuppressions(parts: { storage: Storage; api: Api; inference: Inference; webhooks: Webhooks; recovery?: Recovery }): void {
  const { storage, api, inference, webhooks, recovery } = parts;

  acknowledge(api.restApi, {
    'AwsSolutions-APIG2':
      'Every path is proxied to one function that validates each request at the boundary (zod) and answers ' +
      'RFC 9457 problem+json naming the parameter; a Gateway request validator cannot see multipart fields.',
    'AwsSolutions-APIG3':
      'No WAF in the base stack: per-account rate limits are enforced in the function and the stage is throttled ' +
      'as a backstop. Associate a regional WebACL where IP reputation or geo rules are needed.',
    'AwsSolutions-APIG4':
      'Authentication is the public API key bearer scheme (sk_test_/sk_live_, hashed lookup, scopes, tenants), ' +
      'done by the function on every route; GET /v1/openapi.json is public by design.',
    'AwsSolutions-COG4': 'Clients are machine API keys, not Cognito users; the function authenticates every request.',
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]':
      'The account-level API Gateway CloudWatch role (needed for access and execution logs) uses the AWS managed ' +
      'policy documented for it; it can only write logs.',
  });

  const stack = Stack.of(storage);
  const logicalId = (construct: IConstruct) => stack.getLogicalId(construct.node.defaultChild as CfnElement);
  const bucketObjects = `Resource::<${logicalId(storage.imagesBucket)}.Arn>/*`;
  const tableIndex = (table: IConstruct) => `Resource::<${logicalId(table)}.Arn>/index/*`;
  const grantReason = (what: string) =>
    `Wildcard from a CDK grant, limited to one resource of this stack: ${what}.`;

  const s3Read = {
    [`AwsSolutions-IAM5[${bucketObjects}]`]: grantReason(
      'objects of the images bucket, whose keys (tenant/environment/scan) are not known in advance',
    ),
    'AwsSolutions-IAM5[Action::s3:GetObject*]': grantReason('GetObject and its variants on the images bucket objects'),
    'AwsSolutions-IAM5[Action::s3:GetBucket*]': grantReason('bucket metadata reads of the images bucket'),
    'AwsSolutions-IAM5[Action::s3:List*]': grantReason(
      'listing the images bucket (prefix deletes; a missing key answers NoSuchKey rather than AccessDenied)',
    ),
  };
  const s3Put = {
    [`AwsSolutions-IAM5[${bucketObjects}]`]: s3Read[`AwsSolutions-IAM5[${bucketObjects}]`],
    'AwsSolutions-IAM5[Action::s3:Abort*]': grantReason('aborting multipart uploads into the images bucket'),
  };
  const s3Delete = {
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]': grantReason('deleting scan images and overlays (DELETE endpoints)'),
  };
  /** The gsi1 index of every table in a function's declared access that has one (functions/adapters/aws/tables.ts). */
  const indexes = (access: TableAccess) =>
    Object.fromEntries(
      tablesIn(access)
        .filter((name) => TABLES[name].gsi1)
        .map((name) => [`AwsSolutions-IAM5[${tableIndex(storage.tables[name])}]`, grantReason(`the gsi1 index of the ${name} table`)]),
    );

  /**
   * Active tracing (ServiceFunction) lets each role send X-Ray segments; those two actions have no resource-level
   * permissions. test/cdk/iam.test.ts checks that no other statement of any role has a `*` resource.
   */
  const xray = {
    'AwsSolutions-IAM5[Resource::*]':
      'X-Ray PutTraceSegments and PutTelemetryRecords (added by Lambda active tracing) support no resource-level ' +
      'permissions, so their resource is *; no other statement of this role has a wildcard resource.',
  };

  const runtimeReason =
    'nodejs22.x is the chosen runtime (the bundle targets node22 and is tested on it); moving to a newer runtime ' +
    'is a deliberate upgrade, not a synth-time default.';

  acknowledge(api.function, { 'AwsSolutions-L1': runtimeReason });
  acknowledge(api.cursorSecret, {
    'AwsSolutions-SMG4':
      'The cursor-signing key is resolved into the API function at deploy time and only signs list cursors; ' +
      'rotating it would only invalidate outstanding cursors, so it is replaced by redeploying, not rotated on a schedule.',
  });
  acknowledge(api.function.role!, {
    ...s3Read,
    ...s3Put,
    ...s3Delete,
    ...indexes(api.tableAccess),
    ...xray,
  });

  acknowledge(inference.function, { 'AwsSolutions-L1': runtimeReason });
  acknowledge(inference.function.role!, { ...s3Read, ...s3Put, ...indexes(inference.tableAccess), ...xray });

  if (recovery) {
    acknowledge(recovery.function, { 'AwsSolutions-L1': runtimeReason });
    acknowledge(recovery.function.role!, {
      [`AwsSolutions-IAM5[${bucketObjects}]`]: grantReason(
        's3:GetObject only (HeadObject of a stuck scan\'s image), on objects whose keys are not known in advance',
      ),
      ...xray,
    });
  }

  if (webhooks.function) {
    acknowledge(webhooks.function, { 'AwsSolutions-L1': runtimeReason });
    acknowledge(webhooks.function.role!, { ...indexes(webhooks.tableAccess), ...xray });
  }
}

function acknowledge(scope: IConstruct, reasons: Record<string, string>): void {
  for (const [id, reason] of Object.entries(reasons)) Validations.of(scope).acknowledge({ id, reason });
}
