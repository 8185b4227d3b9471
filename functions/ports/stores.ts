import type { AccountStore } from '../accounts/contract';
import type { KeyStore } from '../keys/contract';
import type { ImageStore, ScanStore } from '../scans/contract';
import type { IdempotencyStore } from '../idempotency/contract';
import type { RoutineStore } from '../routines/contract';
import type { ScoreStore } from '../scores/contract';
import type { WebhookEndpointStore, DeliveryStore } from '../webhooks/contract';
import type { ClientTokenStore } from '../client-tokens/contract';
import type { CorsOriginStore } from '../cors/contract';
import type { UploadStore, UploadObjects } from '../uploads/contract';
import type { MemberStore } from '../members/contract';
import type { SessionStore } from '../sessions/contract';
import type { UsageStore } from '../usage/contract';

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
