import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the running local stack can be reached; the `skin` CLI reads it from DATA_DIR. */
export interface StackFile {
  api_url: string;
  dynamodb_endpoint: string;
  s3_endpoint: string;
  images_bucket: string;
  table_prefix: string;
  pid: number;
}

export async function writeStackFile(dataDir: string, stack: StackFile): Promise<void> {
  await writeFile(join(dataDir, 'stack.json'), `${JSON.stringify(stack, null, 2)}\n`);
}

export async function readStackFile(dataDir: string): Promise<StackFile | undefined> {
  try {
    return JSON.parse(await readFile(join(dataDir, 'stack.json'), 'utf8')) as StackFile;
  } catch {
    return undefined;
  }
}
