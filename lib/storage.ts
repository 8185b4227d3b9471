import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { UPLOAD_CORS_RULE, UPLOAD_LIMITS } from '../functions/uploads/upload-limits';
import { Construct } from 'constructs';
import { GSI1, PROCESSING_INDEX, TABLES, TABLE_NAMES, TTL_ATTRIBUTE, physicalTableName, type TableName } from '../functions/adapters/aws/tables';

export interface StorageProps {
  /** TABLE_PREFIX: tables are named `${prefix}-${kebab-name}` (functions/adapters/aws/tables.ts). */
  tablePrefix: string;
  /** RETAIN keeps tables and buckets (and turns on deletion protection) when the stack is deleted. */
  removalPolicy: RemovalPolicy;
  /** Days an uploaded image or overlay is kept (DESIGN section 6: 30 days live). */
  imageRetentionDays?: number;
  /** Days a sandbox (test) object is kept, for objects tagged `environment=test` at upload (see below). */
  sandboxImageRetentionDays?: number;
}

/** The tables a function may read, and may read and write: declared once, used for grants and nag findings. */
export interface TableAccess {
  read?: readonly TableName[];
  readWrite?: readonly TableName[];
}

/** Every table named in `access`. */
export function tablesIn(access: TableAccess): TableName[] {
  return [...(access.read ?? []), ...(access.readWrite ?? [])];
}

/** The object tag the sandbox lifecycle rule matches: `environment=test`. */
export const SANDBOX_OBJECT_TAG = { key: 'environment', value: 'test' } as const;

/**
 * Everything the service persists: the images bucket (encrypted, TLS only, private, expiring) and the DynamoDB
 * tables, built from functions/adapters/aws/tables.ts so the stack and the code never disagree on names, keys,
 * indexes or TTL.
 *
 * Expiry and the object key layout: keys are `${accountId}/${environment}/${scanId}/…`, so a prefix rule cannot
 * tell sandbox objects from live ones (the environment is the second path segment). The bucket therefore
 * expires every object after 30 days, and a second rule expires objects tagged `environment=test` after 1 day.
 * Every object is put with that tag (ImageStore.put; the put grants include s3:PutObjectTagging). docs/deploy.md.
 */
export class Storage extends Construct {
  readonly imagesBucket: Bucket;
  readonly accessLogsBucket: Bucket;
  readonly tables: Record<TableName, Table>;
  readonly tablePrefix: string;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    this.tablePrefix = props.tablePrefix;

    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      // S3 server access logging delivers only to SSE-S3 buckets.
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // Ownership left to CDK: log delivery by bucket policy (cdk.json's serverAccessLogsUseBucketPolicy) or ACL.
      lifecycleRules: [{ id: 'ExpireAccessLogs', expiration: Duration.days(90) }],
      removalPolicy: props.removalPolicy,
    });

    this.imagesBucket = new Bucket(this, 'Images', {
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // No versioning: DELETE /v1/scans and DELETE /v1/users must leave no copy behind.
      versioned: false,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'images/',
      lifecycleRules: [
        {
          id: 'ExpireImages',
          expiration: Duration.days(props.imageRetentionDays ?? 30),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          id: 'ExpireSandboxImages',
          tagFilters: { [SANDBOX_OBJECT_TAG.key]: SANDBOX_OBJECT_TAG.value },
          expiration: Duration.days(props.sandboxImageRetentionDays ?? 1),
        },
        // Direct uploads never claimed by a scan (a claimed one is deleted at once): a day is S3's shortest expiry.
        { id: 'ExpireUnusedUploads', prefix: UPLOAD_LIMITS.keyPrefix, expiration: Duration.days(1) },
      ],
      // Browsers POST direct uploads here (presigned policies; functions/uploads/upload-limits.ts says why any origin).
      cors: [
        {
          allowedMethods: UPLOAD_CORS_RULE.allowedMethods.map((method) => HttpMethods[method]),
          allowedOrigins: [...UPLOAD_CORS_RULE.allowedOrigins],
          allowedHeaders: [...UPLOAD_CORS_RULE.allowedHeaders],
          exposedHeaders: [...UPLOAD_CORS_RULE.exposedHeaders],
          maxAge: UPLOAD_CORS_RULE.maxAgeSeconds,
        },
      ],
      removalPolicy: props.removalPolicy,
    });

    const retain = props.removalPolicy === RemovalPolicy.RETAIN;
    this.tables = Object.fromEntries(
      TABLE_NAMES.map((name) => {
        const spec = TABLES[name];
        const table = new Table(this, `${name[0].toUpperCase()}${name.slice(1)}Table`, {
          tableName: physicalTableName(props.tablePrefix, name),
          partitionKey: { name: 'pk', type: AttributeType.STRING },
          sortKey: { name: 'sk', type: AttributeType.STRING },
          billingMode: BillingMode.PAY_PER_REQUEST,
          pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
          encryption: TableEncryption.AWS_MANAGED,
          timeToLiveAttribute: spec.ttl ? TTL_ATTRIBUTE : undefined,
          deletionProtection: retain,
          removalPolicy: props.removalPolicy,
        });
        if (spec.gsi1) {
          table.addGlobalSecondaryIndex({
            indexName: GSI1,
            partitionKey: { name: 'gsi1pk', type: AttributeType.STRING },
            sortKey: { name: 'gsi1sk', type: AttributeType.STRING },
            projectionType: ProjectionType.ALL,
          });
        }
        if (name === PROCESSING_INDEX.table) {
          // Sparse: only scans still processing carry these attributes (functions/adapters/aws/tables.ts).
          table.addGlobalSecondaryIndex({
            indexName: PROCESSING_INDEX.name,
            partitionKey: { name: PROCESSING_INDEX.partitionKey, type: AttributeType.STRING },
            sortKey: { name: PROCESSING_INDEX.sortKey, type: AttributeType.STRING },
            projectionType: ProjectionType.KEYS_ONLY,
          });
        }
        return [name, table];
      }),
    ) as Record<TableName, Table>;
  }

  /** Grants exactly `access` (items and the gsi1 index of each table; no table-level admin actions). */
  grantTables(grantee: IGrantable, access: TableAccess): void {
    for (const name of access.read ?? []) this.tables[name].grantReadData(grantee);
    for (const name of access.readWrite ?? []) this.tables[name].grantReadWriteData(grantee);
  }
}
