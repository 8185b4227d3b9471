// Builds a skin model with one FILTER_SCALES value changed (docs/analysis.md, Consistency, root cause 34, Tried and not kept):
// npx tsx eval/_acne5-build.ts /tmp/dir redGate 3   (copy models/generated/* into the folder first; then MODEL_DIR=/tmp/dir for the probes)
import { FILTER_SCALES } from '../functions/analysis/skin/model-spec';
const [dir, key, value] = process.argv.slice(2);
(FILTER_SCALES as any)[key!] = JSON.parse(value!);
const { buildSkinModel } = await import('../models/build/skin-model');
await buildSkinModel(dir!);
console.log('built', key, value);
