/**
 * What the bundles get for `import sharp from 'sharp'` (esbuild `--alias`, lib/service-function.ts): sharp's
 * CommonJS build through `require`, not its ES module build through Node's ESM loader. The ESM path loaded sharp's
 * fifteen .mjs modules and ran Node's CommonJS export scanner (cjs-module-lexer) over each CommonJS dependency;
 * the scanner grew hot enough for V8 to optimise it twice, ≈ 150 ms of compiler time: a third more CPU than
 * `require` for the same module, on every cold start (docs/performance.md, "Cold start (fifth round)").
 */
import { createRequire } from 'node:module';

// `createRequire(import.meta.url)` and not `require('sharp')`: esbuild would resolve a literal require through
// the alias back to this file.
const sharp = createRequire(import.meta.url)('sharp') as typeof import('sharp');
export default sharp;
