import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `skin` command (bin/skin.mjs) against the stack whose data folder is `dataDir`. */
export function runSkin(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/skin.mjs', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running `skin` command (e.g. `webhooks listen`); the caller stops it with SIGINT by its pid. */
export function startSkin(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['bin/skin.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (output.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    output,
    async waitForOutput(pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = pattern.exec(output.stdout);
        if (match) return match;
        if (Date.now() > deadline) throw new Error(`no output matching ${pattern} after ${timeoutMs} ms:\n${output.stdout}\n${output.stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async interrupt(): Promise<number | null> {
      if (child.pid !== undefined && child.exitCode === null) process.kill(child.pid, 'SIGINT');
      return exited;
    },
  };
}
