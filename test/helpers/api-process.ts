/**
 * A second API process for concurrency tests: the same app over the same DynamoDB, like a second Lambda
 * container. Reads the stack's endpoints from the environment, uses the clock time given in NOW_MS, prints its
 * URL as one JSON line and serves until killed.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../functions/kernel/config';
import { createDocumentClient, createS3Client } from '../../functions/adapters/aws/clients';
import { createStores } from '../../functions/adapters/aws/stores';
import { createApp } from '../../functions/api/app';
import { buildApiDeps } from '../../functions/runtime/build-api-deps';

const config = loadConfig();
const db = createDocumentClient(config);
const stores = createStores(config, db, createS3Client(config));
const now = Number(process.env.NOW_MS);
const clock = { now: () => now };
const scanQueue = { send: async () => { throw new Error('this process does not accept scans'); } };
const events = { publish: async () => { throw new Error('this process publishes no events'); } };
const app = createApp(buildApiDeps(config, { stores, db, scanQueue, events, clock }));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
