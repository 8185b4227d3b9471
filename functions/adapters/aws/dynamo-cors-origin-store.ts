import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { queryAll } from './dynamo-items';
import { GSI1 } from './tables';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import type { CorsOriginStore, CorsOriginRecord } from '../../cors/contract';

const originKey = (origin: string) => `origin#${origin}`;

/**
 * Allowed browser origins, one item per origin and tenant: keyed by origin, so a preflight (which names no account)
 * asks "is this origin listed by anyone" with one query, and a real request "by this tenant" with one get;
 * gsi1 lists a tenant's origins for the CLI (and later the dashboard).
 */
export class DynamoCorsOriginStore extends DynamoTable implements CorsOriginStore {
  async add(record: CorsOriginRecord): Promise<void> {
    const tenant = tenantKey({ accountId: record.account_id, environment: record.environment });
    await this.db.send(
      new PutCommand({ TableName: this.tableName, Item: { pk: originKey(record.origin), sk: tenant, gsi1pk: `tenant#${tenant}`, gsi1sk: record.origin, ...record } }),
    );
  }

  /** True when the origin was listed. */
  async remove(tenant: Tenant, origin: string): Promise<boolean> {
    const { Attributes } = await this.db.send(
      new DeleteCommand({ TableName: this.tableName, Key: { pk: originKey(origin), sk: tenantKey(tenant) }, ReturnValues: 'ALL_OLD' }),
    );
    return Attributes !== undefined;
  }

  async listByTenant(tenant: Tenant): Promise<CorsOriginRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `tenant#${tenantKey(tenant)}` },
    });
    return items.map(({ origin, account_id, environment, created_at }) => ({ origin, account_id, environment, created_at }) as CorsOriginRecord);
  }

  async isListedFor(origin: string, tenant: Tenant): Promise<boolean> {
    const { Item } = await this.readItem({ pk: originKey(origin), sk: tenantKey(tenant) });
    return Item !== undefined;
  }

  async isListedByAnyone(origin: string): Promise<boolean> {
    const { Items = [] } = await this.db.send(
      new QueryCommand({ TableName: this.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': originKey(origin) }, Limit: 1 }),
    );
    return Items.length > 0;
  }
}

