/**
 * `tsx bench/compare-cold-start.ts /path/to/other/checkout [rounds]`: the cold start of this checkout's bundled
 * inference function against another's (e.g. a worktree of an earlier commit with node_modules and
 * models/generated), in turn, in fresh Node processes, on one machine load: the fair before/after that `npm run
 * bench -- cold` (one checkout at a time) cannot give on a shared machine. Each checkout's stack is synthesized
 * with real bundling by its own code (x86_64, bench/synth-inference-bundle.ts), both inference assets are copied beside each other, and each round
 * runs one fresh process per bundle that imports its `index.mjs` and hands the handler an SQS event of a stored
 * 1-MP scan job (as bench/cold-start.ts). Prints, per bundle, the median CPU ms of the process from its start to the
 * first result (Node's own start included), the main thread's and the other threads' share, and the wall times.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKER_NAMES } from '../functions/analysis/contract';
import { nodeRun, startInferenceBundleRun } from '../test/cdk/support/inference-bundle-run';
import { firstResultScript } from './first-result-script';
import { benchJpeg } from './images';
import { median } from './stats';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

interface ColdRun {
  cpuMs: number;
  mainThreadCpuMs: number;
  otherThreadsCpuMs: number;
  importMs: number;
  firstResultMs: number;
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const [other, roundsArg] = process.argv.slice(2);
if (!other) throw new Error('usage: compare-cold-start.ts /path/to/other/checkout [rounds]');
const rounds = Number(roundsArg ?? 6);

const versions = [
  { name: `other (${other})`, root: resolve(other) },
  { name: 'this checkout', root: ROOT },
];
const staging = join(ROOT, 'node_modules', '.cache', 'compare-cold-start');
rmSync(staging, { recursive: true, force: true });
console.log('Synthesizing both stacks with bundling (x86_64)…');
for (const [i, version] of versions.entries()) {
  execFileSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'synth-inference-bundle.ts'), version.root, join(staging, `bundle${i}`)], { stdio: 'ignore' });
}
const run = await startInferenceBundleRun(join(staging, 'bundle0'), { LOG_LEVEL: 'ERROR', VIPS_CONCURRENCY: '1' });
try {
  for (const i of versions.keys()) cpSync(join(staging, `bundle${i}`), join(run.work, `bundle${i}`), { recursive: true });
  const tenant = { accountId: 'acct_bench', environment: 'test' as const };
  const photo = await benchJpeg(1);
  const results: ColdRun[][] = versions.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const i of versions.keys()) {
      const { job } = await run.submit(tenant, photo, [...MARKER_NAMES], null);
      const env = { ...run.env, MODEL_DIR: join(run.work, `bundle${i}`, 'models') };
      const { value } = await nodeRun(run.work, firstResultScript(`./bundle${i}/index.mjs`, job), env, 600_000);
      results[i]!.push(value as ColdRun);
    }
  }
  console.log(`\n1 MP, import → the handler's first result, ${rounds} fresh processes per bundle in turn: median (each run) CPU ms`);
  for (const [i, { name }] of versions.entries()) {
    const runs = results[i]!;
    const m = (key: keyof ColdRun) => median(runs.map((t) => t[key])).toFixed(0);
    console.log(
      `  CPU ${m('cpuMs')} (${runs.map((t) => t.cpuMs.toFixed(0)).join(' ')}), main thread ${m('mainThreadCpuMs')}, other threads ${m('otherThreadsCpuMs')};` +
        ` wall: import ${m('importMs')}, first job ${m('firstResultMs')}  ${name}`,
    );
  }
} finally {
  await run.close();
  rmSync(staging, { recursive: true, force: true });
}
