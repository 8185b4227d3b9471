import { DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GSI1 } from './tables';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import type { WebhookEndpoint, WebhookEndpointStore } from '../../webhooks/contract';

function tenantOf(endpoint: Pick<WebhookEndpoint, 'account_id' | 'environment'>): string {
  return tenantKey({ accountId: endpoint.account_id, environment: endpoint.environment });
}

function strip(item: Record<string, unknown>): WebhookEndpoint {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, ...endpoint } = item;
  return endpoint as unknown as WebhookEndpoint;
}

/**
 * Endpoints in the `webhooks` table: partition per tenant, sorted by endpoint id, so the fan-out reads a tenant's
 * endpoints with one strongly consistent query; gsi1 (pk = endpoint id) finds one by id alone (the CLI).
 */
export class DynamoWebhookEndpointStore implements WebhookEndpointStore {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async create(endpoint: WebhookEndpoint): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: { pk: tenantOf(endpoint), sk: endpoint.endpoint_id, gsi1pk: endpoint.endpoint_id, gsi1sk: 'endpoint', ...endpoint },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(tenant: Tenant, endpointId: string): Promise<WebhookEndpoint | undefined> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: tenantKey(tenant), sk: endpointId }, ConsistentRead: true }),
    );
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
    const items: WebhookEndpoint[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: this.tableName,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': tenantKey(tenant) },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(page.Items ?? []).map(strip));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /** Every endpoint of every tenant: an operator's listing, so a table scan is fine. */
  async listAll(): Promise<WebhookEndpoint[]> {
    const items: WebhookEndpoint[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(new ScanCommand({ TableName: this.tableName, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []).map(strip));
      start = page.LastEvaluatedKey;
    } while (start);
    return items.sort((a, b) => a.endpoint_id.localeCompare(b.endpoint_id));
  }

  async update(
    endpoint: Pick<WebhookEndpoint, 'account_id' | 'environment' | 'endpoint_id'>,
    changes: Partial<Omit<WebhookEndpoint, 'endpoint_id' | 'account_id' | 'environment' | 'created_at'>>,
  ): Promise<void> {
    const entries = Object.entries(changes);
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: tenantOf(endpoint), sk: endpoint.endpoint_id },
        UpdateExpression: `SET ${entries.map(([k]) => `#${k} = :${k}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  }

  async delete(endpoint: Pick<WebhookEndpoint, 'account_id' | 'environment' | 'endpoint_id'>): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: tenantOf(endpoint), sk: endpoint.endpoint_id } }));
  }
}

