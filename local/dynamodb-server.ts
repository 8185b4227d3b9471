import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

const require = createRequire(import.meta.url);

/** Embedded dynalite (DynamoDB's API over leveldb). `path` persists tables; without it data lives in memory. */
export async function startDynamoDb(options: { path?: string; port?: number }): Promise<{ endpoint: string; close(): Promise<void> }> {
  const dynalite = require('dynalite') as (opts: Record<string, unknown>) => Server;
  const server = dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
