import { type Environment, type Tenant } from '../kernel/tenant';

export interface CorsOriginRecord {
  origin: string;
  account_id: string;
  environment: Environment;
  created_at: string;
}

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-cors-origin-store.ts. */
export interface CorsOriginStore {
  add(record: CorsOriginRecord): Promise<void>;

  /** True when the origin was listed. */
  remove(tenant: Tenant, origin: string): Promise<boolean>;

  listByTenant(tenant: Tenant): Promise<CorsOriginRecord[]>;

  isListedFor(origin: string, tenant: Tenant): Promise<boolean>;

  isListedByAnyone(origin: string): Promise<boolean>;
}
