/**
 * Contract fuzzing (issue 14): schemathesis (PyPI, installed into .venv by scripts/python-env.sh) generates
 * requests for every operation of the OpenAPI document the running local stack serves, valid and invalid, with a
 * fixed seed and a bounded number of examples per operation, and checks every response: no 5xx, status codes,
 * content types, headers and bodies as documented, invalid input refused, 405 with Allow for undocumented methods,
 * and stateful sequences (create, read, delete) through the document's links.
 *
 * Left out on purpose: `positive_data_acceptance` (a schema-valid request must be accepted). Some rules cannot be
 * written in JSON Schema: an image must be a decodable photo, a cursor must carry our signature, a routine takes
 * scan_id or markers but not both. Those requests are rightly refused with a documented 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestStack, type TestStack } from '../helpers/stack';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCHEMATHESIS = join(ROOT, '.venv/bin/st');
const SEED = 1414;
/** Which statuses count as refusing schema-violating data (the documented 4xx, 413 included). */
const CONFIG = join(ROOT, 'test/fuzz/schemathesis.toml');
const EXAMPLES_PER_OPERATION = 40;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

let stack: TestStack;
let workDir: string;

beforeAll(async () => {
  if (!existsSync(SCHEMATHESIS)) throw new Error('schemathesis is missing: run `bash scripts/python-env.sh` (npm test does)');
  stack = await startTestStack();
  workDir = await mkdtemp(join(tmpdir(), 'schemathesis-'));
});
afterAll(async () => {
  await stack?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('schemathesis against the local stack', () => {
  it('when every operation of the document is fuzzed (fixed seed, bounded), then 0 server errors and 0 contract violations', async () => {
    const served = (await (await fetch(`${stack.apiUrl}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    // Every operation but the document itself (schemathesis does not fuzz the schema it reads).
    const operations = Object.entries(served.paths)
      .flatMap(([path, item]) => Object.keys(item).filter((k) => HTTP_METHODS.includes(k)).map((method) => `${method.toUpperCase()} ${path}`))
      .filter((operation) => operation !== 'GET /v1/openapi.json')
      .sort();
    expect(operations.length).toBeGreaterThanOrEqual(11);
    const junit = join(workDir, 'junit.xml');
    const { code, output } = await run(SCHEMATHESIS, [
      '--config-file', CONFIG,
      'run', `${stack.apiUrl}/v1/openapi.json`,
      '--header', `Authorization: Bearer ${stack.key}`,
      '--checks', 'all',
      '--exclude-checks', 'positive_data_acceptance',
      '--phases', 'examples,coverage,fuzzing,stateful',
      '--seed', String(SEED),
      '--max-examples', String(EXAMPLES_PER_OPERATION),
      '--generation-database', 'none',
      '--workers', '1',
      '--request-timeout', '30',
      '--no-color',
      '--report', 'junit', '--report-junit-path', junit,
    ]);
    expect(output).toMatch(/Seed: 1414/);
    const report = await readFile(junit, 'utf8');
    const tested = [...report.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(tested, output.slice(-3000)).toEqual([...operations, 'Stateful tests'].sort());
    const failures = [...report.matchAll(/<failure[^>]*message="([^"]*)"/g)].map((m) => m[1]);
    expect(failures, output.slice(-6000)).toEqual([]);
    expect(code, output.slice(-6000)).toBe(0);
    // The server is still up after all of it.
    expect((await fetch(`${stack.apiUrl}/v1/markers`, { headers: { Authorization: `Bearer ${stack.key}` } })).status).toBe(200);
  }, 240_000);
});

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: workDir, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 200_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}\n${stderr}` });
    });
  });
}
