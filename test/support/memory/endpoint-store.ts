import { tenantKey, type Tenant } from '../../../functions/kernel/tenant';
import type { WebhookEndpoint } from '../../../functions/webhooks/endpoint';
import type { WebhookEndpointStore } from '../../../functions/webhooks/endpoint-store';

type EndpointRef = Pick<WebhookEndpoint, 'account_id' | 'environment' | 'endpoint_id'>;

/** Webhook endpoints in memory, by id. */
export class MemoryEndpointStore implements WebhookEndpointStore {
  readonly endpoints = new Map<string, WebhookEndpoint>();

  async create(endpoint: WebhookEndpoint): Promise<void> {
    this.endpoints.set(endpoint.endpoint_id, structuredClone(endpoint));
  }

  async get(tenant: Tenant, endpointId: string): Promise<WebhookEndpoint | undefined> {
    const endpoint = this.endpoints.get(endpointId);
    return endpoint && sameTenant(endpoint, tenant) ? structuredClone(endpoint) : undefined;
  }

  async findById(endpointId: string): Promise<WebhookEndpoint | undefined> {
    const endpoint = this.endpoints.get(endpointId);
    return endpoint ? structuredClone(endpoint) : undefined;
  }

  async listByTenant(tenant: Tenant): Promise<WebhookEndpoint[]> {
    return [...this.endpoints.values()].filter((e) => sameTenant(e, tenant)).map((e) => structuredClone(e));
  }

  async listAll(): Promise<WebhookEndpoint[]> {
    return [...this.endpoints.values()].map((e) => structuredClone(e));
  }

  async update(endpoint: EndpointRef, changes: Partial<Omit<WebhookEndpoint, 'endpoint_id' | 'account_id' | 'environment' | 'created_at'>>): Promise<void> {
    const stored = this.endpoints.get(endpoint.endpoint_id);
    if (stored) Object.assign(stored, changes);
  }

  async delete(endpoint: EndpointRef): Promise<void> {
    this.endpoints.delete(endpoint.endpoint_id);
  }
}

function sameTenant(endpoint: WebhookEndpoint, tenant: Tenant): boolean {
  return tenantKey({ accountId: endpoint.account_id, environment: endpoint.environment }) === tenantKey(tenant);
}
