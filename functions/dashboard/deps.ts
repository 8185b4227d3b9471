import type { Logger } from '@aws-lambda-powertools/logger';
import type { Clock } from '../kernel/clock';
import type { Stores } from '../ports/stores';
import type { DeliveryDeps, UrlRules, Resolver } from '../webhooks/contract';
import type { SignInThrottle, Session } from '../sessions/contract';
import type { Account } from '../accounts/contract';
import type { Environment } from '../kernel/tenant';

/** What the dashboard's routes need; built once with the API's dependencies (functions/runtime/build-api-deps.ts). */
export interface DashboardDeps {
  clock: Clock;
  stores: Pick<Stores, 'accounts' | 'keys' | 'members' | 'sessions' | 'usage' | 'webhooks' | 'deliveries'>;
  throttle: SignInThrottle;
  /** Test events and replays go through the delivery queue, like every delivery. */
  delivery: DeliveryDeps;
  /** The SSRF rules of `skin webhooks add` (WEBHOOK_ALLOW_LOOPBACK). */
  urlRules: UrlRules;
  resolver?: Resolver;
  logger: Logger;
}

/** Set by the session middleware on every signed-in page. */
export interface DashboardEnv {
  Variables: {
    requestId: string;
    session: Session;
    account: Account;
    /** The environment the page shows (`?env=`), always `test` on plans without live keys. */
    environment: Environment;
  };
}
