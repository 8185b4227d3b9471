/**
 * What the bundles get for `import * as ort from 'onnxruntime-node'` (esbuild `--alias`, lib/service-function.ts):
 * the package through `require` rather than Node's ESM loader, which scans CommonJS sources for their exports
 * first (see sharp.ts beside this file). Only the names the functions use: esbuild fails the bundling if code
 * reads another one.
 */
import { createRequire } from 'node:module';

const ort = createRequire(import.meta.url)('onnxruntime-node') as typeof import('onnxruntime-node');
export const { InferenceSession, Tensor } = ort;
