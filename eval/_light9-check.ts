/** [light9] scratch: real pipeline uniformness over the franck stills, with the per-scan cost of the light model. */
import { readFileSync } from 'node:fs';
import { createInspectingAnalyzer } from '../functions/analysis/create-analyzer';
import { MARKER_NAMES } from '../functions/analysis/skin/markers';
import { clmtrackrMedia, FRANCK_FRAMES } from '../test/helpers/images';
const analyzer = await createInspectingAnalyzer({});
const out: string[] = [];
for (const f of FRANCK_FRAMES) {
  const ins = await analyzer.inspect(readFileSync(clmtrackrMedia(f)), MARKER_NAMES, { overlays: false });
  if (ins.outcome.status !== 'completed') { out.push(`${f} ${ins.outcome.error.code}`); continue; }
  out.push(`${f} ${ins.outcome.markers.uniformness!.score} ${ins.features!.values.uniformness.toFixed(2)} r ${ins.outcome.markers.radiance!.score}`);
}
console.log(out.join('\n'));
await analyzer.close();
