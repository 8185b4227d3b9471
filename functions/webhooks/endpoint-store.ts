import { type Tenant } from '../kernel/tenant';
import type { WebhookEndpoint } from './endpoint';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-endpoint-store.ts. */
export interface WebhookEndpointStore {
  create(endpoint: WebhookEndpoint): Promise<void>;

  get(tenant: Tenant, endpointId: string): Promise<WebhookEndpoint | undefined>;

  findById(endpointId: string): Promise<WebhookEndpoint | undefined>;

  listByTenant(tenant: Tenant): Promise<WebhookEndpoint[]>;

  /** Every endpoint of every tenant: an operator's listing, so a table scan is fine. */
  listAll(): Promise<WebhookEndpoint[]>;

  update(
    endpoint: Pick<WebhookEndpoint, 'account_id' | 'environment' | 'endpoint_id'>,
    changes: Partial<Omit<WebhookEndpoint, 'endpoint_id' | 'account_id' | 'environment' | 'created_at'>>,
  ): Promise<void>;

  delete(endpoint: Pick<WebhookEndpoint, 'account_id' | 'environment' | 'endpoint_id'>): Promise<void>;
}
