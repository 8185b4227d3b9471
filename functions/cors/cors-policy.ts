import type { Clock } from '../kernel/clock';
import { tenantKey, type Tenant } from '../kernel/tenant';
import type { CorsOriginStore } from './cors-origin-store';

/**
 * Which origins may read the API's responses in a browser (docs/apps.md):
 * - a preflight carries no credential, so it is answered for any origin that at least one account listed;
 * - a real request gets `Access-Control-Allow-Origin` only when its credential's account and environment listed it.
 * Answers are cached like key lookups (at most `cacheSeconds`), so a preflight costs no database read most times.
 */
export class CorsPolicy {
  private readonly cache = new Map<string, { allowed: boolean; fetchedAt: number }>();

  constructor(
    private readonly origins: CorsOriginStore,
    private readonly clock: Clock,
    private readonly cacheSeconds: number,
  ) {}

  allowsPreflight(origin: string): Promise<boolean> {
    return this.cached(`*|${origin}`, () => this.origins.isListedByAnyone(origin));
  }

  allowsFor(origin: string, tenant: Tenant): Promise<boolean> {
    return this.cached(`${tenantKey(tenant)}|${origin}`, () => this.origins.isListedFor(origin, tenant));
  }

  private async cached(key: string, load: () => Promise<boolean>): Promise<boolean> {
    const now = this.clock.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.fetchedAt < this.cacheSeconds * 1000) return hit.allowed;
    const allowed = await load();
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { allowed, fetchedAt: now });
    return allowed;
  }
}
