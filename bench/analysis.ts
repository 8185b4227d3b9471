import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { createInspectingAnalyzer, type StageTimings } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { benchJpeg } from './images';
import { formatRow } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MODEL_DIR = join(ROOT, 'models/generated');

/**
 * The face-aware analysis, single thread (sharp/libvips limited to one thread, onnxruntime sessions are
 * single-threaded already): per image size, the median of each stage of `analyze` (all nine markers, with
 * the overlay source), decoding the whole JPEG alone for comparison, and the total as a multiple of that decode.
 * Then the cold start: a fresh Node process importing the bundled analyzer (esbuild, as Lambda runs it),
 * loading the models and analysing one photo.
 */
export async function benchAnalysis(runs = 9): Promise<void> {
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  const analyzer = await createInspectingAnalyzer({ modelDir: MODEL_DIR });
  try {
    const stages: (keyof StageTimings)[] = ['detect', 'landmarks', 'crop', 'skin', 'overlays', 'total'];
    const widths = [10, 7, 7, 7, 9, 7, 7, 8, 7, 9];
    console.log('\nFace-aware analysis, one thread: median of %d runs after a warm-up, ms', runs);
    console.log('CPU time of the process per stage (steady on a busy machine), then wall time');
    console.log(formatRow(['image', 'clock', 'decode', ...stages, 'total/dec'], widths));
    for (const megapixels of [1, 12]) {
      const jpeg = await benchJpeg(megapixels);
      const meta = await sharp(jpeg).metadata();
      const decode = { cpu: [] as number[], wall: [] as number[] };
      const timings = { cpu: [] as StageTimings[], wall: [] as StageTimings[] };
      // Decoding and analysing in separate loops: the freeing of a decoded 12-MP buffer must not land in a stage.
      for (let i = 0; i <= runs; i++) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        await sharp(jpeg).raw().toBuffer();
        const wall = performance.now() - start;
        const used = process.cpuUsage(cpuStart);
        if (i === 0) continue; // warm-up
        decode.cpu.push((used.user + used.system) / 1000);
        decode.wall.push(wall);
      }
      for (let i = 0; i <= runs; i++) {
        const inspection = await analyzer.inspect(jpeg, MARKER_NAMES);
        if (inspection.outcome.status !== 'completed') throw new Error(`bench photo rejected: ${inspection.outcome.error.code}`);
        if (i === 0) continue; // warm-up
        timings.cpu.push(inspection.cpu);
        timings.wall.push(inspection.timings);
      }
      for (const clock of ['cpu', 'wall'] as const) {
        const decodeMedian = median(decode[clock]);
        const stageMedians = stages.map((s) => median(timings[clock].map((t) => t[s])));
        const total = stageMedians[stageMedians.length - 1]!;
        console.log(
          formatRow(
            [clock === 'cpu' ? `${meta.width}x${meta.height}` : '', clock, decodeMedian.toFixed(1), ...stageMedians.map((v) => v.toFixed(1)), (total / decodeMedian).toFixed(1)],
            widths,
          ),
        );
        // The same medians as multiples of the decode of the same JPEG (the unit).
        console.log(formatRow(['', `${clock} x`, '1', ...stageMedians.map((v) => (v / decodeMedian).toFixed(2)), ''], widths));
      }
    }
    console.log('  decode = sharp decoding the whole JPEG to pixels (the reference); detect = header + 256-px letterbox decoded');
    console.log('  with shrink-on-load + BlazeFace; landmarks = shrunk face view + 2 Face Mesh passes; crop = aligned 256-px crop,');
    console.log('  region and skin masks, quality measures; skin = skin model + features + scores; overlays = packing what the overlays\n  are drawn from (the PNGs are drawn on request by the API); `x` rows: each median as a multiple of the decode.');
  } finally {
    await analyzer.close();
    sharp.concurrency(threads);
  }
  await coldStart();
}

/** A fresh process: import the bundled analyzer module, load the models, analyse one 1-MP photo. */
async function coldStart(): Promise<void> {
  const dir = join(ROOT, 'node_modules/.cache/bench-analysis');
  await mkdir(dir, { recursive: true });
  const bundle = join(dir, 'analyzer.mjs');
  await build({
    entryPoints: [join(ROOT, 'functions/analysis/create-analyzer.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  const photo = join(dir, 'photo-1mp.jpg');
  await writeFile(photo, await benchJpeg(1));
  const script = `
    import { readFileSync } from 'node:fs';
    import { performance } from 'node:perf_hooks';
    const t0 = performance.now();
    const { createAnalyzer } = await import(${JSON.stringify(bundle)});
    const imported = performance.now();
    const analyzer = await createAnalyzer({ modelDir: ${JSON.stringify(MODEL_DIR)} });
    const loaded = performance.now();
    const outcome = await analyzer.analyze(readFileSync(${JSON.stringify(photo)}), ${JSON.stringify(MARKER_NAMES)});
    const first = performance.now();
    if (outcome.status !== 'completed') throw new Error('cold-start photo rejected');
    console.log(JSON.stringify({ import: imported - t0, models: loaded - imported, first: first - loaded, total: first - t0, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  `;
  const results: { import: number; models: number; first: number; total: number; maxRssMb: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env: { ...process.env, VIPS_CONCURRENCY: '1' } });
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (err += d));
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`cold start exited ${code}: ${err}`))));
    });
    results.push(JSON.parse(output.trim().split('\n').pop()!));
  }
  const m = (k: keyof (typeof results)[number]) => median(results.map((r) => r[k])).toFixed(0);
  console.log(
    '\nCold start (fresh process, bundled module, median of 3): import %s ms, load models %s ms, first 1-MP analysis %s ms; total %s ms; max RSS %s MB',
    m('import'),
    m('models'),
    m('first'),
    m('total'),
    m('maxRssMb'),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
