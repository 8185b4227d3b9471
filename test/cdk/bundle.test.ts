/**
 * The Lambda bundles as deployed: synthesized with real bundling for both architectures, measured, checked for
 * foreign binaries, and run in a clean Node process (a temp dir with no project node_modules on the path).
 * Slow (two full syntheses and one real analysis): about a minute.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceJpeg } from '../helpers/images';
import { assetDirOf, ELF_MACHINE, elfMachine, listFiles, mb, measureBundle, type BundleSize } from './support/bundle-files';
import { nodeRun, scanJobEvent, startInferenceBundleRun } from './support/inference-bundle-run';
import { synthesize, type SynthesizedStack } from './support/synth';
import { logicalId } from './support/template-queries';

const MB = 1024 * 1024;
/** Budgets (issue 9): the inference bundle (models, onnxruntime, sharp) on arm64; the API and delivery bundles. */
const INFERENCE_ARM64_BUDGET = 80 * MB;
const PLAIN_FUNCTION_BUDGET = 5 * MB;

type FunctionName = 'api' | 'inference' | 'delivery';
const FUNCTIONS: FunctionName[] = ['api', 'inference', 'delivery'];

interface Built {
  synth: SynthesizedStack;
  dirs: Record<FunctionName, string>;
  sizes: Record<FunctionName, BundleSize>;
}

function build(architecture: 'arm64' | 'x86_64'): Built {
  const synth = synthesize({ architecture });
  const { stack, template, outdir } = synth;
  const functions = { api: stack.api.function, inference: stack.inference.function, delivery: stack.webhooks.function! };
  const dirs = Object.fromEntries(
    FUNCTIONS.map((name) => [name, assetDirOf(template, logicalId(stack, functions[name]), outdir)]),
  ) as Record<FunctionName, string>;
  const sizes = Object.fromEntries(FUNCTIONS.map((name) => [name, measureBundle(dirs[name])])) as Record<FunctionName, BundleSize>;
  return { synth, dirs, sizes };
}

const built: Partial<Record<'arm64' | 'x86_64', Built>> = {};
const report: string[] = [];

beforeAll(() => {
  for (const architecture of ['x86_64', 'arm64'] as const) {
    const result = build(architecture);
    built[architecture] = result;
    report.push(`${architecture}: synthesized with bundling in ${(result.synth.synthMs / 1000).toFixed(1)} s`);
    for (const name of FUNCTIONS) {
      const size = result.sizes[name];
      report.push(
        `  ${name.padEnd(9)} ${mb(size.unzippedBytes).padStart(8)} unzipped, ~${mb(size.zippedBytesEstimate)} zipped, ` +
          `${size.files} files; largest: ${size.largest.slice(0, 3).map((f) => `${f.path} ${mb(f.bytes)}`).join(', ')}`,
      );
    }
  }
}, 180_000);

afterAll(() => {
  console.log(`Lambda bundles\n${report.join('\n')}`);
  for (const result of Object.values(built)) if (result) rmSync(result.synth.outdir, { recursive: true, force: true });
});

async function nodeIn(dir: string, script: string, env: Record<string, string>, timeoutMs = 90_000): Promise<unknown> {
  return (await nodeRun(dir, script, env, timeoutMs)).value;
}

const ms = (value: number) => `${Math.round(value)} ms`;

describe('x86_64 bundles', () => {
  it('when the stack is synthesized with architecture x86_64, then every function is x86_64 and every native file is x86-64', () => {
    const { synth, dirs } = built.x86_64!;
    for (const fn of [synth.stack.api.function, synth.stack.inference.function, synth.stack.webhooks.function!]) {
      expect(synth.template.toJSON().Resources[logicalId(synth.stack, fn)].Properties.Architectures).toEqual(['x86_64']);
    }
    const machines = FUNCTIONS.flatMap((name) => listFiles(dirs[name])).map(elfMachine).filter((m) => m !== undefined);
    expect(machines.length).toBeGreaterThan(0);
    expect(new Set(machines)).toEqual(new Set([ELF_MACHINE.x86_64]));
  });

  it('when the inference bundle handles scan jobs in a clean Node process, then the scans complete, scan.completed is queued, metrics are EMF, sharp and onnxruntime-node were loaded with require (their CommonJS builds), and the cold start is reported', async () => {
    const run = await startInferenceBundleRun(built.x86_64!.dirs.inference, { SCAN_MAX_RECEIVES: '3', LOG_LEVEL: 'WARN' });
    const { work, env, stores, sqs } = run;
    try {
      const tenant = { accountId: 'acct_bundle', environment: 'test' as const };
      const jobs: string[] = [];
      const records = [];
      // Two scans: the first is the cold start, the second the same container warm.
      for (let n = 0; n < 2; n++) {
        const { record, job } = await run.submit(tenant, await faceJpeg('frontal'), ['acne', 'hydration'], 'user_bundle');
        records.push(record);
        jobs.push(job);
      }
      expect(jobs).toHaveLength(2);

      // Timed inside the child: performance.now() counts from the process's start.
      const { value, lines } = await nodeRun(
        work,
        `const importStarted = performance.now();
const { handler } = await import('./task/index.mjs');
const imported = performance.now();
const context = { functionName: 'inference', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 60000 };
const first = await handler(${JSON.stringify(scanJobEvent(jobs[0]!, 'msg-1'))}, context);
const firstResult = performance.now();
const second = await handler(${JSON.stringify(scanJobEvent(jobs[1]!, 'msg-2'))}, { ...context, awsRequestId: 'req-2' });
const secondResult = performance.now();
// Module._cache: the CommonJS files the process loaded (sharp's ES module build would not be among them).
const loaded = Object.keys((await import('node:module')).createRequire(import.meta.url).cache);
process.stdout.write('\\n' + JSON.stringify({
  results: [first, second],
  nativeEntries: loaded.filter((path) => /node_modules\\/(sharp|onnxruntime-node)\\/dist\\/index\\.c?js$/.test(path)).map((path) => path.slice(path.indexOf('node_modules/'))).sort(),
  timings: { bootMs: importStarted, importMs: imported - importStarted, coldMs: firstResult - importStarted, warmMs: secondResult - firstResult },
}) + '\\n');`,
        env,
      );
      const { results, nativeEntries, timings } = value as {
        results: unknown[];
        nativeEntries: string[];
        timings: Record<'bootMs' | 'importMs' | 'coldMs' | 'warmMs', number>;
      };
      expect(results).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
      // Through Node's ESM loader sharp costs ≈ 60 ms more CPU at every cold start (lib/bundling/native-imports/).
      expect(nativeEntries).toEqual(['node_modules/onnxruntime-node/dist/index.js', 'node_modules/sharp/dist/index.cjs']);
      report.push(
        `x86_64 inference cold start in a clean Node ${process.version} process (module import → first completed scan): ` +
          `${ms(timings.coldMs)} (import, with the models, ${ms(timings.importMs)}, then the first job ${ms(timings.coldMs - timings.importMs)}); ` +
          `Node start → import ${ms(timings.bootMs)}; the second scan, warm: ${ms(timings.warmMs)}`,
      );

      for (const record of records) {
        const scan = await stores.scans.get(tenant, record.scan_id, { consistent: true });
        expect(scan).toMatchObject({ scan_id: record.scan_id, status: 'completed', error: null, skin_score: expect.any(Number) });
        expect(Object.keys(scan!.markers).sort()).toEqual(['acne', 'hydration']);
      }
      expect(sqs.sent.length).toBeGreaterThan(0);
      expect(sqs.sent.every((message) => message.queueUrl === env.DELIVERY_QUEUE_URL)).toBe(true);
      expect(sqs.sent.map((message) => message.body).join('\n')).toContain('scan.completed');

      // Powertools Metrics wrote CloudWatch EMF to stdout: two completed scans, in the stack's namespace and service.
      const emf = lines.filter((line) => line.startsWith('{') && line.includes('"_aws"')).map((line) => JSON.parse(line) as Record<string, any>);
      const completed = emf.filter((entry) => 'ScansCompleted' in entry);
      expect(completed).toHaveLength(2);
      for (const entry of completed) {
        expect(entry).toMatchObject({ service: 'skin-inference', AnalysisLatency: expect.any(Number) });
        expect(entry._aws.CloudWatchMetrics[0].Namespace).toBe('SkinAnalysis');
      }
    } finally {
      await run.close();
    }
  }, 150_000);

  it('when the API and delivery bundles are imported in a clean Node process, then each exports a handler', async () => {
    for (const name of ['api', 'delivery'] as const) {
      const work = mkdtempSync(join(tmpdir(), `skin-bundle-${name}-`));
      try {
        cpSync(built.x86_64!.dirs[name], join(work, 'task'), { recursive: true });
        const result = await nodeIn(
          work,
          `const module = await import('./task/index.mjs');
process.stdout.write('\\n' + JSON.stringify({ handler: typeof module.handler }) + '\\n');`,
          {
            AWS_REGION: 'us-east-1',
            TABLE_PREFIX: 'skin',
            IMAGES_BUCKET: 'skin-images',
            SCAN_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/scan-jobs',
            DELIVERY_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/000000000000/deliveries',
            // The stack resolves the generated secret into this variable (lib/api.ts); the API refuses to start without it.
            CURSOR_SECRET: 'bundle-test-cursor-secret-0123456789abcdef',
          },
          30_000,
        );
        expect(result, name).toEqual({ handler: 'function' });
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
  });
});

describe('arm64 bundles', () => {
  it('when the arm64 bundles are read, then every native file (.node, .so) is an aarch64 ELF', () => {
    const { dirs } = built.arm64!;
    const files = FUNCTIONS.flatMap((name) => listFiles(dirs[name]));
    const native = files.filter((path) => /\.node$|\.so(\.\d+)*$/.test(path));
    expect(native.length).toBeGreaterThanOrEqual(4); // onnxruntime binding + library, sharp binding + libvips
    for (const path of native) expect(elfMachine(path), path).toBe(ELF_MACHINE.aarch64);
    const foreign = files.filter((path) => {
      const machine = elfMachine(path);
      return machine !== undefined && machine !== ELF_MACHINE.aarch64;
    });
    expect(foreign).toEqual([]);
  });

  it('when the arm64 inference bundle is measured, then it holds the models and is within 80 MB unzipped', () => {
    const { dirs, sizes } = built.arm64!;
    expect(listFiles(join(dirs.inference, 'models')).map((path) => path.split('/').pop()).sort()).toEqual(
      expect.arrayContaining(['blazeface.onnx', 'facemesh.onnx', 'manifest.json', 'perceived-age.onnx', 'skin.onnx']),
    );
    expect(sizes.inference.unzippedBytes).toBeLessThanOrEqual(INFERENCE_ARM64_BUDGET);
  });

  it('when the API and delivery bundles are measured, then each is within 5 MB unzipped and carries no native code', () => {
    const { dirs, sizes } = built.arm64!;
    expect(sizes.delivery.unzippedBytes).toBeLessThanOrEqual(PLAIN_FUNCTION_BUDGET);
    expect(sizes.api.unzippedBytes).toBeLessThanOrEqual(PLAIN_FUNCTION_BUDGET);
    for (const name of ['api', 'delivery'] as const) {
      expect(listFiles(dirs[name]).filter((path) => /\.(node|so(\.\d+)*)$/.test(path))).toEqual([]);
    }
  });
});
