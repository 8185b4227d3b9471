/**
 * The README's quick start, as a newcomer runs it, in a clean copy of the repository: the tracked files only (no
 * .data, no built models; node_modules linked, since nothing can be downloaded here, which is what `npm install`
 * would have made), then `npm start` as the README says, then the `curl` line the banner prints, pasted as printed,
 * then /docs, then `npx skin demo`. The README's own banner is checked against the real one, so neither drifts.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let copy: string;
let start: ChildProcess | undefined;
const banner: string[] = [];

/** The tracked files of the repository as they are in the working tree: what a clone (plus local edits) holds. */
async function cleanCopy(target: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = join(ROOT, file);
    if (!(await stat(from).then((s) => s.isFile(), () => false))) continue;
    await mkdir(dirname(join(target, file)), { recursive: true });
    await copyFile(from, join(target, file));
  }
  await symlink(join(ROOT, 'node_modules'), join(target, 'node_modules'), 'dir');
}

beforeAll(async () => {
  copy = join(await mkdtemp(join(tmpdir(), 'skin-quick-start-')), 'skin-analysis-service');
  await cleanCopy(copy);
}, 120_000);

afterAll(async () => {
  if (start?.pid && start.exitCode === null) {
    process.kill(-start.pid, 'SIGTERM');
    await once(start, 'exit');
  }
  if (copy) await rm(dirname(copy), { recursive: true, force: true });
});

/** This process's environment without what a newcomer would not have set. */
function newcomerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATA_DIR', 'HOST', 'PORT', 'LOG_LEVEL', 'SKIN_API_URL', 'SKIN_API_KEY', 'SKIN_TARGET']) delete env[name];
  return env;
}

/** The first fenced block of the README that contains `marker`. */
function readmeBlock(readme: string, marker: string): string {
  const blocks = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.find((block) => block.includes(marker))!;
}

describe("the README's quick start in a clean copy of the repository", () => {
  it(
    'when `npm start` runs as the README says, then the banner is the README\'s, its curl line scans the sample portrait, /docs answers and `skin demo` saves an overlay',
    async () => {
      const readme = await readFile(join(copy, 'README.md'), 'utf8');
      // `npm install && npm start`: the install is the linked node_modules; the start is run as written.
      expect(readmeBlock(readme, 'npm start').trim()).toBe('npm install && npm start');
      const documented = readmeBlock(readme, 'Try it').trim().split('\n');

      // A free port instead of 3000 (tests never take fixed ports); everything else as a newcomer has it.
      start = spawn('npm', ['start'], { cwd: copy, env: { ...newcomerEnv(), PORT: '0' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      const errors: string[] = [];
      createInterface({ input: start.stderr! }).on('line', (line) => errors.push(line));
      const lines = createInterface({ input: start.stdout! });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no banner within 240 s; stderr:\n${errors.slice(-20).join('\n')}`)), 240_000);
        lines.on('line', (line) => {
          banner.push(line);
          if (line.startsWith('Reference: ')) {
            clearTimeout(timer);
            resolve();
          }
        });
        start!.once('exit', (code) => reject(new Error(`npm start exited with ${code}; stderr:\n${errors.slice(-20).join('\n')}`)));
      });
      const shown = banner.slice(banner.findIndex((line) => line.startsWith('Skin analysis service running at')));
      const apiUrl = /running at (http:\/\/127\.0\.0\.1:\d+) \(data in (.*)\)$/.exec(shown[0]!)!;
      expect(apiUrl[2]).toBe(join(copy, '.data'));
      const key = /test key: (sk_test_\S+)$/.exec(shown[1]!)![1]!;

      // The README's banner, with this start's key and address, is the printed one, line by line.
      const expected = documented.map((line) =>
        line
          .replace('/…/.data', join(copy, '.data'))
          .replace('acct_01…', /Account (acct_\w+),/.exec(shown[1]!)![1]!)
          .replace('sk_test_…', key)
          .replaceAll('http://127.0.0.1:3000', apiUrl[1]!),
      );
      expect(shown.filter((line) => line.trim() !== '')).toEqual(expected.filter((line) => line.trim() !== ''));

      // The curl line, pasted as printed, from the repository's folder.
      const curlLine = shown.find((line) => line.trim().startsWith('curl '))!.trim();
      const { stdout } = await run('sh', ['-c', `${curlLine} -s -w '\\n%{http_code}'`], { cwd: copy });
      const [body, status] = [stdout.slice(0, stdout.lastIndexOf('\n')), stdout.slice(stdout.lastIndexOf('\n') + 1)];
      expect(status).toBe('201');
      const scan = JSON.parse(body);
      expect(scan).toMatchObject({ status: 'completed', error: null, skin_score: expect.any(Number), image: { width: 560, height: 560, format: 'jpeg' } });
      expect(Object.keys(scan.markers)).toEqual(['acne', 'hydration']);

      // The reference, and the bare address leading to it.
      const docs = await fetch(`${apiUrl[1]}/docs`);
      expect(docs.status).toBe(200);
      expect(await docs.text()).toContain('<title>Skin Analysis API reference</title>');
      const bare = await fetch(`${apiUrl[1]}/`, { redirect: 'manual' });
      expect(bare.headers.get('location')).toBe(`${apiUrl[1]}/docs`);

      // `npx skin demo`: the same scan through the client, and the overlay on disk.
      const demo = await run('npx', ['skin', 'demo', '--json'], { cwd: copy, env: newcomerEnv() });
      const result = JSON.parse(demo.stdout);
      expect(result).toMatchObject({ scan_id: expect.stringMatching(/^scan_/), skin_score: expect.any(Number), request_id: expect.stringMatching(/^req_/) });
      expect(result.overlay.file).toBe(join(copy, '.data', 'demo', `${result.scan_id}-${result.overlay.marker}.png`));
      expect([...(await readFile(result.overlay.file)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    },
    400_000,
  );
});
