/**
 * Run by NodejsFunction's afterBundling hook (`node --import tsx lib/bundling/after-bundling.ts …`), in the
 * synthesizing process's project root, after esbuild wrote index.mjs:
 *   --out DIR            the bundle directory
 *   --cpu arm64|x64      the Lambda architecture
 *   --packages a,b       native packages left external by esbuild (installed for the target only)
 *   --models             also copy the ONNX models and manifest into DIR/models
 *   --docs-assets        also copy the API reference renderer into DIR/docs-assets (GET /docs)
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { installPackages, type LambdaCpu } from './native-packages';
import { copyModels } from './model-files';
import { copyDocsAssets } from './docs-assets';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    cpu: { type: 'string' },
    packages: { type: 'string', default: '' },
    models: { type: 'boolean', default: false },
    'docs-assets': { type: 'boolean', default: false },
  },
});
if (!values.out || (values.cpu !== 'arm64' && values.cpu !== 'x64')) {
  throw new Error('usage: after-bundling.ts --out DIR --cpu arm64|x64 [--packages a,b] [--models] [--docs-assets]');
}
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const packages = values.packages.split(',').filter(Boolean);
if (packages.length > 0) {
  installPackages({ projectRoot, outDir: values.out, packages, target: { os: 'linux', cpu: values.cpu as LambdaCpu, libc: 'glibc' } });
}
if (values.models) await copyModels(projectRoot, values.out);
if (values['docs-assets']) copyDocsAssets(projectRoot, values.out);
