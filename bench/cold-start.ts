/**
 * Cold start and peak memory of the inference function as Lambda runs it: the stack synthesized with real
 * bundling (esbuild, native packages, models; lib/), the inference asset copied to a temp dir, and each
 * measurement a fresh Node process that imports the bundle's `index.mjs` and hands its handler an SQS event,
 * with the local DynamoDB and S3 servers and an SQS stand-in behind it (as test/cdk/bundle.test.ts does).
 */
import { rmSync } from 'node:fs';
import { MARKER_NAMES } from '../functions/analysis/contract';
import { assetDirOf } from '../test/cdk/support/bundle-files';
import { nodeRun, startInferenceBundleRun, type InferenceBundleRun } from '../test/cdk/support/inference-bundle-run';
import { firstResultScript } from './first-result-script';
import { synthesize } from '../test/cdk/support/synth';
import { logicalId } from '../test/cdk/support/template-queries';
import { benchJpeg } from './images';
import { median } from './stats';

interface ChildTimings {
  /** Node's own start, before the script's first line. */
  bootMs: number;
  /** import of the bundle: module evaluation and the models' loading (awaited at the bundle's top level: Lambda's init phase). */
  importMs: number;
  /** import → the handler's answer to the first event (one scan read, analysed and stored). */
  firstResultMs: number;
  /** CPU time of the process (all threads) from its start to the first result. */
  cpuMs: number;
  /**
   * The same split by thread (Linux /proc, 10-ms ticks, the threads alive at the first result; NaN elsewhere):
   * the main thread, and the others (V8's optimising compiler and GC helpers, libuv's pool where sharp works).
   */
  mainThreadCpuMs: number;
  otherThreadsCpuMs: number;
  /** The AnalysisLatency metric of the first job (image read, analysis, overlay source stored), from its EMF line. */
  analysisMs: number;
  maxRssMb: number;
}

/** Prints the cold start and the peak RSS (median of `runs` fresh processes each) of a 1-MP and of a 40-MP photo. */
export async function benchColdStart(runs = 3): Promise<void> {
  console.log('\nCold start of the bundled inference function (synthesizing with bundling, x86_64)…');
  const synth = synthesize({ architecture: 'x86_64' });
  const run = await startInferenceBundleRun(assetDirOf(synth.template, logicalId(synth.stack, synth.stack.inference.function), synth.outdir), {
    LOG_LEVEL: 'ERROR',
    // One libvips thread, as the analysis bench runs it (a 1769-MB Lambda has one vCPU).
    VIPS_CONCURRENCY: '1',
  });
  try {
    const tenant = { accountId: 'acct_bench', environment: 'test' as const };
    const job = async (jpeg: Buffer) => (await run.submit(tenant, jpeg, [...MARKER_NAMES], null)).job;
    const photo = await benchJpeg(1);
    const cold: ChildTimings[] = [];
    for (let i = 0; i < runs; i++) cold.push(await firstScanInFreshProcess(run, await job(photo)));
    const largePhoto = await benchJpeg(39.9);
    const large: ChildTimings[] = [];
    for (let i = 0; i < runs; i++) large.push(await firstScanInFreshProcess(run, await job(largePhoto)));
    const m = (key: keyof ChildTimings) => median(cold.map((t) => t[key])).toFixed(0);
    console.log(
      `  1 MP, median of ${runs} fresh processes: cold start (import → the handler's first result) ${median(cold.map((t) => t.importMs + t.firstResultMs)).toFixed(0)} ms wall,` +
        ` ${m('cpuMs')} ms CPU (Node's own start included); import (with the models) ${m('importMs')} ms, then the first job ${m('firstResultMs')} ms, of which the analysis` +
        ` (AnalysisLatency: image read, analysis, overlay source stored) ${m('analysisMs')} ms; Node's own start ${m('bootMs')} ms; max RSS ${m('maxRssMb')} MB;` +
        ` CPU of the main thread ${m('mainThreadCpuMs')} ms, of the other threads ${m('otherThreadsCpuMs')} ms`,
    );
    const rss = large.map((t) => t.maxRssMb);
    console.log(
      `  40 MP (5470 x 7293), median of ${runs} fresh processes: first result ${median(large.map((t) => t.importMs + t.firstResultMs)).toFixed(0)} ms;` +
        ` peak RSS (maxRSS) ${median(rss).toFixed(0)} MB (${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)})`,
    );
  } finally {
    await run.close();
    rmSync(synth.outdir, { recursive: true, force: true });
  }
}

async function firstScanInFreshProcess(run: InferenceBundleRun, jobBody: string): Promise<ChildTimings> {
  const script = firstResultScript('./task/index.mjs', jobBody);
  const { value, lines } = await nodeRun(run.work, script, run.env, 600_000);
  const emf = lines.filter((line) => line.includes('"AnalysisLatency"')).map((line) => JSON.parse(line) as { AnalysisLatency: number });
  return { ...(value as ChildTimings), analysisMs: emf[0]?.AnalysisLatency ?? Number.NaN };
}
