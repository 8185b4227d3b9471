import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { loadGraphModel } from '@tensorflow/tfjs-converter';
import { readGraphModel } from '../../models/build/tfjs-to-onnx/graph-model';

/** The original TF.js graph model on the pure-JS CPU backend: the reference the ONNX conversion must match. */
export interface TfjsReference {
  /** Outputs keyed by TF.js signature key ("Identity:0", "output_mesh", …). */
  run(input: Float32Array, shape: number[]): Record<string, Float32Array>;
}

export async function loadTfjsReference(modelsDir: string, name: 'blazeface' | 'facemesh' | 'faceres'): Promise<TfjsReference> {
  tf.env().set('PROD', true); // silences the "install tfjs-node" banner; numerics are unchanged
  await tf.setBackend('cpu');
  const graph = await readGraphModel(join(modelsDir, `${name}.json`));
  const json = graph.json as { modelTopology: object; weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[]; format: string };
  // In-memory IO handler: the same json/bin files, no fetch and no tfjs-node.
  const model = await loadGraphModel({
    load: async () => ({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
      weightData: graph.weightData,
      format: json.format,
    }),
  });
  const inputNode = graph.inputs[0].tensor.replace(/:0$/, '');
  return {
    run(input, shape) {
      return tf.tidy(() => {
        const outputs = model.execute(
          { [inputNode]: tf.tensor(input, shape) },
          graph.outputs.map((o) => o.tensor.replace(/:0$/, '')),
        ) as tf.Tensor[];
        return Object.fromEntries(graph.outputs.map((o, i) => [o.key, outputs[i].dataSync() as Float32Array]));
      });
    },
  };
}
