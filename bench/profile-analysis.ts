/**
 * `npm run bench:profile`: where the analysis of a 1-MP photo spends its CPU. Runs the analysis (all nine
 * markers) 30 times after a warm-up under the V8 sampling profiler (`node --cpu-prof`, started by the npm script)
 * and prints the functions with the most self time, summed over the profile written on exit.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { benchJpeg } from './images';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const PROFILE_DIR = process.env.PROFILE_DIR ?? 'node_modules/.cache/cpu-profile';

if (process.argv[2] === 'summarise') {
  summarise(PROFILE_DIR);
} else {
  sharp.concurrency(1);
  const analyzer = await createInspectingAnalyzer({ modelDir: DEFAULT_MODEL_DIR });
  const jpeg = await benchJpeg(1);
  await analyzer.inspect(jpeg, MARKER_NAMES);
  for (let i = 0; i < 30; i++) await analyzer.inspect(jpeg, MARKER_NAMES);
  await analyzer.close();
}

/**
 * Self time per function and file, top 25, as ms and percent of the busy samples, from the main thread's
 * profile in `dir` (the largest file: tsx's loader thread writes a small one beside it).
 */
function summarise(dir: string): void {
  const newest = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(dir, a)).size - statSync(join(dir, b)).size)
    .pop();
  if (!newest) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, newest), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.replace(/^.*\/(functions|node_modules)\//, '$1/');
    // By file, not line: tsx's transpiled sources carry no line mapping into the profile.
    const name = `${frame.functionName || '(anonymous)'} ${file}`.trim();
    const us = profile.timeDeltas[i] ?? 0;
    if (frame.functionName === '(idle)') return;
    self.set(name, (self.get(name) ?? 0) + us);
    total += us;
  });
  console.log(`${newest}: ${(total / 1000).toFixed(0)} ms busy (idle left out)`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
}
