import { resolve } from 'node:path';
import { loadConfig } from '../functions/kernel/config';
import { systemClock, type Clock } from '../functions/kernel/clock';
import { createDocumentClient, createS3Client } from '../functions/adapters/aws/clients';
import { createStores } from '../functions/adapters/aws/stores';
import type { Stores } from '../functions/ports/stores';
import { readStackFile } from '../local/stack-file';

export interface AdminContext {
  stores: Stores;
  clock: Clock;
  /** The API base address, when known (local stack or SKIN_API_URL). */
  apiUrl: string | undefined;
}

export function dataDirFromEnv(): string {
  return resolve(process.env.DATA_DIR ?? '.data');
}

/**
 * The stores the admin commands act on: the running local stack (found through DATA_DIR/stack.json), or with
 * `SKIN_TARGET=aws` a deployed stack, named by TABLE_PREFIX, IMAGES_BUCKET and AWS_REGION from its outputs.
 */
export async function openAdminContext(): Promise<AdminContext> {
  if (process.env.SKIN_TARGET === 'aws') {
    const config = loadConfig();
    return { stores: createStores(config, createDocumentClient(config), createS3Client(config)), clock: systemClock, apiUrl: process.env.SKIN_API_URL };
  }
  const dataDir = dataDirFromEnv();
  const stack = await readStackFile(dataDir);
  if (!stack) {
    throw new CliError(`No local stack is running for ${dataDir}: start it with \`npm start\` (or \`skin dev\`), or set SKIN_TARGET=aws for a deployed stack.`);
  }
  const config = loadConfig({
    ...process.env,
    DYNAMODB_ENDPOINT: stack.dynamodb_endpoint,
    S3_ENDPOINT: stack.s3_endpoint,
    IMAGES_BUCKET: stack.images_bucket,
    TABLE_PREFIX: stack.table_prefix,
  });
  return { stores: createStores(config, createDocumentClient(config), createS3Client(config)), clock: systemClock, apiUrl: stack.api_url };
}

/** An error meant for the operator: printed without a stack trace, exit code 1. */
export class CliError extends Error {}
