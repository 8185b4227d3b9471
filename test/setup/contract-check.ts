/**
 * Every API response any test receives through `fetch` is checked against the OpenAPI document (status, headers,
 * body), so the end-to-end suites double as contract tests: a file fails when one of its responses drifted.
 */
import { afterAll, expect } from 'vitest';
import type { ContractValidator } from '../openapi/contract';

// The contract and client suites check their responses themselves (and count them); they are left alone here.
const testPath = expect.getState().testPath ?? '';
const checksItself = /test\/(openapi|client)\//.test(testPath);
// The core's tests (test/core) call no HTTP API: they skip building the document and its validators.
const callsNoApi = /test\/core\//.test(testPath);

if (!callsNoApi) {
  const plainFetch = globalThis.fetch;
  // Built on the first API call, not at file start: the many files that never call the API (models, analysis,
  // CDK, pure logic) then skip building the document and compiling its schemas, seconds each.
  let contract: Promise<{ validator: ContractValidator; checkedFetch: typeof fetch }> | undefined;
  const contractChecks = () =>
    (contract ??= import('../openapi/contract').then(({ ContractValidator, contractFetch }) => {
      const validator = new ContractValidator();
      return { validator, checkedFetch: contractFetch(validator, plainFetch) };
    }));

  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'object' && 'url' in input ? input.url : String(input));
    const isApi = (url.hostname === '127.0.0.1' || url.hostname === 'localhost') && url.pathname.startsWith('/v1/');
    return isApi && !checksItself ? (await contractChecks()).checkedFetch(input, init) : plainFetch(input, init);
  };

  afterAll(async () => {
    globalThis.fetch = plainFetch;
    // No API call in this file: nothing was checked, nothing can have drifted.
    const validator = contract === undefined ? undefined : (await contract).validator;
    if (process.env.CONTRACT_DEBUG) console.log(`contract-checked ${validator?.checked.length ?? 0} responses in ${testPath}`);
    const failures = (validator?.failures() ?? []).map((f) => `${f.method.toUpperCase()} ${f.path} → ${f.status}: ${f.problems.join('; ')}`);
    expect(failures, 'responses that do not match docs/openapi.json').toEqual([]);
  });
}
