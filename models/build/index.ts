import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFaceModels } from './face-models';
import { buildSkinModel } from './skin-model';

/** models/generated: built from node_modules and the project's own builders, never committed. */
export const GENERATED_MODEL_DIR = fileURLToPath(new URL('../generated', import.meta.url));

const exists = (path: string) => access(path).then(() => true, () => false);

/**
 * Builds every ONNX model the service runs, skipping the ones already there unless `force`.
 * `npm start`, `npm test`, `npm run bench` and the CDK bundling call this first.
 */
export async function buildModels(outDir = GENERATED_MODEL_DIR, force = false): Promise<void> {
  if (force || !(await exists(join(outDir, 'blazeface.onnx'))) || !(await exists(join(outDir, 'facemesh.onnx')))) {
    await buildFaceModels(outDir);
  }
  if (force || !(await exists(join(outDir, 'skin.onnx')))) {
    await buildSkinModel(outDir);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  await buildModels(GENERATED_MODEL_DIR, process.argv.includes('--force'));
  process.stdout.write(`models ready in ${GENERATED_MODEL_DIR} (${Date.now() - started} ms)\n`);
}
