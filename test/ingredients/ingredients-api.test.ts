import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg } from '../helpers/images';
import { LABELS } from './labels';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

/** In-process requests (no socket): the fuzz runs send hundreds. */
const analyze = (body: string, contentType = 'application/json', key = stack.key) =>
  stack.fetch(
    new Request(`${stack.apiUrl}/v1/ingredients/analyze`, { method: 'POST', body, headers: bearer(key, { 'Content-Type': contentType }) }),
  );

describe('POST /v1/ingredients/analyze', () => {
  it('when a real label is posted, then every ingredient comes back in order with its canonical name and flags', async () => {
    const response = await analyze(JSON.stringify({ ingredients: LABELS.fragranceCream.text, markers: ['acne'] }));
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.ingredients.map((i: { name: string | null }) => i.name)).toEqual(LABELS.fragranceCream.expected);
    const linalool = body.ingredients.find((i: { name: string }) => i.name === 'Linalool');
    expect(linalool.flags.eu_fragrance_allergen).toEqual({
      source: 'eu_2023_1545',
      labelling_threshold_percent: { leave_on: 0.001, rinse_off: 0.01 },
    });
    expect(body.suitability.map((s: { marker: string }) => s.marker)).toEqual(['acne']);
  });

  it('when products that clash are posted, then the conflict names both products', async () => {
    const response = await analyze(
      JSON.stringify({
        ingredients: 'Aqua, Glycerin',
        products: [
          { name: 'Night serum', ingredients: 'Aqua, Retinol, Squalane' },
          { name: 'Exfoliating toner', ingredients: 'Aqua, Glycolic Acid, Sodium Hydroxide' },
        ],
      }),
    );
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.product_conflicts).toEqual([
      expect.objectContaining({
        id: 'retinoid_with_aha',
        between: [['Retinol'], ['Glycolic Acid']],
        products: [{ index: 0, name: 'Night serum' }, { index: 1, name: 'Exfoliating toner' }],
      }),
    ]);
  });

  it('when a scan_id is given, then the scan must exist in the caller tenant (404 otherwise)', async () => {
    const scan = await (await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne,redness' }), headers: bearer(stack.key) })).json();
    const ok = await analyze(JSON.stringify({ ingredients: 'Aqua, Niacinamide, Salicylic Acid', scan_id: scan.scan_id }));
    expect(ok.status).toBe(200);
    const other = await stack.newKey({ accountId: await stack.newAccount('business') });
    const foreign = await analyze(JSON.stringify({ ingredients: 'Aqua', scan_id: scan.scan_id }), 'application/json', other.key);
    expect(foreign.status).toBe(404);
  });

  it.each(
    (
      [
        ['not JSON', '{"ingredients": ', 'application/json', 400, 'invalid_request', 'body'],
        ['an empty body', '', 'application/json', 400, 'invalid_request', 'body'],
        ['form data', 'ingredients=aqua', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type', 'Content-Type'],
        ['no ingredients field', '{"markers":["acne"]}', 'application/json', 400, 'invalid_request', 'ingredients'],
        ['an unknown marker', '{"ingredients":"Aqua","markers":["freckles"]}', 'application/json', 400, 'invalid_request', 'markers[0]'],
        ['a body over 64 KB', JSON.stringify({ ingredients: 'Aqua, '.repeat(12_000) }), 'application/json', 413, 'payload_too_large', 'body'],
        ['301 ingredients', JSON.stringify({ ingredients: Array.from({ length: 301 }, (_, i) => `Ingredient ${i}`) }), 'application/json', 400, 'invalid_request', 'ingredients'],
      ] as [string, string, string, number, string, string][]
    ).map(([name, body, contentType, status, code, param]) => ({ name, body, contentType, status, code, param })),
  )('when the body is $name, then $status $code naming $param', async ({ body, contentType, status, code, param }) => {
    const response = await analyze(body, contentType);
    const problem = await response.json();
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(problem.code).toBe(code);
    expect(problem.errors.map((e: { param: string }) => e.param)).toContain(param);
  });

  it('when any string up to 64 KB is posted as the list or as the raw body, then the answer is a 200 or a 4xx problem, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 2000 }), fc.string({ unit: 'binary', maxLength: 2000 }), fc.constantFrom('(((', ',,,', '[+/-]', 'May contain: CI', '\u0000')),
        fc.boolean(),
        async (text, raw) => {
          const response = await analyze(raw ? text : JSON.stringify({ ingredients: text }));
          expect(response.status === 200 || (response.status >= 400 && response.status < 500)).toBe(true);
          if (response.status !== 200) expect(response.headers.get('content-type')).toBe('application/problem+json');
          await response.arrayBuffer();
        },
      ),
      { numRuns: 150 },
    );
    const big = await analyze(JSON.stringify({ ingredients: 'x'.repeat(64 * 1024 - 20) }));
    expect([200, 400, 413]).toContain(big.status);
  });
});
