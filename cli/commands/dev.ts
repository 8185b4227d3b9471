import { mkdir } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { isAbsolute, relative } from 'node:path';
import { startLocalStack } from '../../local/local-stack';
import { ensureDefaultKey } from '../../local/first-start';
import { ensureSamplePortrait } from '../../local/sample-portrait';
import { acquireStackLock, StackAlreadyRunningError } from '../../local/stack-lock';
import { CliError, dataDirFromEnv } from '../admin-context';

/** `skin dev` (what `npm start` runs): the whole service on this machine until Ctrl-C. */
export async function devCommand(): Promise<void> {
  const dataDir = dataDirFromEnv();
  await mkdir(dataDir, { recursive: true });
  const port = Number(process.env.PORT ?? 3000);
  // 127.0.0.1 unless asked: a sandbox key is printed below, and the API should not be on the LAN by surprise.
  const host = process.env.HOST || '127.0.0.1';
  process.env.LOG_LEVEL ??= 'WARN';
  // Before dynalite opens the folder's LevelDB: a second start on the same folder is told where the first one runs.
  const lock = await acquireStackLock(dataDir).catch((error: unknown) => {
    throw error instanceof StackAlreadyRunningError ? new CliError(error.message) : error;
  });
  const stack = await startLocalStack({ dataDir, port, host }).catch(async (error: unknown) => {
    await lock.release();
    throw error;
  });
  const { key, accountId } = await ensureDefaultKey(stack.stores, stack.clock, dataDir);
  const sample = await ensureSamplePortrait(dataDir);

  const shownKey = key ?? '<your key: `npx skin keys create`>';
  const lanUrls = host === '0.0.0.0' || host === '::' ? lanAddresses().map((address) => stack.apiUrl.replace(/\/\/[^:/]+|\/\/\[[^\]]+\]/, `//${address}`)) : [];
  process.stdout.write(
    [
      `Skin analysis service running at ${stack.apiUrl} (data in ${dataDir})`,
      ...lanUrls.map((url) => `  also on this network: ${url}`),
      `Account ${accountId}, test key: ${shownKey}`,
      '',
      'Try it (a sample portrait is in the data folder):',
      `  curl -H "Authorization: Bearer ${shownKey}" -F image=@${shellPath(sample)} -F markers=acne,hydration ${stack.apiUrl}/v1/scans`,
      '  npx skin demo                # the same scan: scores, and the overlay PNG saved next to it',
      `  or open ${stack.apiUrl}/samples/capture (the capture sample: client token, direct upload, scores)`,
      '',
      `Dashboard (sign up for a Sandbox account; keys, webhooks, deliveries, usage): ${stack.apiUrl}/dashboard`,
      `Reference: ${stack.apiUrl}/docs`,
      '',
    ].join('\n'),
  );

  const shutdown = async () => {
    await stack.close();
    await lock.release();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

/** The sample's path as typed in a shell from here: relative when it is below the current folder. */
function shellPath(file: string): string {
  const fromHere = relative(process.cwd(), file);
  const shown = fromHere.startsWith('..') || isAbsolute(fromHere) ? file : fromHere;
  return /^[\w./@+-]+$/.test(shown) ? shown : `'${shown.replace(/'/g, `'\\''`)}'`;
}

/** This machine's IPv4 addresses other than loopback (what a phone on the same network would use). */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
}
