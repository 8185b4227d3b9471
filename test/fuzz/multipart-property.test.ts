/**
 * Property (issue 14): whatever multipart body arrives (cut anywhere, aborted mid-stream, a boundary that does not
 * match or is missing, huge part headers, garbage, too many parts), POST /v1/scans answers a 4xx problem (or, for
 * a client that went away, nothing) and the server keeps answering: a later request works and the scan stored
 * before is intact. fast-check shrinks any counterexample to a minimal body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer, scanForm } from '../helpers/http';
import { faceJpeg, onePixelPng } from '../helpers/images';
import { abortMidUpload, BOUNDARY, multipartBody, type Part } from '../helpers/multipart-body';
import { rawRequest } from '../helpers/raw-http';

let stack: TestStack;
let earlier: Record<string, unknown>;
let tinyPng: Buffer;

beforeAll(async () => {
  stack = await startTestStack();
  tinyPng = await onePixelPng();
  const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', body: scanForm({ image: await faceJpeg('frontal'), markers: 'acne' }), headers: bearer(stack.key) });
  earlier = await response.json();
  expect(earlier.status).toBe('completed');
});
afterAll(() => stack?.close());

/** A form whose image can never pass (1x1 PNG or random bytes), so even an intact body is a 4xx. */
const partsArbitrary = fc.array(
  fc.oneof(
    fc.record({ name: fc.constant('markers'), value: fc.constantFrom('acne', ',,,', 'freckles', '') }),
    fc.record({ name: fc.constant('user_id'), value: fc.string({ maxLength: 40 }) }),
    fc.record({
      name: fc.constant('image'),
      value: fc.oneof(fc.constant('png'), fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes).toString('latin1'))),
      filename: fc.constant('face.png'),
      contentType: fc.constantFrom('image/png', 'application/octet-stream'),
    }),
    fc.record({ name: fc.string({ minLength: 1, maxLength: 12 }).filter((n) => !/["\r\n]/.test(n)), value: fc.string({ maxLength: 64 }) }),
  ),
  { minLength: 0, maxLength: 5 },
);

type Mutation =
  | { kind: 'intact' }
  | { kind: 'cut'; at: number }
  | { kind: 'wrong-boundary' }
  | { kind: 'no-boundary' }
  | { kind: 'huge-part-header'; bytes: number }
  | { kind: 'garbage'; bytes: Uint8Array }
  | { kind: 'aborted'; at: number; chunked: boolean };

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant({ kind: 'intact' as const }),
  fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 0.999, noNaN: true }) }),
  fc.constant({ kind: 'wrong-boundary' as const }),
  fc.constant({ kind: 'no-boundary' as const }),
  fc.record({ kind: fc.constant('huge-part-header' as const), bytes: fc.integer({ min: 1_000, max: 300_000 }) }),
  fc.record({ kind: fc.constant('garbage' as const), bytes: fc.uint8Array({ maxLength: 4096 }) }),
  fc.record({ kind: fc.constant('aborted' as const), at: fc.double({ min: 0, max: 0.9, noNaN: true }), chunked: fc.boolean() }),
);

function build(parts: Part[], mutation: Mutation): { contentType: string; body: Buffer } {
  const realParts = parts.map((part) => (part.name === 'image' && part.value === 'png' ? { ...part, value: tinyPng } : part));
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  const body = multipartBody(realParts);
  switch (mutation.kind) {
    case 'cut':
      // Anywhere before the closing boundary is complete.
      return { contentType, body: body.subarray(0, Math.floor(mutation.at * (body.length - 4))) };
    case 'wrong-boundary':
      return { contentType: 'multipart/form-data; boundary=not-the-one-used', body };
    case 'no-boundary':
      return { contentType: 'multipart/form-data', body };
    case 'huge-part-header':
      return { contentType, body: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nX-Pad: ${'a'.repeat(mutation.bytes)}\r\n`), body.subarray(BOUNDARY.length + 4)]) };
    case 'garbage':
      return { contentType, body: Buffer.from(mutation.bytes) };
    default:
      return { contentType, body };
  }
}

describe('any multipart body', () => {
  it('when POST /v1/scans gets it, then a 4xx problem (or nothing, for a client that left) and the server keeps answering', async () => {
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(partsArbitrary, mutationArbitrary, async (parts, mutation) => {
        const { contentType, body } = build(parts, mutation);
        const headers = bearer(stack.key, { 'Content-Type': contentType });
        if (mutation.kind === 'aborted') {
          await abortMidUpload({ url: `${stack.apiUrl}/v1/scans`, headers, body, sendBytes: Math.floor(mutation.at * body.length), chunked: mutation.chunked, pauseMs: 20 });
        } else {
          const response = await rawRequest('POST', `${stack.apiUrl}/v1/scans`, headers, body);
          seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
          expect(response.status, response.body).toBeGreaterThanOrEqual(400);
          expect(response.status, response.body).toBeLessThan(500);
          expect(response.headers['content-type']).toBe('application/problem+json');
          expect(response.body, `an empty ${response.status} body, headers ${JSON.stringify(response.headers)}`).not.toBe('');
          expect(JSON.parse(response.body)).toMatchObject({ status: response.status, errors: expect.any(Array) });
        }
        let after = await rawRequest('GET', `${stack.apiUrl}/v1/scans/${earlier.scan_id}`, bearer(stack.key));
        if (after.status === 200 && after.body === '') {
          // Seen twice under heavy CI load and not reproduced since: a 200 whose body arrived empty. Say so loudly
          // (with the headers) for whoever chases it, and read once more: what is asserted is that the scan is intact.
          console.warn('empty 200 body for the earlier scan after', mutation.kind, JSON.stringify(after.headers));
          after = await rawRequest('GET', `${stack.apiUrl}/v1/scans/${earlier.scan_id}`, bearer(stack.key));
        }
        expect(after.status).toBe(200);
        expect(JSON.parse(after.body)).toEqual(earlier);
      }),
      { numRuns: 150, seed: 1414 },
    );
    // The generator reaches the different refusals, not one of them over and over.
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining([400, 415, 422]));
  }, 240_000);
});
