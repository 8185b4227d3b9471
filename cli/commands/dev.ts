import { mkdir } from 'node:fs/promises';
import { startLocalStack } from '../../local/local-stack';
import { ensureDefaultKey } from '../../local/first-start';
import { acquireStackLock, StackAlreadyRunningError } from '../../local/stack-lock';
import { CliError, dataDirFromEnv } from '../admin-context';

/** `skin dev` (what `npm start` runs): the whole service on this machine until Ctrl-C. */
export async function devCommand(): Promise<void> {
  const dataDir = dataDirFromEnv();
  await mkdir(dataDir, { recursive: true });
  const port = Number(process.env.PORT ?? 3000);
  process.env.LOG_LEVEL ??= 'WARN';
  // Before dynalite opens the folder's LevelDB: a second start on the same folder is told where the first one runs.
  const lock = await acquireStackLock(dataDir).catch((error: unknown) => {
    throw error instanceof StackAlreadyRunningError ? new CliError(error.message) : error;
  });
  const stack = await startLocalStack({ dataDir, port }).catch(async (error: unknown) => {
    await lock.release();
    throw error;
  });
  const { key, accountId } = await ensureDefaultKey(stack.stores, stack.clock, dataDir);

  const shownKey = key ?? '<your key: `npx skin keys create`>';
  process.stdout.write(
    [
      `Skin analysis service running at ${stack.apiUrl} (data in ${dataDir})`,
      `Account ${accountId}, test key: ${shownKey}`,
      '',
      'Try it:',
      `  curl -H "Authorization: Bearer ${shownKey}" -F image=@face.jpg -F markers=acne,hydration ${stack.apiUrl}/v1/scans`,
      `  or open ${stack.apiUrl}/samples/capture (the capture sample: client token, direct upload, scores)`,
      `Dashboard (sign up for a Sandbox account; keys, webhooks, deliveries, usage): ${stack.apiUrl}/dashboard`,
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
