/**
 * Run in a child process by test/analysis/memory.test.ts: analyses one photo file with a fresh analyzer and
 * prints { status, maxRssMb } as JSON on its last line. Usage: node --import tsx analyze-child.ts <photo> [module]
 * (module: the analyzer module to load, default functions/analysis/create-analyzer.ts).
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { MARKER_NAMES } from '../../../functions/analysis/skin/markers';

const [photo, module] = process.argv.slice(2);
if (!photo) throw new Error('usage: analyze-child.ts <photo> [analyzer module]');
const { createAnalyzer } = (await import(module ? pathToFileURL(module).href : '../../../functions/analysis/create-analyzer')) as typeof import('../../../functions/analysis/create-analyzer');
const analyzer = await createAnalyzer({});
const outcome = await analyzer.analyze(await readFile(photo), MARKER_NAMES);
console.log(
  JSON.stringify({
    status: outcome.status,
    error: outcome.status === 'failed' ? outcome.error.code : undefined,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
