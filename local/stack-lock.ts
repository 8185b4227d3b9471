import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readStackFile } from './stack-file';

/** Another local stack holds the data folder; says where it runs so the user can find or stop it. */
export class StackAlreadyRunningError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly apiUrl: string | undefined,
  ) {
    super(
      `The local stack is already running on ${dataDir}: pid ${pid}, ${apiUrl ? `API at ${apiUrl}` : 'still starting'}. ` +
        `Use that one, stop it (Ctrl-C in its terminal, or \`kill ${pid}\`), or start another with its own DATA_DIR.`,
    );
    this.name = 'StackAlreadyRunningError';
  }
}

export interface StackLock {
  release(): Promise<void>;
}

/**
 * One local stack per data folder: `DATA_DIR/stack.lock`, created exclusively, holds the owner's pid. A lock whose
 * process is gone (a kill -9, a crash) is stale and taken over; a live one is a StackAlreadyRunningError, naming
 * the pid and the API address from the owner's stack.json, instead of dynalite's LevelDB lock error.
 */
export async function acquireStackLock(dataDir: string): Promise<StackLock> {
  const path = join(dataDir, 'stack.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const file = await open(path, 'wx', 0o600);
      await file.writeFile(`${process.pid}\n`);
      await file.close();
      return { release: () => releaseIfOwned(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await lockOwner(path);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      const stack = await readStackFile(dataDir);
      throw new StackAlreadyRunningError(dataDir, owner, stack?.pid === owner ? stack.api_url : undefined);
    }
    // Stale (its process is gone) or unreadable (its writer died between creating and writing it): take it over.
    await rm(path, { force: true });
  }
  throw new Error(`Could not take ${path}: another start keeps creating it`);
}

async function lockOwner(path: string): Promise<number | undefined> {
  const text = await readFile(path, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function releaseIfOwned(path: string): Promise<void> {
  if ((await lockOwner(path)) === process.pid) await rm(path, { force: true });
}
