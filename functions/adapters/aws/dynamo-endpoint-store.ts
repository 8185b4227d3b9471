import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { GSI1 } from './tables';
import { queryAll, recordTenantKey as tenantOf, scanAll, setChanges, withoutKeys } from './dynamo-items';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import type { WebhookEndpoint, WebhookEndpointStore } from '../../webhooks/contract';

const strip = (item: Record<string, unknown>) => withoutKeys<WebhookEndpoint>(item);

/**
 * Endpoints in the `webhooks` table: partition per tenant, sorted by endpoint id, so the fan-out reads a tenant's
 * endpoints with one strongly consistent query; gsi1 (pk = endpoint id) finds one by id alone (the CLI).
 */
export class DynamoWebhookEndpointStore extends DynamoTable implements WebhookEndpointStore {
  async create(endpoint: WebhookEndpoint): Promise<void> {
    await this.putNew({ pk: tenantOf(endpoint), sk: endpoint.endpoint_id, gsi1pk: endpoint.endpoint_id, gsi1sk: 'endpoint', ...endpoint });
  }

  async get(tenant: Tenant, endpointId: string): Promise<WebhookEndpoint | undefined> {
    const { Item } = await this.readItem({ pk: tenantKey(tenant), sk: endpointId }, { consistent: true });
    return Item ? strip(Item) : undefined;
  }

  async findById(endpointId: string): Promise<WebhookEndpoint | undefined> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :id',
        ExpressionAttributeValues: { ':id': endpointId },
      }),
    );
    const found = Items[0] ? strip(Items[0]) : undefined;
    // The index may lag: read the record itself.
    return found ? this.get({ accountId: found.account_id, environment: found.environment }, endpointId) : undefined;
  }

  async listByTenant(tenant: Tenant): Promise<WebhookEndpoint[]> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': tenantKey(tenant) },
      ConsistentRead: true,
    });
    return items.map(strip);
  }

  /** Every endpoint of every tenant: an operator's listing, so a table scan is fine. */
  async listAll(): Promise<WebhookEndpoint[]> {
    const items = await scanAll(this.db, { TableName: this.tableName });
    return items.map(strip).sort((a, b) => a.endpoint_id.localeCompare(b.endpoint_id));
  }

  async update(
    endpoint: Pick<WebhookEndpoint, 'account_id' | 'environment' | 'endpoint_id'>,
    changes: Partial<Omit<WebhookEndpoint, 'endpoint_id' | 'account_id' | 'environment' | 'created_at'>>,
  ): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: tenantOf(endpoint), sk: endpoint.endpoint_id },
        ...setChanges(changes),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  }

  async delete(endpoint: Pick<WebhookEndpoint, 'account_id' | 'environment' | 'endpoint_id'>): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: tenantOf(endpoint), sk: endpoint.endpoint_id } }));
  }
}

