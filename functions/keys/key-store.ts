import type { Environment } from '../kernel/tenant';
import type { Scope } from './scopes';

/** A key as stored: never the secret, only its hash and last four characters. */
export interface ApiKeyRecord {
  key_id: string;
  /** A label its owner chose (dashboard, `skin keys create --name`); absent on keys made before names existed. */
  name?: string | null;
  key_hash: string;
  account_id: string;
  environment: Environment;
  scopes: Scope[];
  last4: string;
  created_at: string;
  /** ISO time after which the key stops working (rotation grace, or an explicit expiry); null = never. */
  expires_at: string | null;
  revoked_at: string | null;
}

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-key-store.ts. */
export interface KeyStore {
  /**
   * Hears of every key this store creates, rotates or revokes, in this process: the API's key cache drops its
   * copy at once, so a change made here takes effect here on the next request (other processes: their cache bound).
   */
  onChange(listener: (keyHash: string) => void): () => void;

  /**
   * Two conditional puts, pointer first: an orphaned pointer (the second put failing) leads nowhere, while a
   * record without its pointer could not be rotated or revoked. (dynalite has no transactions, and the same code
   * runs against it and DynamoDB.)
   */
  create(record: ApiKeyRecord): Promise<void>;

  findByHash(keyHash: string): Promise<ApiKeyRecord | undefined>;

  findById(keyId: string): Promise<ApiKeyRecord | undefined>;

  listByAccount(accountId: string): Promise<ApiKeyRecord[]>;

  update(keyHash: string, changes: Partial<Pick<ApiKeyRecord, 'expires_at' | 'revoked_at'>>): Promise<void>;

  /**
   * Marks the key used at `at`, unless it was marked after `notBefore` already: the mark lives on the id pointer,
   * not on the record the API reads, and the condition makes it at most one write per key per interval however
   * many containers serve the key.
   */
  touchLastUsed(keyId: string, at: string, notBefore: string): Promise<void>;

  /** When each key was last used (ISO time), by key id; keys never used are absent. */
  lastUsed(keyIds: string[]): Promise<Map<string, string>>;
}
