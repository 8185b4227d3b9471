import type { Tenant } from '../kernel/tenant';
import type { Principal } from '../keys/contract';

/** The account and environment a request acts in: every store read and write of a route is scoped to it. */
export function tenantOf(principal: Principal): Tenant {
  return { accountId: principal.accountId, environment: principal.environment };
}
