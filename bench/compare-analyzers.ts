/**
 * `npm run bench:compare -- /path/to/other/checkout [runs]`: this checkout's analysis against another's (e.g. a
 * `git archive` of an earlier commit with its own models/generated and a node_modules link), both loaded in one
 * process and run in turn on the same photo, so both see the same machine load: the only fair before/after on a
 * shared machine. Prints the median CPU ms of each stage and the total as a multiple of the decode (decoded in
 * its own loop, in turn with nothing else).
 */
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { createInspectingAnalyzer, InspectingAnalyzer, StageTimings } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { benchJpeg } from './images';
import { median } from './stats';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAGES: (keyof StageTimings)[] = ['detect', 'landmarks', 'crop', 'skin', 'overlays', 'total'];

async function load(root: string): Promise<InspectingAnalyzer> {
  const module = (await import(pathToFileURL(join(root, 'functions/analysis/create-analyzer.ts')).href)) as { createInspectingAnalyzer: typeof createInspectingAnalyzer };
  return module.createInspectingAnalyzer({ modelDir: join(root, 'models/generated') });
}

const [other, runsArg] = process.argv.slice(2);
if (!other) throw new Error('usage: compare-analyzers.ts /path/to/other/checkout [runs]');
const runs = Number(runsArg ?? 15);
sharp.concurrency(1);
const versions: [string, InspectingAnalyzer][] = [
  [`other (${other})`, await load(resolve(other))],
  ['this checkout', await load(ROOT)],
];
try {
  for (const megapixels of [1, 12]) {
    const jpeg = await benchJpeg(megapixels);
    const decode: number[] = [];
    for (let i = 0; i <= 2 * runs; i++) {
      const start = process.cpuUsage();
      await sharp(jpeg).raw().toBuffer();
      const used = process.cpuUsage(start);
      if (i > 0) decode.push((used.user + used.system) / 1000);
    }
    const cpu = versions.map(() => [] as StageTimings[]);
    for (let i = 0; i <= runs; i++) {
      for (const [k, [, analyzer]] of versions.entries()) {
        const inspection = await analyzer.inspect(jpeg, MARKER_NAMES);
        if (inspection.outcome.status !== 'completed') throw new Error('bench photo rejected');
        if (i > 0) cpu[k]!.push(inspection.cpu);
      }
    }
    const d = median(decode);
    console.log(`\n${megapixels} MP: decode ${d.toFixed(1)} ms CPU; median CPU ms of ${runs} analyses each, in turn`);
    for (const [k, [name]] of versions.entries()) {
      const medians = STAGES.map((s) => median(cpu[k]!.map((t) => t[s])));
      console.log(`  ${STAGES.map((s, j) => `${s} ${medians[j]!.toFixed(1)}`).join('  ')}  = ${(medians[medians.length - 1]! / d).toFixed(1)}x decode  ${name}`);
    }
  }
} finally {
  for (const [, analyzer] of versions) await analyzer.close();
}
