import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFaceModels } from './face-models';
import { buildPerceivedAgeModel } from './perceived-age-model';
import { buildSkinModel } from './skin-model';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** models/generated: built from node_modules and the project's own builders, never committed. */
export const GENERATED_MODEL_DIR = join(ROOT, 'models', 'generated');

/** What the generated files depend on: a change to any of these rebuilds them. */
const INPUTS = ['models/build', 'models/manifest.json', 'functions/analysis/skin/model-spec.ts', 'functions/analysis/face/model-io.ts', 'functions/analysis/face/perceived-age-io.ts', 'package-lock.json'];

/**
 * Builds every ONNX model the service runs unless the files on disk were built from the same inputs.
 * `npm start`, `npm test`, `npm run bench` and the CDK bundling call this first.
 */
export async function buildModels(outDir = GENERATED_MODEL_DIR, force = false): Promise<'built' | 'up to date'> {
  const stamp = join(outDir, 'inputs.sha256');
  const hash = await inputsHash();
  if (!force && (await readFile(stamp, 'utf8').catch(() => '')) === hash) return 'up to date';
  await mkdir(outDir, { recursive: true });
  await buildFaceModels(outDir);
  await buildSkinModel(outDir);
  await buildPerceivedAgeModel(outDir);
  await writeFile(stamp, hash);
  return 'built';
}

async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(INPUTS.map((input) => listFiles(join(ROOT, input))))).flat().sort();
  for (const file of files) hash.update(relative(ROOT, file)).update('\0').update(await readFile(file)).update('\0');
  return hash.digest('hex');
}

async function listFiles(path: string): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return [path];
  return (await Promise.all(entries.map((e) => (e.isDirectory() ? listFiles(join(path, e.name)) : [join(path, e.name)])))).flat();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = Date.now();
  const outcome = await buildModels(GENERATED_MODEL_DIR, process.argv.includes('--force'));
  process.stdout.write(`models ${outcome} in ${relative(process.cwd(), GENERATED_MODEL_DIR)} (${Date.now() - started} ms)\n`);
}
