import { DomainError } from '../kernel/errors';
import type { Clock } from '../kernel/clock';
import { hashApiKey, keyEnvironment, sameDigest, type Principal, type ApiKeyRecord, type KeyStore } from '../keys/contract';
import type { Account, AccountStore } from '../accounts/contract';
import { isClientToken, type ClientTokenRecord, type ClientTokenStore } from '../client-tokens/contract';

const BEARER = /^Bearer ([^\s]+)$/;

/** Seconds an unknown key stays cached: short, so a key used the moment it is issued elsewhere works soon. */
export const NEGATIVE_CACHE_SECONDS = 5;

interface CachedLookup {
  record: ApiKeyRecord | undefined;
  account: Account | undefined;
  fetchedAt: number;
}

/**
 * Turns an Authorization header into a Principal. Lookups go by the key's SHA-256 (never a scan) and are cached,
 * with these bounds:
 * - every request checks the cached record's own `revoked_at` and `expires_at` against the clock, so a rotation
 *   grace that this copy already knows ends exactly on time;
 * - a change made through this process's KeyStore (issue, rotate, revoke) drops the cached copy at once: it takes
 *   effect on the next request here;
 * - a change made elsewhere (the operator CLI, another container) is seen within `cacheSeconds` (KEY_CACHE_SECONDS,
 *   30 on AWS): a revoked key, or an old key whose grace has ended, works at most that long here;
 * - an unknown key is cached for at most NEGATIVE_CACHE_SECONDS.
 */
export class KeyAuthenticator {
  private readonly cache = new Map<string, CachedLookup>();
  /** Bumped on every change heard: a lookup that began before a change must not cache what it read. */
  private generation = 0;
  private readonly tokenCache = new Map<string, { token: ClientTokenRecord | undefined; fetchedAt: number }>();

  constructor(
    private readonly keys: KeyStore,
    private readonly accounts: AccountStore,
    private readonly clock: Clock,
    private readonly cacheSeconds: number,
    /** Without it, client tokens are refused like unknown keys. */
    private readonly clientTokens?: ClientTokenStore,
  ) {
    keys.onChange((hash) => {
      this.generation += 1;
      this.cache.delete(hash);
    });
  }

  async authenticate(authorization: string | undefined): Promise<Principal> {
    if (!authorization) {
      throw unauthenticated('Send your API key as `Authorization: Bearer sk_test_…` or `sk_live_…`.');
    }
    const key = BEARER.exec(authorization.trim())?.[1];
    if (!key) throw unauthenticated('The Authorization header must be `Bearer <API key>`.');
    if (isClientToken(key)) return this.authenticateClientToken(key);
    if (!keyEnvironment(key)) throw invalidKey();
    return this.activeKey(hashApiKey(key));
  }

  /** The key under this hash, when it exists, is neither revoked nor expired, and its account exists. */
  private async activeKey(hash: string): Promise<Principal> {
    const { record, account } = await this.lookup(hash);
    const now = this.clock.now();
    if (
      !record ||
      !account ||
      !sameDigest(record.key_hash, hash) ||
      record.revoked_at !== null ||
      (record.expires_at !== null && Date.parse(record.expires_at) <= now)
    ) {
      throw invalidKey();
    }
    return {
      keyId: record.key_id,
      keyHash: record.key_hash,
      accountId: record.account_id,
      environment: record.environment,
      scopes: record.scopes,
      rateLimit: account.rate_limit,
    };
  }

  /**
   * A client token works while it has not expired and its minting key still works (revoking or expiring the key
   * ends its tokens, within the same cache bound as the key itself). It carries only its own scopes and user.
   */
  private async authenticateClientToken(secret: string): Promise<Principal> {
    if (!this.clientTokens) throw invalidKey();
    const hash = hashApiKey(secret);
    const now = this.clock.now();
    let cached = this.tokenCache.get(hash);
    if (!cached || now - cached.fetchedAt >= this.cacheSeconds * 1000) {
      cached = { token: await this.clientTokens.findByHash(hash), fetchedAt: now };
      if (this.tokenCache.size > 10_000) this.tokenCache.clear();
      this.tokenCache.set(hash, cached);
    }
    const { token } = cached;
    if (!token || !sameDigest(token.token_hash, hash) || Date.parse(token.expires_at) <= now) throw invalidKey();
    const minter = await this.activeKey(token.key_hash);
    if (minter.accountId !== token.account_id || minter.environment !== token.environment) throw invalidKey();
    return { ...minter, scopes: token.scopes, clientToken: { tokenId: token.token_id, userId: token.user_id } };
  }

  private async lookup(hash: string): Promise<CachedLookup> {
    const now = this.clock.now();
    const cached = this.cache.get(hash);
    if (cached && now - cached.fetchedAt < this.ttlMs(cached)) return cached;
    const generation = this.generation;
    const record = await this.keys.findByHash(hash);
    const account = record ? await this.accounts.get(record.account_id) : undefined;
    const entry = { record, account, fetchedAt: now };
    if (generation === this.generation) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hash, entry);
    }
    return entry;
  }

  private ttlMs(entry: CachedLookup): number {
    const seconds = entry.record && entry.account ? this.cacheSeconds : Math.min(this.cacheSeconds, NEGATIVE_CACHE_SECONDS);
    return seconds * 1000;
  }
}

function unauthenticated(detail: string): DomainError {
  return new DomainError('unauthenticated', detail);
}

function invalidKey(): DomainError {
  return new DomainError('invalid_api_key', 'The API key (or client token) is unknown, revoked or expired.');
}
