import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer } from 'node:net';

/** `skin dev` (the entry `npm start` runs) as a child process on its own data folder and port. */
export interface DevProcess {
  apiUrl: string;
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code (or signal) once the process has exited and been reaped. */
  exited: Promise<number | NodeJS.Signals | null>;
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function spawnDev(env: Record<string, string>): { child: ChildProcessWithoutNullStreams; exited: DevProcess['exited']; output(): string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/skin.ts', 'dev'], {
    env: { ...process.env, LOG_LEVEL: 'ERROR', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output };
}

/** Starts `skin dev` and resolves once it prints its address; rejects if it exits first or takes too long. */
export async function startDev(env: Record<string, string>, timeoutMs = 90_000): Promise<DevProcess> {
  const dev = spawnDev(env);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(dev.output());
    if (match) return { ...dev, apiUrl: match[1] };
    if (dev.child.exitCode !== null || dev.child.signalCode !== null) throw new Error(`skin dev exited early:\n${dev.output()}`);
    if (Date.now() > deadline) {
      dev.child.kill('SIGKILL');
      throw new Error(`skin dev did not start in ${timeoutMs} ms:\n${dev.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
