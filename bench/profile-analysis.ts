/**
 * `npm run bench:profile`: where the analysis of a 1-MP photo spends its CPU. Runs the analysis (all nine
 * markers) 30 times after a warm-up under the V8 sampling profiler (`node --cpu-prof`, started by the npm script)
 * and prints the functions with the most self time, summed over the profile written on exit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createInspectingAnalyzer, DEFAULT_MODEL_DIR } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { benchJpeg } from './images';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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

/** Self time per function (file:line) over the newest profile in `dir`, top 25, as ms and percent of all samples. */
function summarise(dir: string): void {
  const newest = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort().pop();
  if (!newest) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, newest), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.replace(/^.*\/(functions|node_modules)\//, '$1/');
    const name = `${frame.functionName || '(anonymous)'} ${file ? `${file}:${frame.lineNumber + 1}` : ''}`.trim();
    const us = profile.timeDeltas[i] ?? 0;
    self.set(name, (self.get(name) ?? 0) + us);
    total += us;
  });
  console.log(`${newest}: ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
}
