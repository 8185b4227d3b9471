import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { DynamoAccountStore } from './dynamo-account-store';
import { DynamoKeyStore } from './dynamo-key-store';
import { S3ImageStore } from './s3-image-store';
import { DynamoScanStore } from './dynamo-scan-store';
import { DynamoIdempotencyStore } from './dynamo-idempotency-store';
import { DynamoRoutineStore } from './dynamo-routine-store';
import { DynamoScoreStore } from './dynamo-score-store';
import { DynamoWebhookEndpointStore } from './dynamo-endpoint-store';
import { DynamoDeliveryStore } from './dynamo-delivery-store';
import { DynamoClientTokenStore } from './dynamo-client-token-store';
import { DynamoCorsOriginStore } from './dynamo-cors-origin-store';
import { DynamoUploadStore } from './dynamo-upload-store';
import { S3UploadObjects } from './s3-upload-objects';
import { DynamoMemberStore } from './dynamo-member-store';
import { DynamoSessionStore } from './dynamo-session-store';
import { DynamoUsageStore } from './dynamo-usage-store';
import { physicalTableName } from './tables';
import type { Config } from '../../kernel/config';
import type { Stores } from '../../ports/stores';

export function createStores(config: Config, db: DynamoDBDocumentClient, s3: S3Client): Stores {
  const table = (name: Parameters<typeof physicalTableName>[1]) => physicalTableName(config.TABLE_PREFIX, name);
  return {
    accounts: new DynamoAccountStore(db, table('accounts')),
    keys: new DynamoKeyStore(db, table('keys')),
    scans: new DynamoScanStore(db, table('scans')),
    images: new S3ImageStore(s3, config.IMAGES_BUCKET),
    idempotency: new DynamoIdempotencyStore(db, table('idempotency')),
    routines: new DynamoRoutineStore(db, table('routines')),
    scores: new DynamoScoreStore(db, table('scores')),
    webhooks: new DynamoWebhookEndpointStore(db, table('webhooks')),
    deliveries: new DynamoDeliveryStore(db, table('deliveries')),
    clientTokens: new DynamoClientTokenStore(db, table('clientTokens')),
    corsOrigins: new DynamoCorsOriginStore(db, table('corsOrigins')),
    uploads: new DynamoUploadStore(db, table('uploads')),
    uploadObjects: new S3UploadObjects(s3, config.IMAGES_BUCKET),
    members: new DynamoMemberStore(db, table('members')),
    sessions: new DynamoSessionStore(db, table('sessions')),
    usage: new DynamoUsageStore(db, table('usage')),
  };
}
