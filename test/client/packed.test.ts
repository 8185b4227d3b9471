/**
 * The client as someone outside the repository gets it: `npm pack` (which builds on prepack) makes a tarball,
 * `npm install ./tarball.tgz --offline` puts it into a fresh folder in the system's temporary directory (it has
 * no dependencies, so nothing is fetched), and a script there scans a photo against a local stack, once from
 * `import` and once from `require`, configured only by SKIN_API_KEY and SKIN_API_URL. TypeScript consumers of both
 * kinds resolve its types.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack';
import { faceJpeg } from '../helpers/images';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = join(ROOT, 'clients', 'typescript');

let stack: TestStack;
let work: string;
let project: string;
let photo: string;

const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: { ...process.env, npm_config_update_notifier: 'false' }, timeout: 240_000 });

beforeAll(async () => {
  stack = await startTestStack();
  work = await mkdtemp(join(tmpdir(), 'skin-client-packed-'));
  project = join(work, 'fresh-app');
  photo = join(work, 'face.jpg');
  await writeFile(photo, await faceJpeg('frontal'));
  await run('mkdir', ['-p', project]);
  await writeFile(join(project, 'package.json'), `${JSON.stringify({ name: 'fresh-app', version: '1.0.0', private: true }, null, 2)}\n`);
}, 120_000);
afterAll(async () => {
  await stack?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const SCRIPT_BODY = (load: string) => `${load}
const client = new SkinClient();
const scan = await client.scans.create({ image: await readFile(process.argv[2]), markers: ['acne', 'hydration'] });
const missing = await client.scans.get('scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E').catch((error) => error);
console.log(JSON.stringify({
  status: scan.status,
  markers: Object.keys(scan.markers),
  requestId: scan.requestId,
  version: VERSION,
  notFound: missing instanceof SkinNotFoundError && missing instanceof SkinApiError ? missing.code : String(missing),
}));
`;

describe('the packed client in a fresh project outside the repository', () => {
  it(
    'when packed and installed offline, then scripts scan from import and from require, and TypeScript resolves the types of both',
    async () => {
      await npm(['pack', '--pack-destination', work], CLIENT);
      const tarball = (await readdir(work)).find((name) => name.endsWith('.tgz'))!;
      expect(tarball).toMatch(/^skin-analysis-client-\d+\.\d+\.\d+\.tgz$/);
      const listing = (await run('tar', ['-tzf', join(work, tarball)])).stdout.split('\n');
      expect(listing).toEqual(expect.arrayContaining(['package/dist/esm/index.js', 'package/dist/esm/index.d.ts', 'package/dist/cjs/index.js', 'package/dist/cjs/index.d.ts', 'package/dist/cjs/package.json']));

      await npm(['install', '--offline', join(work, tarball)], project);

      await writeFile(join(project, 'scan.mjs'), SCRIPT_BODY(`import { readFile } from 'node:fs/promises';\nimport { SkinClient, SkinApiError, SkinNotFoundError, VERSION } from '@skin-analysis/client';`));
      await writeFile(
        join(project, 'scan.cjs'),
        `(async () => {\n${SCRIPT_BODY(`const { readFile } = require('node:fs/promises');\nconst { SkinClient, SkinApiError, SkinNotFoundError, VERSION } = require('@skin-analysis/client');`)}\n})().catch((error) => { console.error(error); process.exit(1); });\n`,
      );
      const env = { ...process.env, SKIN_API_KEY: stack.key, SKIN_API_URL: stack.apiUrl };
      const version = JSON.parse((await run('node', ['-p', 'JSON.stringify(require("./clients/typescript/package.json"))'], { cwd: ROOT })).stdout).version;
      for (const script of ['scan.mjs', 'scan.cjs']) {
        const { stdout } = await run(process.execPath, [script, photo], { cwd: project, env });
        expect(JSON.parse(stdout), script).toEqual({ status: 'completed', markers: ['acne', 'hydration'], requestId: expect.stringMatching(/^req_/), version, notFound: 'not_found' });
      }
      // require() really loads the CommonJS build (not the ES one through require(esm)).
      const { stdout: resolved } = await run(process.execPath, ['-p', "require.resolve('@skin-analysis/client')"], { cwd: project });
      expect(resolved.trim()).toBe(join(project, 'node_modules', '@skin-analysis', 'client', 'dist', 'cjs', 'index.js'));

      // The same source as an ES module (.mts, resolved through "import") and as CommonJS (.cts, through "require").
      const consumer = `import { SkinClient, SkinRateLimitError, type Scan } from '@skin-analysis/client';
export async function newest(client: SkinClient): Promise<string | undefined> {
  const scan: Scan | undefined = await client.scans.list({ limit: 1 }).first();
  return scan?.scan_id;
}
export const waitFor = (error: unknown): number | undefined => (error instanceof SkinRateLimitError ? error.retryAfter : undefined);
`;
      await writeFile(join(project, 'consumer.mts'), consumer);
      await writeFile(join(project, 'consumer.cts'), consumer);
      await writeFile(
        join(project, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', lib: ['es2022', 'dom'], types: [], strict: true, noEmit: true }, files: ['consumer.mts', 'consumer.cts'] }),
      );
      const tsc = join(require.resolve('typescript/package.json'), '..', 'bin', 'tsc');
      const checked = await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
      expect(checked.stdout).toBe('');
      expect('failed' in checked).toBe(false);
    },
    400_000,
  );
});
