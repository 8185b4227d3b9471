import type { AccountStore } from '../accounts/account-store';
import type { KeyStore } from '../keys/key-store';
import type { ImageStore } from '../scans/image-store';
import type { ScanStore } from '../scans/scan-store';
import type { IdempotencyStore } from '../idempotency/idempotency-store';
import type { RoutineStore } from '../routines/routine-store';
import type { ScoreStore } from '../scores/score-store';
import type { WebhookEndpointStore } from '../webhooks/endpoint-store';
import type { DeliveryStore } from '../webhooks/delivery-store';
import type { ClientTokenStore } from '../client-tokens/client-token-store';
import type { CorsOriginStore } from '../cors/cors-origin-store';
import type { UploadStore } from '../uploads/upload-store';
import type { UploadObjects } from '../uploads/upload-objects';
import type { MemberStore } from '../members/member-store';
import type { SessionStore } from '../sessions/session-store';
import type { UsageStore } from '../usage/usage-store';

/**
 * The persistent parts every function shares, as ports: the composition roots fill it with the AWS adapters
 * (functions/adapters/aws/stores.ts, over real AWS or dynalite and s3rver) or the in-memory ones
 * (functions/adapters/memory), and the edge (API, dashboard) and the erasure take what they need from it.
 */
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
