import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createInspectingAnalyzer, type StageTimings } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { benchJpeg } from './images';
import { bearer, scanForm } from '../test/helpers/http';
import { startTestStack } from '../test/helpers/stack';
import { clockModelRuns } from './model-clock';
import { formatRow, median } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MODEL_DIR = join(ROOT, 'models/generated');

/**
 * The face-aware analysis, single thread (sharp/libvips limited to one thread, onnxruntime sessions are
 * single-threaded already): per image size, the median of each stage of `analyze` (all nine markers, with
 * the overlay source), decoding the whole JPEG alone for comparison, a whole local POST /v1/scans round trip
 * (API, queue, inference, stores: one process, the scan answered completed), and each as a multiple of that
 * decode. CPU time is the process's (all threads), the steadier figure on a shared machine; then the same in
 * wall time. Then the throughput of one core at 1 MP.
 */
export async function benchAnalysis(runs = 9): Promise<void> {
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  const stages: (keyof StageTimings)[] = ['detect', 'landmarks', 'crop', 'skin', 'overlays', 'total'];
  type Clocked = { cpu: number[]; wall: number[] };
  const sizes: { label: string; jpeg: Buffer; decode: Clocked; trip: Clocked; models: { face: number[]; skin: number[] }; timings: { cpu: StageTimings[]; wall: StageTimings[] } }[] = [];
  let throughput = '';
  // The analysis first, with nothing else in the process (the local stack's queues and timers would add their CPU
  // time to whichever stage runs); then the stack, for the round trips.
  const analyzer = await createInspectingAnalyzer({ modelDir: MODEL_DIR });
  const modelClock = clockModelRuns();
  try {
    for (const megapixels of [1, 12]) {
      const jpeg = await benchJpeg(megapixels);
      const meta = await sharp(jpeg).metadata();
      const size = { label: `${meta.width}x${meta.height}`, jpeg, decode: { cpu: [], wall: [] }, trip: { cpu: [], wall: [] }, models: { face: [], skin: [] }, timings: { cpu: [], wall: [] } } as (typeof sizes)[number];
      sizes.push(size);
      // Decoding and analysing in separate loops: the freeing of a decoded 12-MP buffer must not land in a stage.
      for (let i = 0; i <= runs; i++) {
        const used = await timed(() => sharp(jpeg).raw().toBuffer());
        if (i === 0) continue; // warm-up
        size.decode.cpu.push(used.cpu);
        size.decode.wall.push(used.wall);
      }
      for (let i = 0; i <= runs; i++) {
        modelClock.take();
        const inspection = await analyzer.inspect(jpeg, MARKER_NAMES);
        if (inspection.outcome.status !== 'completed') throw new Error(`bench photo rejected: ${inspection.outcome.error.code}`);
        if (i === 0) continue; // warm-up
        // BlazeFace and the two Face Mesh passes run first (detect, landmarks); the skin graph and perceived age last.
        const runsCpu = modelClock.take();
        if (runsCpu.length !== 5) throw new Error(`expected 5 onnxruntime runs an analysis, counted ${runsCpu.length}`);
        size.models.face.push(runsCpu[0]! + runsCpu[1]! + runsCpu[2]!);
        size.models.skin.push(runsCpu[3]! + runsCpu[4]!);
        size.timings.cpu.push(inspection.cpu);
        size.timings.wall.push(inspection.timings);
      }
      if (megapixels === 1) {
        // One core's throughput: analyses back to back on this thread, counted against the CPU time they took.
        const count = 20;
        const used = await timed(async () => {
          for (let i = 0; i < count; i++) await analyzer.analyze(jpeg, MARKER_NAMES);
        });
        throughput = `Throughput, 1 MP, one core: ${((1000 * count) / used.cpu).toFixed(1)} analyses per CPU-second (${count} back to back, ${used.cpu.toFixed(0)} ms CPU, ${used.wall.toFixed(0)} ms wall)`;
      }
    }
  } finally {
    modelClock.restore();
    await analyzer.close();
  }
  const stack = await startTestStack();
  try {
    for (const size of sizes) {
      for (let i = 0; i <= runs; i++) {
        const used = await timed(async () => {
          const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: size.jpeg }), headers: bearer(stack.key) });
          const body = (await response.json()) as { status?: string };
          if (response.status !== 201 || body.status !== 'completed') throw new Error(`round trip answered ${response.status}: ${JSON.stringify(body)}`);
        });
        if (i === 0) continue;
        size.trip.cpu.push(used.cpu);
        size.trip.wall.push(used.wall);
      }
    }
  } finally {
    await stack.close();
    sharp.concurrency(threads);
  }

  const widths = [10, 7, 7, 7, 9, 7, 7, 8, 8, 10, 9, 9];
  console.log('\nFace-aware analysis and round trip, one thread: median of %d runs after a warm-up, ms', runs);
  console.log('CPU time of the process per stage (steady on a busy machine), then wall time; `x` rows: multiples of the decode');
  console.log(formatRow(['image', 'clock', 'decode', ...stages.slice(0, -1), 'analysis', 'round trip', 'anal/dec', 'trip/dec'], widths));
  for (const size of sizes) {
    for (const clock of ['cpu', 'wall'] as const) {
      const decodeMedian = median(size.decode[clock]);
      const stageMedians = stages.map((s) => median(size.timings[clock].map((t) => t[s])));
      const total = stageMedians[stageMedians.length - 1]!;
      const tripMedian = median(size.trip[clock]);
      console.log(
        formatRow(
          [clock === 'cpu' ? size.label : '', clock, decodeMedian.toFixed(1), ...stageMedians.map((v) => v.toFixed(1)), tripMedian.toFixed(1), (total / decodeMedian).toFixed(1), (tripMedian / decodeMedian).toFixed(1)],
          widths,
        ),
      );
      console.log(formatRow(['', `${clock} x`, '1', ...stageMedians.map((v) => (v / decodeMedian).toFixed(2)), (tripMedian / decodeMedian).toFixed(2), '', ''], widths));
    }
  }
  console.log('  decode = sharp decoding the whole JPEG to pixels (the reference); detect = header + 256-px letterbox decoded');
  console.log('  with shrink-on-load + BlazeFace; landmarks = shrunk face view + 2 Face Mesh passes; crop = aligned 256-px crop,');
  console.log('  region and skin masks, quality measures; skin = skin model + features + scores; overlays = packing what the overlays');
  console.log('  are drawn from (the PNGs are drawn on request by the API); round trip = POST /v1/scans of the same JPEG, all markers,');
  console.log('  answered completed (the local stack: API, in-process queue, inference, dynalite and s3rver, all in this process,');
  console.log('  measured after the analysis runs, with the stack started only then).');
  // What the target ratios are up against: the four graphs' own CPU time, inside the analysis above.
  console.log('  the models alone (onnxruntime runs inside the analysis above, CPU ms, median; x = multiple of the decode):');
  for (const size of sizes) {
    const decode = median(size.decode.cpu);
    const face = median(size.models.face);
    const skin = median(size.models.skin);
    const all = median(size.models.face.map((f, i) => f + size.models.skin[i]!));
    const x = (ms: number) => `${ms.toFixed(1)} (${(ms / decode).toFixed(1)}x)`;
    console.log(`    ${size.label}: BlazeFace + 2 Face Mesh passes ${x(face)}, skin graph + perceived age ${x(skin)}, all five ${x(all)}`);
  }
  const tripCpu = median(sizes[0]!.trip.cpu);
  console.log(`${throughput}; ${(1000 / tripCpu).toFixed(1)} local round trips per CPU-second (API, stores and analysis in one process)`);
}

/** Wall and process CPU time (all threads) of one call, in ms. */
async function timed(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await fn();
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpuStart);
  return { wall, cpu: (used.user + used.system) / 1000 };
}
