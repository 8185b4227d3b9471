import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AccountStore } from '../../accounts/account-store';
import { DynamoAccountStore } from './dynamo-account-store';
import type { KeyStore } from '../../keys/key-store';
import { DynamoKeyStore } from './dynamo-key-store';
import type { ImageStore } from '../../scans/image-store';
import { S3ImageStore } from './s3-image-store';
import type { ScanStore } from '../../scans/scan-store';
import { DynamoScanStore } from './dynamo-scan-store';
import type { IdempotencyStore } from '../../idempotency/idempotency-store';
import { DynamoIdempotencyStore } from './dynamo-idempotency-store';
import type { RoutineStore } from '../../routines/routine-store';
import { DynamoRoutineStore } from './dynamo-routine-store';
import type { ScoreStore } from '../../scores/score-store';
import { DynamoScoreStore } from './dynamo-score-store';
import type { WebhookEndpointStore } from '../../webhooks/endpoint-store';
import { DynamoWebhookEndpointStore } from './dynamo-endpoint-store';
import type { DeliveryStore } from '../../webhooks/delivery-store';
import { DynamoDeliveryStore } from './dynamo-delivery-store';
import type { ClientTokenStore } from '../../client-tokens/client-token-store';
import { DynamoClientTokenStore } from './dynamo-client-token-store';
import type { CorsOriginStore } from '../../cors/cors-origin-store';
import { DynamoCorsOriginStore } from './dynamo-cors-origin-store';
import type { UploadStore } from '../../uploads/upload-store';
import { DynamoUploadStore } from './dynamo-upload-store';
import type { UploadObjects } from '../../uploads/upload-objects';
import { S3UploadObjects } from './s3-upload-objects';
import type { MemberStore } from '../../members/member-store';
import { DynamoMemberStore } from './dynamo-member-store';
import type { SessionStore } from '../../sessions/session-store';
import { DynamoSessionStore } from './dynamo-session-store';
import type { UsageStore } from '../../usage/usage-store';
import { DynamoUsageStore } from './dynamo-usage-store';
import type { Config } from '../../kernel/config';
import { physicalTableName } from './tables';

/** The persistent parts every function shares, over AWS SDK clients (real AWS, or dynalite and s3rver). */
export interface Stores {
  accounts: AccountStore;
  keys: KeyStore;
  scans: ScanStore;
  images: ImageStore;
  idempotency: IdempotencyStore;
  routines: RoutineStore;
  scores: ScoreStore;
  webhooks: WebhookEndpointStore;
  deliveries: DeliveryStore;
  clientTokens: ClientTokenStore;
  corsOrigins: CorsOriginStore;
  uploads: UploadStore;
  /** The uploads prefix of the images bucket (presigned POSTs, uploaded objects). */
  uploadObjects: UploadObjects;
  members: MemberStore;
  sessions: SessionStore;
  usage: UsageStore;
}

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
