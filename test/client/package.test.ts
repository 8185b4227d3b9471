/**
 * clients/typescript as a package: its types are generated from the committed OpenAPI document (no drift), it
 * type-checks with browser libraries only (no Node types), and it bundles for the browser with nothing external.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLIENT = join(ROOT, 'clients', 'typescript');

describe('the @skin-analysis/client package', () => {
  it('when openapi-typescript regenerates the types from docs/openapi.json, then they equal the committed src/generated/openapi.ts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'skin-client-types-'));
    try {
      const out = join(dir, 'openapi.ts');
      const cli = join(require.resolve('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
      await run(process.execPath, [cli, join(ROOT, 'docs', 'openapi.json'), '-o', out], { cwd: ROOT });
      expect(await readFile(join(CLIENT, 'src', 'generated', 'openapi.ts'), 'utf8')).toBe(await readFile(out, 'utf8'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when the client is type-checked with the DOM libraries and no Node types, then it compiles', async () => {
    const tsc = join(require.resolve('typescript/package.json'), '..', 'bin', 'tsc');
    const result = await run(process.execPath, [tsc, '-p', join(CLIENT, 'tsconfig.json')], { cwd: CLIENT }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect(result.stdout).toBe('');
    expect('failed' in result).toBe(false);
  });

  it('when the client is bundled for the browser, then nothing is external and no Node module is imported', async () => {
    const result = await build({
      entryPoints: [join(CLIENT, 'src', 'index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.every((input) => input.startsWith('clients/typescript/src/'))).toBe(true);
    const code = result.outputFiles[0]!.text;
    expect(code).not.toMatch(/from ["']node:|require\(/);
    expect(code.length).toBeLessThan(40_000);
  });

  it('when its package.json is read, then it exports ESM and CommonJS builds, each with its types, builds on prepack and has no runtime dependencies', async () => {
    const pkg = JSON.parse(await readFile(join(CLIENT, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({
      name: '@skin-analysis/client',
      type: 'module',
      exports: {
        '.': {
          import: { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' },
          require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
        },
      },
      scripts: { prepack: expect.stringContaining('build') },
    });
    expect(pkg.dependencies).toBeUndefined();
    // The version in User-Agent is the package's.
    const { VERSION } = await import('../../clients/typescript/src/version');
    expect(VERSION).toBe(pkg.version);
  });
});
