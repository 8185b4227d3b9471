/**
 * The examples of the OpenAPI document, captured from the real local stack: every operation's usual answer and
 * every documented error code, driven by the document itself (scenarios in ./examples/scenarios.ts), normalised
 * (./examples/normalise.ts) and compared with the committed functions/api/openapi/examples.json. A difference
 * fails: the API's answers changed, so the reference would show something untrue. After a deliberate change:
 *
 *   UPDATE_EXAMPLES=1 npx vitest run test/openapi/examples-capture.test.ts && npm run build:openapi
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { ScanAnalyzer } from '../../functions/analysis/analyzer';
import { createApp } from '../../functions/api/app';
import { buildApiDeps } from '../../functions/runtime/build-api-deps';
import type { ApiEnv } from '../../functions/api/deps';
import { openApiDocument } from '../../functions/api/openapi/document';
import type { CapturedExamples } from '../../functions/api/openapi/examples';
import { createDocumentClient, createS3Client } from '../../functions/adapters/aws/clients';
import type { Config } from '../../functions/kernel/config';
import { createStores } from '../../functions/adapters/aws/stores';
import type { Scope } from '../../functions/keys/scopes';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { ContractValidator, contractFetch } from './contract';
import { automaticCall, CRASHING_MARKERS, ERRORS, NOT_CAPTURED, SUCCESS, type Call, type Fixtures, type Scenario } from './examples/scenarios';
import { Normaliser } from './examples/normalise';

const EXAMPLES_FILE = fileURLToPath(new URL('../../functions/api/openapi/examples.json', import.meta.url));

/** The stack's clock, movable by the scenarios that need time to pass (upload expiry). */
const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
let stack: TestStack;
let broken: Hono<ApiEnv>;
let stuck: Hono<ApiEnv>;
const validator = new ContractValidator();
const checkedFetch = contractFetch(validator);

/** Throws on the markers that ask for `analysis_failed`, like an analysis that crashes on every attempt. */
const crashing = (analyzer: ScanAnalyzer): ScanAnalyzer => ({
  model: analyzer.model,
  analyze: async (image, markers) => {
    if ([...markers].sort().join(',') === CRASHING_MARKERS) throw new Error('injected: the analysis crashed');
    return analyzer.analyze(image, markers);
  },
});

beforeAll(async () => {
  // Short job visibility so that three failed attempts fit in the API's 10 s wait.
  stack = await startTestStack({ wrapAnalyzer: crashing, scanVisibilitySeconds: 2, clock });
  const unreachable: Config = { ...stack.config, DYNAMODB_ENDPOINT: 'http://127.0.0.1:1' };
  const brokenDb = createDocumentClient(unreachable);
  // Its 500s are the point: they are not logged as the stack's errors would be.
  const level = process.env.LOG_LEVEL;
  process.env.LOG_LEVEL = 'SILENT';
  broken = createApp(
    buildApiDeps(unreachable, { stores: createStores(unreachable, brokenDb, createS3Client(unreachable)), db: brokenDb, scanQueue: stack.scanQueue, events: stack.events }),
  );
  process.env.LOG_LEVEL = level;
  // A container that never finishes its work (a hung or crashed process): its idempotency claims stay in progress.
  const never = () => new Promise<never>(() => undefined);
  stuck = createApp(buildApiDeps(stack.config, { stores: stack.stores, db: createDocumentClient(stack.config), scanQueue: { send: never }, events: { publish: never }, clock: stack.clock }));
});
afterAll(async () => {
  await stack?.close();
});

function requestInit(call: Call, key: string): RequestInit {
  const headers: Record<string, string> = { ...(call.key === null ? {} : bearer(call.key ?? key)), ...call.headers };
  return { method: call.method, headers, body: call.body };
}

async function send(call: Call, key: string): Promise<Response> {
  const url = `${stack.apiUrl}${call.path}`;
  if (call.via === 'broken') return broken.request(url, requestInit(call, key));
  if (call.via === 'stuck') return stuck.request(url, requestInit(call, key));
  return checkedFetch(url, requestInit(call, key));
}

async function fixtures(): Promise<Fixtures> {
  const key = stack.key;
  const base: Omit<Fixtures, 'scanId' | 'routineId' | 'userId'> = {
    key,
    send: (call) => send(call, key),
    newScan: async (userId = 'user-43') => {
      const form = scanForm({ image: await faceJpeg('frontal'), markers: 'acne', user_id: userId });
      return (await (await send({ method: 'POST', path: '/v1/scans', body: form }, key)).json()).scan_id;
    },
    keyWith: async (scopes: Scope[]) => (await stack.newKey({ scopes })).key,
    spentKey: async () => {
      const { key: limited } = await stack.newKey({ accountId: await stack.newAccount('enterprise', 1) });
      await (await send({ method: 'GET', path: '/v1/markers' }, limited)).arrayBuffer();
      return limited;
    },
    shiftClock: (ms) => {
      clock.offsetMs = ms;
    },
    startStuck: (call) => {
      void send({ ...call, via: 'stuck' }, key).catch(() => undefined);
    },
  };
  const scan = await (await send(await SUCCESS.createScan![0]!.call(base as Fixtures), key)).json();
  const routine = await (await send(await SUCCESS.createRoutine![0]!.call({ ...base, scanId: scan.scan_id } as Fixtures), key)).json();
  return { ...base, scanId: scan.scan_id, routineId: routine.routine_id, userId: 'user-42' };
}

interface Planned {
  operationId: string;
  status: number;
  /** The example's name: the scenario's, or the error code. */
  name: string;
  summary: string;
  json: boolean;
  exclusive: boolean;
  call: () => Promise<Call>;
}

/** Every response the document promises, with the call that provokes it; throws naming what has no scenario. */
function plan(f: Fixtures): Planned[] {
  const planned: Planned[] = [];
  const missing: string[] = [];
  for (const methods of Object.values(openApiDocument().paths)) {
    for (const operation of Object.values(methods) as Record<string, unknown>[]) {
      const operationId = operation.operationId as string;
      const scope = (operation['x-required-scope'] as string | undefined) ?? undefined;
      const successes = SUCCESS[operationId] ?? [];
      if (successes.length === 0) missing.push(`${operationId}: no SUCCESS scenario`);
      const usual = successes[0];
      for (const [status, response] of Object.entries(operation.responses as Record<string, { content?: Record<string, { schema: unknown }> }>)) {
        const content = response.content ?? {};
        const problem = content['application/problem+json'];
        if (!problem) {
          const json = 'application/json' in content;
          const scenarios = successes.filter((s) => String(s.status) === status);
          if (scenarios.length === 0 && Number(status) !== 304 && !NOT_CAPTURED[`${operationId} ${status}`]) missing.push(`${operationId} ${status}: no SUCCESS scenario`);
          for (const scenario of scenarios) planned.push(entry(operationId, scenario, json && !NOT_CAPTURED[`${operationId} ${status}`], () => scenario.call(f)));
          continue;
        }
        const codes = (((problem.schema as { allOf: { properties?: { code?: { enum?: string[] } } }[] }).allOf[1]!.properties!.code!.enum) ?? []) as string[];
        for (const code of codes) {
          if (NOT_CAPTURED[`${operationId} ${code}`]) continue;
          const specific = ERRORS[`${operationId} ${code}`];
          const summary = specific?.summary ?? AUTOMATIC_SUMMARIES[code];
          if (specific) {
            planned.push(entry(operationId, specific, true, () => specific.call(f)));
          } else if (usual && summary && code in AUTOMATIC_SUMMARIES) {
            planned.push({
              operationId,
              status: Number(status),
              name: code,
              summary,
              json: true,
              exclusive: false,
              call: async () => (await automaticCall(code, await usual.call(f), scope, f))!,
            });
          } else {
            missing.push(`${operationId} ${code}: no ERRORS scenario`);
          }
        }
      }
    }
  }
  if (missing.length) throw new Error(`documented responses without a scenario in test/openapi/examples/scenarios.ts:\n${missing.join('\n')}`);
  return planned;
}

const AUTOMATIC_SUMMARIES: Record<string, string> = {
  unauthenticated: 'No `Authorization` header',
  invalid_api_key: 'A key that does not exist',
  insufficient_scope: "A key without the operation's scope",
  rate_limited: 'Over the account\'s requests per minute',
  internal_error: 'The database cannot be reached',
  method_not_allowed: 'A method the path does not support',
};

function entry(operationId: string, scenario: Scenario, json: boolean, call: () => Promise<Call>): Planned {
  return { operationId, status: scenario.status, name: scenario.name, summary: scenario.summary, json, exclusive: scenario.exclusive === true, call };
}

/** Runs `work` over `items`, at most `concurrency` at a time; results in input order. */
async function inPool<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

describe('the examples of the OpenAPI document', () => {
  it(
    'when every documented response is provoked on the local stack, then each has its status and code, and the normalised bodies equal examples.json',
    async () => {
      const f = await fixtures();
      const planned = plan(f);
      const answer = async (p: Planned) => {
        const response = await send(await p.call(), f.key);
        const text = await response.text();
        return { status: response.status, body: p.json && text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
      };
      // Successes one after another (lists and scores must not see a concurrent write), then the errors, which
      // change nothing a success shows, four at a time (the 30-second waits of the idempotency conflicts overlap
      // the rest). Normalising happens afterwards in plan order, so ids do not depend on which answer came first.
      const answers = new Map<Planned, Awaited<ReturnType<typeof answer>>>();
      for (const p of planned.filter((q) => q.status < 400)) answers.set(p, await answer(p));
      const errors = planned.filter((q) => q.status >= 400 && !q.exclusive);
      (await inPool(errors, 4, answer)).forEach((a, i) => answers.set(errors[i]!, a));
      for (const p of planned.filter((q) => q.exclusive)) {
        answers.set(p, await answer(p));
        clock.offsetMs = 0;
      }

      const wrong: string[] = [];
      const normaliser = new Normaliser(stack.apiUrl);
      const captured: CapturedExamples = {};
      planned.forEach((p) => {
        const answer = answers.get(p)!;
        const isError = p.status >= 400;
        if (answer.status !== p.status || (isError && answer.body?.code !== p.name)) {
          wrong.push(`${p.operationId} ${p.name}: expected ${p.status}${isError ? ` ${p.name}` : ''}, got ${answer.status} ${JSON.stringify(answer.body ?? '').slice(0, 200)}`);
        }
        if (!p.json || answer.body === undefined) return;
        ((captured[p.operationId] ??= {})[String(p.status)] ??= {})[p.name] = { summary: p.summary, value: normaliser.example(answer.body) };
      });
      expect(wrong).toEqual([]);
      expect(validator.failures()).toEqual([]);

      if (process.env.UPDATE_EXAMPLES) {
        await writeFile(EXAMPLES_FILE, `${JSON.stringify(captured, null, 2)}\n`);
        return;
      }
      const committed = JSON.parse(await readFile(EXAMPLES_FILE, 'utf8'));
      expect(captured, 'the API answers differently from functions/api/openapi/examples.json (see the header of this file)').toEqual(committed);
    },
    400_000,
  );
});
