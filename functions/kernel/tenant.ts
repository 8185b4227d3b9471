/** test = sandbox keys (`sk_test_`), live = live keys (`sk_live_`); their data never mixes. */
export type Environment = 'test' | 'live';

/** Whose data a request may touch: one account in one environment. */
export interface Tenant {
  accountId: string;
  environment: Environment;
}

/** The partition key prefix of everything a tenant owns. */
export function tenantKey(tenant: Tenant): string {
  return `${tenant.accountId}#${tenant.environment}`;
}
