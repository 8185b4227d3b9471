import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { FACE_MODEL_IO } from '../../functions/analysis/face/model-io';
import { convertGraphModel } from './tfjs-to-onnx/convert';
import { readGraphModel } from './tfjs-to-onnx/graph-model';

/** Where the TF.js face models ship: the `models/` folder of the @vladmandic/human package. */
export async function humanModelsDir(): Promise<string> {
  // The package's "exports" hide package.json, so resolve its entry point and walk up to the package root.
  let dir = dirname(createRequire(import.meta.url).resolve('@vladmandic/human'));
  for (;;) {
    const pkg = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined);
    if (pkg && JSON.parse(pkg).name === '@vladmandic/human') return join(dir, 'models');
    const up = dirname(dir);
    if (up === dir) throw new Error('@vladmandic/human not found in node_modules');
    dir = up;
  }
}

const PROVENANCE = {
  license: 'Apache-2.0',
  weights: 'Google MediaPipe (Apache-2.0), TF.js graph model packaged by @vladmandic/human (MIT); see models/LICENSES.md',
};

/**
 * Converts MediaPipe BlazeFace and Face Mesh from the TF.js graph models in node_modules to
 * `blazeface.onnx` and `facemesh.onnx` in `outDir` (inputs stay NHWC like the originals).
 */
export async function buildFaceModels(outDir: string): Promise<void> {
  const source = await humanModelsDir();
  const b = FACE_MODEL_IO.blazeface;
  const m = FACE_MODEL_IO.facemesh;
  const jobs: { file: string; out: string; doc: string; rename: Record<string, string> }[] = [
    {
      file: 'blazeface',
      out: b.file,
      doc: 'MediaPipe BlazeFace (back camera, 256x256) face detector',
      rename: { 'input:0': b.input, 'Identity:0': b.scores16, 'Identity_1:0': b.scores32, 'Identity_2:0': b.boxes16, 'Identity_3:0': b.boxes32 },
    },
    {
      file: 'facemesh',
      out: m.file,
      doc: 'MediaPipe Face Mesh (468 landmarks, 192x192)',
      rename: { input_1: m.input },
    },
  ];
  await mkdir(outDir, { recursive: true });
  for (const job of jobs) {
    const graph = await readGraphModel(join(source, `${job.file}.json`));
    const bytes = convertGraphModel(graph, {
      graphName: job.file,
      rename: job.rename,
      docString: `${job.doc}; converted from @vladmandic/human models/${job.file}.json`,
      props: PROVENANCE,
    });
    await writeFile(join(outDir, job.out), bytes);
  }
}
