/**
 * Contract tests: every operation of the document called against a real local stack, with successes and errors,
 * and every response (status, headers, body) checked against the document by Ajv (test/openapi/contract.ts).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../functions/keys/scopes';
import { DOCUMENT_FILE } from '../../functions/api/openapi/write-document';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg, gradientJpeg, onePixelPng, oversizedFile } from '../helpers/images';
import { waitUntil } from '../webhooks/helpers/endpoints';
import { ContractValidator, contractFetch } from './contract';

let stack: TestStack;
let frontal: Buffer;
const validator = new ContractValidator();
const call = contractFetch(validator);

beforeAll(async () => {
  stack = await startTestStack();
  frontal = await faceJpeg('frontal');
});
afterAll(() => stack?.close());

type Init = { key?: string | null; body?: BodyInit; headers?: Record<string, string> };

function request(method: string, path: string, init: Init = {}): Promise<Response> {
  const key = init.key === undefined ? stack.key : init.key;
  return call(`${stack.apiUrl}${path}`, {
    method,
    body: init.body,
    headers: { ...(key === null ? {} : bearer(key)), ...init.headers },
  });
}

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'Content-Type': 'application/json' } });

function expectNoViolations(): void {
  const failures = validator.failures();
  expect(failures, JSON.stringify(failures, null, 2)).toEqual([]);
}

describe('every response against the OpenAPI document', () => {
  it('when the scan operations answer successes and errors, then each response matches the document', async () => {
    const created = await request('POST', '/v1/scans', { body: scanForm({ image: frontal, markers: 'acne,redness', user_id: 'contract-user' }), headers: { 'Idempotency-Key': 'contract-1' } });
    expect(created.status).toBe(201);
    const scan = await created.json();
    expect((await request('POST', '/v1/scans', { body: scanForm({ image: frontal, markers: 'acne,redness', user_id: 'contract-user' }), headers: { 'Idempotency-Key': 'contract-1' } })).headers.get('idempotent-replayed')).toBe('true');
    expect((await request('POST', '/v1/scans', { body: scanForm({ image: frontal, markers: 'acne' }), headers: { 'Idempotency-Key': 'contract-1' } })).status).toBe(422); // idempotency_key_reused: the same key, another request
    expect((await request('POST', '/v1/scans', { body: scanForm({ image: frontal, markers: 'acne' }), headers: { Prefer: 'respond-async' } })).status).toBe(202);
    expect((await request('POST', '/v1/scans', { body: scanForm({ image: await gradientJpeg() }) })).status).toBe(422);
    expect((await request('POST', '/v1/scans', { body: scanForm({ image: await onePixelPng(), contentType: 'image/png' }) })).status).toBe(422);
    expect((await request('POST', '/v1/scans', { body: scanForm({ image: frontal, markers: 'freckles' }) })).status).toBe(400);
    expect((await request('POST', '/v1/scans', { body: scanForm({ markers: 'acne' }) })).status).toBe(400);
    expect((await request('POST', '/v1/scans', { body: scanForm({ image: oversizedFile(6 * 1024 * 1024) }) })).status).toBe(413);
    expect((await request('POST', '/v1/scans', json({ image: 'x' }))).status).toBe(400);
    expect((await request('POST', '/v1/scans', json({ upload_id: 'upl_01JD000000000000000000000Z' }))).status).toBe(404);
    expect((await request('POST', '/v1/scans', { body: 'x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);

    expect((await request('GET', '/v1/scans?limit=1')).status).toBe(200);
    expect((await request('GET', '/v1/scans?user_id=contract-user&limit=100')).status).toBe(200);
    expect((await request('GET', '/v1/scans?limit=0')).status).toBe(400);
    expect((await request('GET', `/v1/scans/${scan.scan_id}`)).status).toBe(200);
    expect((await request('GET', '/v1/scans/scan_01JD000000000000000000000Z')).status).toBe(404);
    const overlay = await request('GET', `/v1/scans/${scan.scan_id}/overlay?marker=redness`);
    expect(overlay.status).toBe(200);
    expect(overlay.headers.get('content-type')).toBe('image/png');
    expect((await request('GET', `/v1/scans/${scan.scan_id}/overlay?marker=wrinkles`)).status).toBe(400);
    expect((await request('GET', '/v1/scans/nope/overlay')).status).toBe(404);

    const doomed = await (await request('POST', '/v1/scans', { body: scanForm({ image: frontal, markers: 'acne' }) })).json();
    expect((await request('DELETE', `/v1/scans/${doomed.scan_id}`)).status).toBe(204);
    expect((await request('DELETE', `/v1/scans/${doomed.scan_id}`)).status).toBe(404);
    expectNoViolations();
  });

  it('when the markers, ingredients, routines and users operations answer, then each response matches the document', async () => {
    expect((await request('GET', '/v1/markers')).status).toBe(200);

    expect((await request('POST', '/v1/ingredients/analyze', json({ ingredients: 'Aqua, Glycerin, Niacinamide, Salicylic Acid, Parfum', markers: ['acne'] }))).status).toBe(200);
    expect(
      (await request('POST', '/v1/ingredients/analyze', json({ ingredients: ['Aqua', 'Retinol'], products: [{ name: 'Toner', ingredients: 'Aqua, Glycolic Acid' }] }))).status,
    ).toBe(200);
    expect((await request('POST', '/v1/ingredients/analyze', json({ ingredients: 42 }))).status).toBe(400);
    expect((await request('POST', '/v1/ingredients/analyze', json({ ingredients: 'Aqua', scan_id: 'scan_01JD000000000000000000000Z' }))).status).toBe(404);
    expect((await request('POST', '/v1/ingredients/analyze', { body: 'Aqua', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);

    const scan = await (await request('POST', '/v1/scans', { body: scanForm({ image: frontal, user_id: 'contract-routine' }) })).json();
    const routine = await request('POST', '/v1/routines', { ...json({ scan_id: scan.scan_id, profile: { skin_type: 'dry' } }), headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'contract-rtn' } });
    expect(routine.status).toBe(201);
    const { routine_id } = await routine.json();
    const fromMarkers = await request('POST', '/v1/routines', json({ markers: { acne: { score: 31 }, hydration: { score: 52 } }, products: [{ name: 'BHA 2% Liquid', ingredients: 'Aqua, Salicylic Acid 2%' }] }));
    expect(fromMarkers.status).toBe(201);
    expect((await request('GET', `/v1/routines/${routine_id}`)).status).toBe(200);
    expect((await request('GET', '/v1/routines/rtn_01JD000000000000000000000Z')).status).toBe(404);
    expect((await request('POST', '/v1/routines', json({ profile: {} }))).status).toBe(400);
    expect((await request('POST', '/v1/routines', json({ scan_id: 'scan_01JD000000000000000000000Z' }))).status).toBe(404);

    const score = await waitUntil(() => request('GET', '/v1/users/contract-routine/score'), (r) => r.status === 200);
    expect(score.status).toBe(200);
    expect((await request('GET', '/v1/users/nobody-here/score')).status).toBe(404);
    expect((await request('GET', '/v1/users/bad%20id/score')).status).toBe(400);
    expect((await request('DELETE', '/v1/users/contract-routine')).status).toBe(204);
    expect((await request('DELETE', '/v1/users/bad%20id')).status).toBe(400);
    expectNoViolations();
  });

  it('when the app operations answer (client tokens, uploads), then each response matches the document', async () => {
    expect((await request('POST', '/v1/client_tokens', json({ user_id: 'contract-app' }))).status).toBe(201);
    expect((await request('POST', '/v1/client_tokens', json({ user_id: 'contract-app', expires_in: 5 }))).status).toBe(400);
    expect((await request('POST', '/v1/uploads', json({ content_type: 'image/png' }))).status).toBe(201);
    expect((await request('POST', '/v1/uploads', json({ content_type: 'application/pdf' }))).status).toBe(400);
    expectNoViolations();
  });

  it('when keys are missing, unknown, short of a scope or over their limit, then the 401, 403 and 429 responses match the document', async () => {
    expect((await request('GET', '/v1/scans', { key: null })).status).toBe(401);
    expect((await request('POST', '/v1/routines', { key: `sk_test_${'x'.repeat(43)}`, ...json({ markers: {} }) })).status).toBe(401);
    const { key: noWrite } = await stack.newKey({ scopes: SCOPES.filter((s) => s !== 'scans:write') });
    expect((await request('POST', '/v1/scans', { key: noWrite, body: scanForm({ image: frontal }) })).status).toBe(403);
    const { key: readOnly } = await stack.newKey({ scopes: ['scans:read'] });
    expect((await request('DELETE', '/v1/users/someone', { key: readOnly })).status).toBe(403);
    expect((await request('POST', '/v1/routines', { key: readOnly, ...json({ markers: { acne: { score: 40 } } }) })).status).toBe(403);

    const tiny = await stack.newAccount('enterprise', 2);
    const { key } = await stack.newKey({ accountId: tiny });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await request('GET', '/v1/markers', { key })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await request('POST', '/v1/ingredients/analyze', { key, ...json({ ingredients: 'Aqua' }) })).status).toBe(429);
    expectNoViolations();
  });

  it('when the document is fetched without a key, then it is the committed docs/openapi.json naming this server', async () => {
    const response = await request('GET', '/v1/openapi.json', { key: null });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit-limit')).toBeNull();
    const served = await response.json();
    const committed = JSON.parse(await readFile(DOCUMENT_FILE, 'utf8'));
    expect(served.servers).toEqual([{ url: stack.apiUrl, description: 'This server' }]);
    expect({ ...served, servers: committed.servers }).toEqual(committed);
    expectNoViolations();
  });

  it('when every test above has run, then every operation was seen answering a success and an error, all matching', () => {
    const seen = new Map<string, Set<number>>();
    for (const checked of validator.checked) {
      if (!checked.operationId) continue;
      seen.set(checked.operationId, (seen.get(checked.operationId) ?? new Set()).add(checked.status));
    }
    const operations = Object.values(validator.document.paths).flatMap((methods) => Object.values(methods).map((o) => String(o.operationId)));
    const coverage = operations.map((id) => {
      const statuses = [...(seen.get(id) ?? [])].sort();
      return { id, success: statuses.some((s) => s < 300), error: statuses.some((s) => s >= 400) || id === 'getOpenApiDocument', statuses };
    });
    expect(coverage.filter((c) => !c.success || !c.error)).toEqual([]);
    expect(validator.checked.length).toBeGreaterThanOrEqual(45);
    expectNoViolations();
  });
});
