/**
 * Every API response any test receives through `fetch` is checked against the OpenAPI document (status, headers,
 * body), so the end-to-end suites double as contract tests: a file fails when one of its responses drifted.
 */
import { afterAll, expect } from 'vitest';

// The contract and client suites check their responses themselves (and count them); they are left alone here.
const testPath = expect.getState().testPath ?? '';
const checksItself = /test\/(openapi|client)\//.test(testPath);
// The core's tests (test/core) call no HTTP API: they skip building the document and its validators.
const callsNoApi = /test\/core\//.test(testPath);

if (!callsNoApi) {
  const { ContractValidator, contractFetch } = await import('../openapi/contract');
  const validator = new ContractValidator();
  const plainFetch = globalThis.fetch;
  const checkedFetch = contractFetch(validator, plainFetch);

  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'object' && 'url' in input ? input.url : String(input));
    const isApi = (url.hostname === '127.0.0.1' || url.hostname === 'localhost') && url.pathname.startsWith('/v1/');
    return isApi && !checksItself ? checkedFetch(input, init) : plainFetch(input, init);
  };

  afterAll(() => {
    if (process.env.CONTRACT_DEBUG) console.log(`contract-checked ${validator.checked.length} responses in ${testPath}`);
    globalThis.fetch = plainFetch;
    const failures = validator.failures().map((f) => `${f.method.toUpperCase()} ${f.path} → ${f.status}: ${f.problems.join('; ')}`);
    expect(failures, 'responses that do not match docs/openapi.json').toEqual([]);
  });
}
