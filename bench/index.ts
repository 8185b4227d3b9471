import { benchAnalysis } from './analysis';
import { benchScanPipeline } from './scan-pipeline';
import { benchIngredients } from './ingredients';

/** `npm run bench`: every benchmark of the project, one after the other, single process. */
const benches: Record<string, () => Promise<void>> = {
  scans: () => benchScanPipeline(),
  ingredients: () => benchIngredients(),
  analysis: () => benchAnalysis(),
};

const only = process.argv.slice(2);
for (const [name, run] of Object.entries(benches)) {
  if (only.length === 0 || only.includes(name)) await run();
}
