import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { SkinApiError, SkinClient, type MarkerName } from '../../clients/typescript/src/index';
import { ensureSamplePortrait } from '../../local/sample-portrait';
import { CliError, dataDirFromEnv } from '../admin-context';
import { table } from '../output';
import { resolveTarget } from './scan';

const USAGE = `usage: skin demo [IMAGE] [--markers a,b] [--key KEY] [--json]

Scans IMAGE (default: the sample portrait DATA_DIR/sample-face.jpg that \`npm start\` writes) against the running
local stack (or SKIN_API_URL + SKIN_API_KEY), prints the scores and the quality checks, and saves the overlay of the
first marker as a PNG in DATA_DIR/demo.`;

/** What `--json` prints. */
export interface DemoResult {
  scan_id: string;
  skin_score: number | null;
  markers: Record<string, { score: number; severity: string }>;
  request_id: string | undefined;
  overlay: { marker: string; file: string; url: string };
}

/** `skin demo`: the newcomer's first scan, from the photo to the overlay on disk, in one command. */
export async function demoCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { markers: { type: 'string' }, key: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean' } },
  });
  if (values.help || positionals.length > 1) throw new CliError(USAGE);
  const dataDir = dataDirFromEnv();
  const { apiUrl, apiKey } = await resolveTarget(values.key);
  await mkdir(dataDir, { recursive: true });
  const image = positionals[0] ?? (await ensureSamplePortrait(dataDir));
  const bytes = await readFile(image).catch((error: Error) => {
    throw new CliError(`${image}: ${error.message}`);
  });

  const client = new SkinClient({ apiKey, baseUrl: apiUrl });
  let scan: Awaited<ReturnType<typeof client.scans.create>>;
  try {
    scan = await client.scans.create({ image: bytes, filename: basename(image), markers: values.markers });
    if (scan.status === 'processing') scan = await client.scans.waitFor(scan.scan_id, { timeoutMs: 120_000 });
  } catch (error) {
    if (error instanceof SkinApiError) {
      throw new CliError(`${image}: ${error.status} ${error.code}: ${error.detail}${error.requestId ? ` (request ${error.requestId})` : ''}`);
    }
    throw error;
  }
  if (scan.status !== 'completed') throw new CliError(`${image}: the scan ${scan.scan_id} failed: ${scan.error?.code ?? 'analysis_failed'}: ${scan.error?.message ?? ''}`);

  // The first marker the scan analysed (the API's own default for the overlay).
  const marker = Object.keys(scan.markers)[0]! as MarkerName;
  const overlay = await client.scans.overlay(scan.scan_id, { marker });
  const overlayFile = join(dataDir, 'demo', `${scan.scan_id}-${marker}.png`);
  await mkdir(join(dataDir, 'demo'), { recursive: true });
  await writeFile(overlayFile, new Uint8Array(await overlay.arrayBuffer()));
  const overlayUrl = `${apiUrl.replace(/\/+$/, '')}/v1/scans/${scan.scan_id}/overlay?marker=${marker}`;

  const result: DemoResult = {
    scan_id: scan.scan_id,
    skin_score: scan.skin_score,
    markers: scan.markers as DemoResult['markers'],
    request_id: scan.requestId,
    overlay: { marker, file: overlayFile, url: overlayUrl },
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const markers = Object.entries(scan.markers).map(([name, r]) => ({ marker: name, score: r.score, severity: r.severity }));
  const checks = Object.entries(scan.quality ?? {}).map(([check, q]) => ({ check, ...(q as Record<string, unknown>) }));
  process.stdout.write(
    [
      `${image}: scan ${scan.scan_id}, skin score ${scan.skin_score}`,
      '',
      table(markers, ['marker', 'score', 'severity']),
      '',
      table(checks, ['check', 'value', 'threshold', 'passed']),
      '',
      `Overlay (${marker}): ${overlayFile}`,
      `  also at ${overlayUrl} (with your key)`,
      `The whole scan: curl -H "Authorization: Bearer $SKIN_API_KEY" ${apiUrl.replace(/\/+$/, '')}/v1/scans/${scan.scan_id}`,
      '',
    ].join('\n'),
  );
}
