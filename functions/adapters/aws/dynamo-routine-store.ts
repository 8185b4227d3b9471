import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { queryAll, withoutKeys } from './dynamo-items';
import { GSI1 } from './tables';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import type { Routine, RoutineStore } from '../../routines/contract';

/** Routines per tenant, sorted by id; gsi1 per tenant and user (for erasure). */
export class DynamoRoutineStore extends DynamoTable implements RoutineStore {
  async create(tenant: Tenant, routine: Routine): Promise<void> {
    const pk = tenantKey(tenant);
    await this.db.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          pk,
          sk: routine.routine_id,
          ...(routine.user_id ? { gsi1pk: `${pk}#user#${routine.user_id}`, gsi1sk: routine.routine_id } : {}),
          ...routine,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(tenant: Tenant, routineId: string): Promise<Routine | undefined> {
    const { Item } = await this.readItem({ pk: tenantKey(tenant), sk: routineId }, { consistent: true });
    return Item ? withoutKeys<Routine>(Item) : undefined;
  }

  /** Ids of every routine of a user. */
  async idsOfUser(tenant: Tenant, userId: string): Promise<string[]> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `${tenantKey(tenant)}#user#${userId}` },
      ProjectionExpression: 'sk',
    });
    return items.map((item) => String(item.sk));
  }

  async delete(tenant: Tenant, routineId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: tenantKey(tenant), sk: routineId } }));
  }
}

