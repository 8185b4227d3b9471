/** `skin scan IMAGE...`: the real command (bin/skin.mjs) against a local stack, using the TypeScript client. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderProgress, type ScanOutcome } from '../../cli/commands/scan';
import { startTestStack, type TestStack } from '../helpers/stack';
import { faceJpeg, gradientJpeg } from '../helpers/images';
import { runSkin } from '../webhooks/helpers/cli';

let stack: TestStack;
let files: string;
let frontal: string;
let tilted: string;
let noFace: string;

beforeAll(async () => {
  stack = await startTestStack();
  files = await mkdtemp(join(tmpdir(), 'skin-scan-cli-'));
  frontal = join(files, 'frontal.jpg');
  tilted = join(files, 'tilted.jpg');
  noFace = join(files, 'gradient.jpg');
  await writeFile(frontal, await faceJpeg('frontal'));
  await writeFile(tilted, await faceJpeg('tilted'));
  await writeFile(noFace, await gradientJpeg());
});
afterAll(async () => {
  await rm(files, { recursive: true, force: true });
  await stack?.close();
});

describe('skin scan', () => {
  it('when three photos are scanned with --json and one has no face, then the JSON lists each outcome and the exit code is 1', async () => {
    const result = await runSkin(['scan', frontal, tilted, noFace, '--markers', 'acne,redness', '--user', 'cli-user', '--json', '--key', stack.key], stack.dataDir);
    expect(result.code).toBe(1);
    const outcomes = JSON.parse(result.stdout) as ScanOutcome[];
    expect(outcomes.map((o) => [o.file, o.ok])).toEqual([[frontal, true], [tilted, true], [noFace, false]]);
    for (const outcome of outcomes.slice(0, 2)) {
      expect(outcome.scan).toMatchObject({ status: 'completed', user_id: 'cli-user' });
      expect(Object.keys(outcome.scan!.markers)).toEqual(['acne', 'redness']);
    }
    expect(outcomes[2]!.error).toEqual({ status: 422, code: 'no_face', detail: expect.any(String), request_id: expect.stringMatching(/^req_/), scan_id: expect.stringMatching(/^scan_/) });
    expect(result.stderr).toBe('');
  });

  it('when one photo is scanned with the local sandbox key file, then the scan id, skin score and a marker table are printed, exit 0', async () => {
    await writeFile(join(stack.dataDir, 'sandbox-key'), `${stack.key}\n`, { mode: 0o600 });
    try {
      const result = await runSkin(['scan', frontal, '--markers', 'acne,hydration'], stack.dataDir, { SKIN_API_KEY: '' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const [headline, , header, ...rows] = result.stdout.trimEnd().split('\n');
      expect(headline).toMatch(new RegExp(`^${frontal.replace(/[.]/g, '\\.')}: scan_[0-9A-Z]{26}, skin score \\d+$`));
      expect(header).toMatch(/^marker\s+score\s+severity$/);
      expect(rows.map((row) => row.split(/\s+/)[0])).toEqual(['acne', 'hydration']);
    } finally {
      await rm(join(stack.dataDir, 'sandbox-key'), { force: true });
    }
  });

  it('when many photos are scanned against SKIN_API_URL with --progress, then a progress bar goes to stderr and a summary table to stdout', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'skin-no-stack-'));
    try {
      const result = await runSkin(['scan', frontal, tilted, '--progress', '--concurrency', '1'], elsewhere, { SKIN_API_URL: stack.apiUrl, SKIN_API_KEY: stack.key });
      expect(result.code).toBe(0);
      expect(result.stderr.trimEnd().split('\n')).toEqual([renderProgress(0, 2, 0), renderProgress(1, 2, 0), renderProgress(2, 2, 0)]);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^file\s+result\s+skin_score\s+scan_id\s+markers$/);
      expect(lines[1]).toMatch(new RegExp(`^${frontal.replace(/[.]/g, '\\.')}\\s+completed\\s+\\d+\\s+scan_`));
      expect(lines.at(-1)).toBe('2 files: 2 completed, 0 failed');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('when a marker is unknown or a file is missing, then each file says why and the exit code is 1', async () => {
    const result = await runSkin(['scan', frontal, join(files, 'missing.jpg'), '--markers', 'freckles', '--json'], stack.dataDir, { SKIN_API_KEY: stack.key });
    expect(result.code).toBe(1);
    const outcomes = JSON.parse(result.stdout) as ScanOutcome[];
    expect(outcomes.map((o) => o.error?.code)).toEqual(['unknown_marker', 'file_unreadable']);
  });

  it('when no stack runs and no SKIN_API_URL is set, then the command says how to start one, exit 1', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'skin-no-stack-'));
    try {
      const result = await runSkin(['scan', frontal], elsewhere, { SKIN_API_URL: '', SKIN_API_KEY: '' });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('No local stack is running');
      expect(result.stdout).toBe('');
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('when the progress bar is drawn, then it fills in proportion and counts failures', () => {
    expect(renderProgress(0, 4, 0, 8)).toBe('[........] 0/4');
    expect(renderProgress(2, 4, 1, 8)).toBe('[####....] 2/4  1 failed');
    expect(renderProgress(4, 4, 0, 8)).toBe('[########] 4/4');
  });
});
