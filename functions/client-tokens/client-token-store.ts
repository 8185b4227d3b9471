import type { ClientTokenRecord } from './client-token';

/** The port; its DynamoDB implementation is functions/adapters/aws/dynamo-client-token-store.ts. */
export interface ClientTokenStore {
  create(record: ClientTokenRecord): Promise<void>;

  findByHash(tokenHash: string): Promise<ClientTokenRecord | undefined>;
}
