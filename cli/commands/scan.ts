import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SkinApiError, SkinClient, SkinConnectionError, type Scan } from '../../clients/typescript/src/index';
import { readStackFile } from '../../local/stack-file';
import { CliError, dataDirFromEnv } from '../admin-context';
import { table } from '../output';

const USAGE = `usage: skin scan IMAGE... [--markers a,b] [--user ID] [--json] [--key KEY] [--concurrency N] [--progress]

Scans each photo with the API: the local stack (DATA_DIR/stack.json, key from --key, SKIN_API_KEY or
DATA_DIR/sandbox-key), or a deployed stack with SKIN_API_URL and SKIN_API_KEY. Exit code 1 when any scan fails.`;

/** One file's outcome; `--json` prints an array of these. */
export interface ScanOutcome {
  file: string;
  ok: boolean;
  scan?: Scan;
  error?: { status: number | null; code: string; detail: string; request_id: string | null; scan_id: string | null };
}

/** `skin scan IMAGE...`: the API client at work, with a progress bar for many files and a summary table. */
export async function scanCommand(args: string[]): Promise<void> {
  const { values, positionals: files } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      markers: { type: 'string' },
      user: { type: 'string' },
      json: { type: 'boolean', default: false },
      key: { type: 'string' },
      concurrency: { type: 'string', default: '2' },
      progress: { type: 'boolean' },
    },
  });
  if (files.length === 0) throw new CliError(USAGE);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 8) {
    throw new CliError(`--concurrency: expected an integer from 1 to 8, received ${values.concurrency}`);
  }
  const { apiUrl, apiKey } = await resolveTarget(values.key);
  // Rate limits are per minute: waiting out a 429 is the right thing for a batch.
  const client = new SkinClient({ apiKey, baseUrl: apiUrl, maxRetries: 5, maxRetryAfterSeconds: 65 });

  const showProgress = values.progress ?? (process.stderr.isTTY === true && !values.json && files.length > 1);
  const progress = showProgress ? new ProgressBar(files.length) : undefined;
  const outcomes = await mapPool(files, concurrency, async (file) => {
    const outcome = await scanFile(client, file, { markers: values.markers, userId: values.user });
    progress?.tick(outcome.ok);
    return outcome;
  });
  progress?.done();

  if (values.json) process.stdout.write(`${JSON.stringify(outcomes, null, 2)}\n`);
  else process.stdout.write(`${files.length === 1 ? describeOne(outcomes[0]!) : summary(outcomes)}\n`);
  if (outcomes.some((o) => !o.ok)) process.exitCode = 1;
}

/** Where the API is and which key to use (see USAGE). */
export async function resolveTarget(keyOption: string | undefined): Promise<{ apiUrl: string; apiKey: string }> {
  const dataDir = dataDirFromEnv();
  let apiUrl = process.env.SKIN_API_URL;
  if (!apiUrl) {
    const stack = await readStackFile(dataDir);
    if (!stack) {
      throw new CliError(
        `No local stack is running for ${dataDir}: start it with \`npm start\` (or \`skin dev\`), or set SKIN_API_URL and SKIN_API_KEY for a deployed stack.`,
      );
    }
    apiUrl = stack.api_url;
  }
  let apiKey = keyOption ?? process.env.SKIN_API_KEY;
  if (!apiKey && !process.env.SKIN_API_URL) {
    apiKey = await readFile(join(dataDir, 'sandbox-key'), 'utf8').then((k) => k.trim(), () => undefined);
  }
  if (!apiKey) throw new CliError('No API key: pass --key, or set SKIN_API_KEY (`skin keys create` makes one).');
  return { apiUrl, apiKey };
}

async function scanFile(client: SkinClient, file: string, options: { markers?: string; userId?: string }): Promise<ScanOutcome> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    return { file, ok: false, error: { status: null, code: 'file_unreadable', detail: (error as Error).message, request_id: null, scan_id: null } };
  }
  try {
    let scan = await client.scans.create({ image: bytes, filename: file.split(/[\\/]/).pop(), markers: options.markers, userId: options.userId });
    if (scan.status === 'processing') scan = await client.scans.waitFor(scan.scan_id, { timeoutMs: 120_000 });
    if (scan.status === 'failed') {
      return { file, ok: false, scan, error: { status: null, code: scan.error?.code ?? 'analysis_failed', detail: scan.error?.message ?? 'The scan failed.', request_id: null, scan_id: scan.scan_id } };
    }
    return { file, ok: true, scan };
  } catch (error) {
    if (error instanceof SkinApiError) {
      return { file, ok: false, error: { status: error.status, code: error.code, detail: error.detail, request_id: error.requestId ?? null, scan_id: error.scanId ?? null } };
    }
    if (error instanceof SkinConnectionError) {
      return { file, ok: false, error: { status: null, code: 'connection_failed', detail: error.message, request_id: null, scan_id: null } };
    }
    throw error;
  }
}

function markerRows(scan: Scan): Record<string, unknown>[] {
  return Object.entries(scan.markers).map(([marker, result]) => ({ marker, score: result.score, severity: result.severity }));
}

function describeOne(outcome: ScanOutcome): string {
  if (!outcome.ok || !outcome.scan) {
    const error = outcome.error!;
    return [`${outcome.file}: ${error.code}: ${error.detail}`, ...(error.scan_id ? [`scan ${error.scan_id}`] : []), ...(error.request_id ? [`request ${error.request_id}`] : [])].join('\n');
  }
  const { scan } = outcome;
  return [`${outcome.file}: ${scan.scan_id}, skin score ${scan.skin_score}`, '', table(markerRows(scan), ['marker', 'score', 'severity'])].join('\n');
}

function summary(outcomes: ScanOutcome[]): string {
  const rows = outcomes.map((o) => ({
    file: o.file,
    result: o.ok ? 'completed' : o.error!.code,
    skin_score: o.scan?.skin_score ?? '',
    scan_id: o.scan?.scan_id ?? o.error?.scan_id ?? '',
    markers: o.ok && o.scan ? Object.entries(o.scan.markers).map(([name, r]) => `${name} ${r.score}`).join(', ') : o.error!.detail.slice(0, 60),
  }));
  const failed = outcomes.filter((o) => !o.ok).length;
  return [table(rows, ['file', 'result', 'skin_score', 'scan_id', 'markers']), '', `${outcomes.length} files: ${outcomes.length - failed} completed, ${failed} failed`].join('\n');
}

/** Runs `work` over `items` with at most `concurrency` at a time; results in input order. */
async function mapPool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** `[########········] 5/12  1 failed` */
export function renderProgress(done: number, total: number, failed: number, width = 24): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${failed ? `  ${failed} failed` : ''}`;
}

class ProgressBar {
  private doneCount = 0;
  private failedCount = 0;
  private readonly tty = process.stderr.isTTY === true;

  constructor(private readonly total: number) {
    this.draw();
  }

  tick(ok: boolean): void {
    this.doneCount++;
    if (!ok) this.failedCount++;
    this.draw();
  }

  done(): void {
    if (this.tty) process.stderr.write('\n');
  }

  private draw(): void {
    const line = renderProgress(this.doneCount, this.total, this.failedCount);
    process.stderr.write(this.tty ? `\r${line}` : `${line}\n`);
  }
}
