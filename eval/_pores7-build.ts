// throwaway: build skin.onnx with FILTER_SCALES overrides: npx tsx eval/_p7-build.ts <dir> '{"reliefChroma":2}'
import { FILTER_SCALES } from '../functions/analysis/skin/model-spec';
const over = JSON.parse(process.argv[3] ?? '{}');
Object.assign(FILTER_SCALES, over);
const { buildSkinModel } = await import('../models/build/skin-model');
await buildSkinModel(process.argv[2]!);
console.log('built', process.argv[2], JSON.stringify(over));
