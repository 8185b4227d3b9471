import { type Tenant } from '../kernel/tenant';
import type { Routine } from './routine';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-routine-store.ts. */
export interface RoutineStore {
  create(tenant: Tenant, routine: Routine): Promise<void>;

  get(tenant: Tenant, routineId: string): Promise<Routine | undefined>;

  /** Ids of every routine of a user. */
  idsOfUser(tenant: Tenant, userId: string): Promise<string[]>;

  delete(tenant: Tenant, routineId: string): Promise<void>;
}
