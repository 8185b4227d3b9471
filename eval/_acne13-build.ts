// Throwaway probe ([acne13]; root cause 43's _spots9-build.ts): builds a skin model with FILTER_SCALES overrides.
// npx tsx eval/_acne13-build.ts /tmp/dir '{"redGate":3}'
import { cpSync, mkdirSync } from 'node:fs';
import { FILTER_SCALES } from '../functions/analysis/skin/model-spec';
const [dir, json] = process.argv.slice(2);
mkdirSync(dir!, { recursive: true });
for (const f of ['blazeface.onnx', 'facemesh.onnx', 'perceived-age.onnx']) try { cpSync(`models/generated/${f}`, `${dir}/${f}`); } catch { /* absent */ }
Object.assign(FILTER_SCALES as any, JSON.parse(json ?? '{}'));
const { buildSkinModel } = await import('../models/build/skin-model');
await buildSkinModel(dir!);
console.log('built', json);
