import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { AccountStore } from '../../accounts/account-store';
import { KeyStore } from '../../keys/key-store';
import { ImageStore } from '../../scans/image-store';
import { ScanStore } from '../../scans/scan-store';
import { IdempotencyStore } from '../../idempotency/idempotency-store';
import { RoutineStore } from '../../routines/routine-store';
import { ScoreStore } from '../../scores/score-store';
import { WebhookEndpointStore } from '../../webhooks/endpoint-store';
import { DeliveryStore } from '../../webhooks/delivery-store';
import { ClientTokenStore } from '../../client-tokens/client-token-store';
import { CorsOriginStore } from '../../cors/cors-origin-store';
import { UploadStore } from '../../uploads/upload-store';
import { UploadObjects } from '../../uploads/upload-objects';
import { MemberStore } from '../../members/member-store';
import { SessionStore } from '../../sessions/session-store';
import { UsageStore } from '../../usage/usage-store';
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
    accounts: new AccountStore(db, table('accounts')),
    keys: new KeyStore(db, table('keys')),
    scans: new ScanStore(db, table('scans')),
    images: new ImageStore(s3, config.IMAGES_BUCKET),
    idempotency: new IdempotencyStore(db, table('idempotency')),
    routines: new RoutineStore(db, table('routines')),
    scores: new ScoreStore(db, table('scores')),
    webhooks: new WebhookEndpointStore(db, table('webhooks')),
    deliveries: new DeliveryStore(db, table('deliveries')),
    clientTokens: new ClientTokenStore(db, table('clientTokens')),
    corsOrigins: new CorsOriginStore(db, table('corsOrigins')),
    uploads: new UploadStore(db, table('uploads')),
    uploadObjects: new UploadObjects(s3, config.IMAGES_BUCKET),
    members: new MemberStore(db, table('members')),
    sessions: new SessionStore(db, table('sessions')),
    usage: new UsageStore(db, table('usage')),
  };
}
