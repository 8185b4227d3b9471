import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../crash/skin-dev-process';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Installed by scripts/python-env.sh from requirements-dev.txt (`moto[server]`), which `npm test` runs first. */
export const MOTO_SERVER = join(ROOT, '.venv', 'bin', 'moto_server');

export interface MotoServer {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * moto's server mode on a free loopback port: one HTTP endpoint that speaks the real AWS protocols of DynamoDB,
 * S3 and SQS (SQS's JSON protocol, which current @aws-sdk/client-sqs uses, included). Stopped (and its state gone)
 * with stop().
 */
export async function startMoto(): Promise<MotoServer> {
  if (!existsSync(MOTO_SERVER)) {
    throw new Error(`${MOTO_SERVER} is missing: run \`bash scripts/python-env.sh\` (npm test does) to install moto[server]`);
  }
  const port = await freePort();
  const child: ChildProcess = spawn(MOTO_SERVER, ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`moto_server exited: ${stderr}`);
    try {
      // moto's own reset endpoint answers once the server is up.
      if ((await fetch(`${endpoint}/moto-api/reset`, { method: 'POST' })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not start in 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    endpoint,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
