import { benchAnalysis } from './analysis';
import { benchScanPipeline } from './scan-pipeline';
import { benchIngredients } from './ingredients';
import { benchColdStart } from './cold-start';

// Benchmarks run on the machine's Node (20 here); the SDK's notice about Node 22 is noise in their output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** `npm run bench`: every benchmark of the project, one after the other, single process (`npm run bench -- scans`). */
const benches: Record<string, () => Promise<void>> = {
  scans: () => benchScanPipeline(),
  ingredients: () => benchIngredients(),
  analysis: () => benchAnalysis(),
  cold: () => benchColdStart(),
};

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (only.length === 0 || only.includes(name)) await run();
}
