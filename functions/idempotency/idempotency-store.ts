

/** The first response to a request, kept so that a retry with the same key gets it again. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  state: 'in_progress' | 'completed';
  response?: StoredResponse;
  /** Epoch seconds; DynamoDB's TTL removes the record after it (and reads treat it as gone). */
  expires_at: number;
  /** Who owns the record, so erasure of a user can find it. */
  user_id?: string;
}

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-idempotency-store.ts. */
export interface IdempotencyStore {
  /** Claims the key; false when a live record already holds it. */
  claim(id: string, record: IdempotencyRecord, nowSeconds: number): Promise<boolean>;

  get(id: string): Promise<IdempotencyRecord | undefined>;

  /** Stores the response; `userId`, when only the work found out whose request it was, files the record under them. */
  complete(id: string, response: StoredResponse, userId?: string | null): Promise<void>;

  /** Every record a user's requests left (for erasure). */
  deleteAllOfUser(tenantPk: string, userId: string): Promise<void>;

  release(id: string): Promise<void>;
}
