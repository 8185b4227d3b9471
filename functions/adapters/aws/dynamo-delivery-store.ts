import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoTable } from './dynamo-table';
import { GSI1 } from './tables';
import { conditionalWrite, queryAll, recordTenantKey as tenantOf, setChanges, withoutKeys } from './dynamo-items';
import { tenantKey, type Tenant } from '../../kernel/tenant';
import { DELIVERY_RETENTION_SECONDS, type DeliveryAttempt, type DeliveryRecord, type DeliveryStatus, type DeliveryStore } from '../../webhooks/contract';

function expiry(nowMs: number): number {
  return Math.floor(nowMs / 1000) + DELIVERY_RETENTION_SECONDS;
}

const strip = (item: Record<string, unknown>) => withoutKeys<DeliveryRecord>(item);

/**
 * Deliveries in the `deliveries` table: one item per delivery (pk = delivery id), its attempts in a list on it;
 * gsi1 lists a tenant's deliveries newest first. Every state change is a conditional write, so two copies of a
 * queue message (SQS is at-least-once) cannot both make an attempt, and a stale copy cannot overwrite a newer run.
 */
export class DynamoDeliveryStore extends DynamoTable implements DeliveryStore {
  /** False when the delivery already exists: this (event, endpoint) pair was fanned out before. */
  async createIfAbsent(record: DeliveryRecord): Promise<boolean> {
    return conditionalWrite(
      this.putNew({ pk: record.delivery_id, sk: 'delivery', gsi1pk: tenantOf(record), gsi1sk: record.delivery_id, ...record }),
    );
  }

  async get(deliveryId: string): Promise<DeliveryRecord | undefined> {
    const { Item } = await this.readItem({ pk: deliveryId, sk: 'delivery' }, { consistent: true });
    return Item ? strip(Item) : undefined;
  }

  async markEnqueued(deliveryId: string, at: string): Promise<void> {
    await this.update(deliveryId, { enqueued_at: at }, 'attribute_exists(pk)', {});
  }

  /**
   * Takes the next attempt of `run`: moves run_attempts from `runAttempts` to +1 and sets a lease held by
   * `claimedBy` (the queue message, or null for an operator's attempt), only while the delivery is pending in that
   * run, at that position and not leased. False: another receive got there first.
   */
  async claimAttempt(
    deliveryId: string,
    claim: { run: number; runAttempts: number; nowMs: number; leaseUntil: number; claimedBy: string | null },
  ): Promise<boolean> {
    return this.tryUpdate(
      deliveryId,
      {
        run_attempts: claim.runAttempts + 1,
        lease_until: claim.leaseUntil,
        claimed_by: claim.claimedBy,
        updated_at: new Date(claim.nowMs).toISOString(),
      },
      '#status = :pending AND #run = :run AND #run_attempts = :position AND #lease_until < :now',
      { ':pending': 'pending', ':run': claim.run, ':position': claim.runAttempts, ':now': claim.nowMs },
    );
  }

  /** Appends the attempt and sets the outcome, in the run that made it. */
  async recordAttempt(
    deliveryId: string,
    run: number,
    attempt: DeliveryAttempt,
    outcome: { status: DeliveryStatus; next_attempt_at: string | null; final_error: string | null; dead_lettered?: boolean },
    nowMs: number,
  ): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: deliveryId, sk: 'delivery' },
        UpdateExpression:
          'SET attempts = list_append(attempts, :attempt), #status = :status, next_attempt_at = :next, final_error = :final, dead_lettered = :dead, lease_until = :zero, updated_at = :now, expires_at = :expires',
        ConditionExpression: '#run = :run',
        ExpressionAttributeNames: { '#status': 'status', '#run': 'run' },
        ExpressionAttributeValues: {
          ':attempt': [attempt],
          ':status': outcome.status,
          ':next': outcome.next_attempt_at,
          ':final': outcome.final_error,
          ':dead': outcome.dead_lettered ?? false,
          ':zero': 0,
          ':now': new Date(nowMs).toISOString(),
          ':expires': expiry(nowMs),
          ':run': run,
        },
      }),
    );
  }

  /** Ends a pending run without an attempt (endpoint removed or disabled, retries exhausted by receives). */
  async fail(deliveryId: string, run: number, reason: string, nowMs: number, options: { deadLettered?: boolean } = {}): Promise<boolean> {
    return this.tryUpdate(
      deliveryId,
      {
        status: 'failed',
        final_error: reason,
        dead_lettered: options.deadLettered ?? false,
        next_attempt_at: null,
        lease_until: 0,
        updated_at: new Date(nowMs).toISOString(),
        expires_at: expiry(nowMs),
      },
      '#status = :pending AND #run = :run',
      { ':pending': 'pending', ':run': run },
    );
  }

  /** Replay: a new run from the start of the schedule. Returns the run number, or undefined if `fromRun` is stale. */
  async startRun(deliveryId: string, fromRun: number, nowMs: number): Promise<number | undefined> {
    const run = fromRun + 1;
    const started = await this.tryUpdate(
      deliveryId,
      {
        run,
        run_attempts: 0,
        status: 'pending',
        lease_until: 0,
        claimed_by: null,
        final_error: null,
        dead_lettered: false,
        next_attempt_at: new Date(nowMs).toISOString(),
        updated_at: new Date(nowMs).toISOString(),
        expires_at: expiry(nowMs),
      },
      '#run = :from',
      { ':from': fromRun },
    );
    return started ? run : undefined;
  }

  /** A tenant's deliveries, newest first, optionally only those of one status, endpoint or event type. */
  async list(tenant: Tenant, options: { status?: DeliveryStatus; endpointId?: string; eventType?: string; limit: number }): Promise<DeliveryRecord[]> {
    const filters: string[] = [];
    const values: Record<string, unknown> = { ':pk': tenantKey(tenant) };
    const names: Record<string, string> = {};
    if (options.status) {
      filters.push('#status = :status');
      names['#status'] = 'status';
      values[':status'] = options.status;
    }
    if (options.endpointId) {
      filters.push('endpoint_id = :endpoint');
      values[':endpoint'] = options.endpointId;
    }
    if (options.eventType) {
      filters.push('event_type = :type');
      values[':type'] = options.eventType;
    }
    const items = await queryAll(
      this.db,
      {
        TableName: this.tableName,
        IndexName: GSI1,
        KeyConditionExpression: 'gsi1pk = :pk',
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: false,
      },
      (found) => found.length >= options.limit,
    );
    return items.slice(0, options.limit).map(strip);
  }

  /**
   * Erasure: deletes the tenant's deliveries whose body names the user (their payloads carry `user_id`).
   * A query of the tenant's index with a filter, not a table scan; erasure is rare.
   */
  async deleteAllOfUser(tenant: Tenant, userId: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'contains(body, :user)',
      ExpressionAttributeValues: { ':pk': tenantKey(tenant), ':user': `"user_id":${JSON.stringify(userId)}` },
      ProjectionExpression: 'pk',
    });
    for (const item of items) {
      await this.db.send(new DeleteCommand({ TableName: this.tableName, Key: { pk: item.pk, sk: 'delivery' } }));
    }
  }

  private async tryUpdate(deliveryId: string, changes: Record<string, unknown>, condition: string, conditionValues: Record<string, unknown>): Promise<boolean> {
    return conditionalWrite(this.update(deliveryId, changes, condition, conditionValues));
  }

  private async update(deliveryId: string, changes: Record<string, unknown>, condition: string, conditionValues: Record<string, unknown>): Promise<void> {
    const set = setChanges(changes, ':set_');
    const names = { ...set.ExpressionAttributeNames };
    for (const match of condition.matchAll(/#(\w+)/g)) names[`#${match[1]}`] = match[1];
    await this.db.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: deliveryId, sk: 'delivery' },
        UpdateExpression: set.UpdateExpression,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ...conditionValues },
      }),
    );
  }
}

