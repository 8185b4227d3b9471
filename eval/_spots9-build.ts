// Throwaway probe ([spots9]): builds a skin model with FILTER_SCALES overrides into a folder.
// npx tsx eval/_spots9-build.ts /tmp/dir '{"redGate":3}'
import { cpSync, mkdirSync } from 'node:fs';
import { FILTER_SCALES } from '../functions/analysis/skin/model-spec';
const [dir, json] = process.argv.slice(2);
mkdirSync(dir!, { recursive: true });
for (const f of ['blazeface.onnx', 'facemesh.onnx', 'perceived-age.onnx']) cpSync(`models/generated/${f}`, `${dir}/${f}`);
Object.assign(FILTER_SCALES as any, JSON.parse(json ?? '{}'));
const { buildSkinModel } = await import('../models/build/skin-model');
await buildSkinModel(dir!);
console.log('built', json);
