import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startTestStack, storageEnv, type TestStack } from '../helpers/stack';
import { bearer } from '../helpers/http';

// Ten seconds into a window: the whole test runs inside one window of the injected clock.
const clock = { t: Date.parse('2031-03-04T05:06:10Z'), now() { return this.t; } };
let stack: TestStack;
let child: ChildProcess;
let childUrl: string;

beforeAll(async () => {
  stack = await startTestStack({ clock });
  child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../helpers/api-process.ts', import.meta.url))], {
    env: {
      ...process.env,
      ...storageEnv(stack),
      NOW_MS: String(clock.t),
      LOG_LEVEL: 'ERROR',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  childUrl = JSON.parse(line).url;
});
afterAll(async () => {
  child?.kill();
  await stack?.close();
});

const list = (base: string, key: string) => fetch(`${base}/v1/scans?limit=1`, { headers: bearer(key) });

describe('rate limits', () => {
  it('when 80 requests race from two processes with a Business key, then exactly 60 pass and 20 get 429 with all four headers', async () => {
    const accountId = await stack.newAccount('business');
    const { key } = await stack.newKey({ accountId });
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) => list(i % 2 === 0 ? stack.apiUrl : childUrl, key)),
    );
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(ok.length).toBe(60);
    expect(limited.length).toBe(20);

    const remaining = ok.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (const response of ok) {
      expect(response.headers.get('ratelimit-limit')).toBe('60');
      // draft-ietf-httpapi-ratelimit-headers: the policy, and the state agreeing with the deprecated fields.
      expect(response.headers.get('ratelimit-policy')).toBe('"default";q=60;w=60');
      expect(response.headers.get('ratelimit')).toBe(`"default";r=${response.headers.get('ratelimit-remaining')};t=50`);
    }
    const problem = await limited[0].json();
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
    for (const response of limited) {
      expect(response.headers.get('ratelimit-limit')).toBe('60');
      expect(response.headers.get('ratelimit-remaining')).toBe('0');
      expect(response.headers.get('ratelimit-reset')).toBe('50');
      expect(response.headers.get('retry-after')).toBe('50');
      expect(response.headers.get('ratelimit-policy')).toBe('"default";q=60;w=60');
      expect(response.headers.get('ratelimit')).toBe('"default";r=0;t=50');
    }

    // The same account's live budget is its own; test keys are spent.
    const live = await stack.newKey({ accountId, environment: 'live' });
    expect((await list(stack.apiUrl, live.key)).status).toBe(200);
    expect((await list(stack.apiUrl, key)).status).toBe(429);
  });

  it('when the next window starts, then requests are admitted again', async () => {
    const accountId = await stack.newAccount('sandbox');
    const { key } = await stack.newKey({ accountId });
    const first = await Promise.all(Array.from({ length: 31 }, () => list(stack.apiUrl, key)));
    expect(first.filter((r) => r.status === 200).length).toBe(30);
    clock.t += 60_000;
    const next = await list(stack.apiUrl, key);
    expect(next.status).toBe(200);
    expect(next.headers.get('ratelimit-remaining')).toBe('29');
    clock.t -= 60_000;
  });

  it('when an Enterprise account has a limit of 200, then 200 are admitted and the 201st is refused', async () => {
    const accountId = await stack.newAccount('enterprise', 200);
    const { key } = await stack.newKey({ accountId });
    const responses = await Promise.all(Array.from({ length: 201 }, (_, i) => list(i % 2 ? stack.apiUrl : childUrl, key)));
    expect(responses.filter((r) => r.status === 200).length).toBe(200);
    expect(responses.filter((r) => r.status === 429).length).toBe(1);
  });
});
