/**
 * docs/skin-api.http, the request collection generated from the OpenAPI document: the committed file equals what
 * the generator makes of the document (run `npm run build:openapi` after a change), and every request in it, sent
 * as the file says (variables set, the sample portrait included), is answered with a 2xx by the local stack.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/api/openapi/document';
import { httpCollection } from '../../functions/api/openapi/http-collection';
import { HTTP_COLLECTION_FILE } from '../../functions/api/openapi/write-document';
import { ensureSamplePortrait } from '../../local/sample-portrait';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';

let stack: TestStack;
let folder: string;

beforeAll(async () => {
  stack = await startTestStack();
  folder = await mkdtemp(join(tmpdir(), 'skin-http-'));
});
afterAll(async () => {
  await stack?.close();
  await rm(folder, { recursive: true, force: true });
});

interface ParsedRequest {
  name: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** A small reader of the `.http` format as the generator writes it: variables, `###` blocks, `< file` includes. */
async function parse(file: string, values: Record<string, string>): Promise<ParsedRequest[]> {
  const text = await readFile(file, 'utf8');
  const [head, ...blocks] = text.split(/^### .*$/m);
  const variables: Record<string, string> = {};
  for (const match of head!.matchAll(/^@(\w+) = (.*)$/gm)) variables[match[1]!] = values[match[1]!] ?? match[2]!;
  const expand = (line: string) => line.replace(/\{\{(\w+)\}\}/g, (_, name: string) => variables[name] ?? `{{${name}}}`);
  const requests: ParsedRequest[] = [];
  for (const block of blocks) {
    const lines = block.replace(/^\n/, '').replace(/\n+$/, '').split('\n');
    const name = lines.shift()!.replace('# @name ', '');
    const [method, url] = expand(lines.shift()!).split(' ') as [string, string];
    const headers: Record<string, string> = {};
    while (lines.length && lines[0] !== '') {
      const line = expand(lines.shift()!);
      headers[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1).trim();
    }
    lines.shift();
    let body: Buffer | undefined;
    if (lines.length) {
      const parts: Buffer[] = [];
      for (const line of lines) {
        parts.push(line.startsWith('< ') ? await readFile(resolve(dirname(file), line.slice(2))) : Buffer.from(expand(line)));
        parts.push(Buffer.from(headers['Content-Type']?.startsWith('multipart/') ? '\r\n' : '\n'));
      }
      body = Buffer.concat(parts);
    }
    requests.push({ name, method, url, headers, body });
  }
  return requests;
}

async function completedScan(userId?: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', headers: bearer(stack.key), body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne', user_id: userId }) });
  return (await response.json()).scan_id;
}

describe('the .http collection', () => {
  it('when the collection is generated from the document, then it equals docs/skin-api.http (run `npm run build:openapi` after a change)', async () => {
    expect(await readFile(HTTP_COLLECTION_FILE, 'utf8')).toBe(httpCollection(openApiDocument()));
  });

  it('when every request of the file is sent as written (variables set), then each is answered with a 2xx', async () => {
    // The layout the file expects: docs/skin-api.http next to .data/sample-face.jpg (what `npm start` writes).
    await mkdir(join(folder, 'docs'), { recursive: true });
    await mkdir(join(folder, '.data'), { recursive: true });
    await ensureSamplePortrait(join(folder, '.data'));
    const file = join(folder, 'docs', 'skin-api.http');
    await writeFile(file, await readFile(HTTP_COLLECTION_FILE));

    const scored = await completedScan('user-42');
    for (let i = 0; i < 200 && (await fetch(`${stack.apiUrl}/v1/users/user-42/score`, { headers: bearer(stack.key) })).status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const routine = await (
      await fetch(`${stack.apiUrl}/v1/routines`, { method: 'POST', headers: bearer(stack.key, { 'Content-Type': 'application/json' }), body: JSON.stringify({ scan_id: scored }) })
    ).json();

    const answered: string[] = [];
    const names = (await parse(file, {})).map((r) => r.name);
    for (const name of names) {
      // A fresh scan for each request that names one, so that the delete does not take it from the next.
      const values = { baseUrl: stack.apiUrl, apiKey: stack.key, scan_id: await completedScan(), routine_id: routine.routine_id, user_id: 'user-42' };
      const request = (await parse(file, values)).find((r) => r.name === name)!;
      const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body ? new Uint8Array(request.body) : undefined });
      await response.arrayBuffer();
      answered.push(`${name} ${response.status}`);
    }
    expect(names.length).toBe(Object.values(openApiDocument().paths).flatMap((methods) => Object.keys(methods)).length);
    expect(answered.filter((line) => !/ 2\d\d$/.test(line))).toEqual([]);
  });
});
