import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireStackLock, StackAlreadyRunningError } from '../local/stack-lock';
import { writeStackFile } from '../local/stack-file';

const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'stack-lock-'));
  dirs.push(dir);
  return dir;
}

/** A live process that is not this one, to own a lock. */
function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('one local stack per data folder', () => {
  it('when another live process holds the folder, then acquiring fails with its pid and API address', async () => {
    const dir = await dataDir();
    const pid = otherProcess();
    await writeFile(join(dir, 'stack.lock'), `${pid}\n`);
    await writeStackFile(dir, { api_url: 'http://127.0.0.1:4567', dynamodb_endpoint: 'x', s3_endpoint: 'x', images_bucket: 'b', table_prefix: 'skin', pid });

    const error = await acquireStackLock(dir).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(StackAlreadyRunningError);
    expect((error as Error).message).toBe(
      `The local stack is already running on ${dir}: pid ${pid}, API at http://127.0.0.1:4567. ` +
        `Use that one, stop it (Ctrl-C in its terminal, or \`kill ${pid}\`), or start another with its own DATA_DIR.`,
    );
    expect(await readFile(join(dir, 'stack.lock'), 'utf8')).toBe(`${pid}\n`);
  });

  it('when the owner is alive but has not written stack.json yet, then the message says it is still starting', async () => {
    const dir = await dataDir();
    const pid = otherProcess();
    await writeFile(join(dir, 'stack.lock'), `${pid}\n`);
    await expect(acquireStackLock(dir)).rejects.toThrow(`pid ${pid}, still starting.`);
  });

  it('when the lock was left by a process killed with -9, then it is taken over and released on stop', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'stack.lock'), `${await deadPid()}\n`);

    const lock = await acquireStackLock(dir);
    expect(await readFile(join(dir, 'stack.lock'), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
    await expect(readFile(join(dir, 'stack.lock'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('when a lock file is empty (its writer died before writing), then it is taken over', async () => {
    const dir = await dataDir();
    await writeFile(join(dir, 'stack.lock'), '');
    const lock = await acquireStackLock(dir);
    expect(await readFile(join(dir, 'stack.lock'), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });
});
