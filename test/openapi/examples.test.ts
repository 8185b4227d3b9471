/**
 * The examples in the OpenAPI document (captured by examples-capture.test.ts): each validates against the schema
 * of its own media type, every JSON response and every documented error code has one, and the completed-scan
 * example of POST /v1/scans is what a completed scan looks like.
 */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../functions/api/openapi/document';
import { ContractValidator } from './contract';
import { NOT_CAPTURED } from './examples/scenarios';

type MediaType = { schema: unknown; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = { operationId: string; responses: Record<string, { content?: Record<string, MediaType> }>; requestBody?: { content: Record<string, MediaType> } };

const document = openApiDocument();
const validator = new ContractValidator(document);
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every media type of the document with its JSON pointer. */
function mediaTypes(): { where: string; pointer: string; operationId: string; status: string; mediaType: MediaType }[] {
  const found = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods) as [string, Operation][]) {
      const base = `/paths/${escape(path)}/${method}`;
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const [type, mediaType] of Object.entries(response.content ?? {})) {
          found.push({ where: `${operation.operationId} ${status} ${type}`, pointer: `${base}/responses/${status}/content/${escape(type)}/schema`, operationId: operation.operationId, status, mediaType });
        }
      }
      for (const [type, mediaType] of Object.entries(operation.requestBody?.content ?? {})) {
        if (type === 'application/json') {
          found.push({ where: `${operation.operationId} request ${type}`, pointer: `${base}/requestBody/content/${escape(type)}/schema`, operationId: operation.operationId, status: 'request', mediaType });
        }
      }
    }
  }
  return found;
}

describe('the examples of the OpenAPI document', () => {
  it('when each example is validated against the schema of its own media type, then every one is valid', () => {
    const invalid: string[] = [];
    let count = 0;
    for (const { where, pointer, mediaType } of mediaTypes()) {
      const validate = validator.validatorFor(pointer);
      const values = [...(mediaType.example !== undefined ? [['example', mediaType.example] as const] : []), ...Object.entries(mediaType.examples ?? {}).map(([name, e]) => [name, e.value] as const)];
      for (const [name, value] of values) {
        count++;
        if (!validate(value)) invalid.push(`${where} ${name}: ${JSON.stringify(validate.errors?.slice(0, 2))}`);
      }
    }
    expect(invalid).toEqual([]);
    expect(count).toBeGreaterThan(100);
  });

  it('when the document is read, then every JSON response and every documented error code has an example', () => {
    const missing: string[] = [];
    for (const { where, operationId, status, mediaType } of mediaTypes()) {
      // Images have no examples; NOT_CAPTURED says why the others are left out.
      if (status === 'request' || where.endsWith('image/png') || NOT_CAPTURED[`${operationId} ${status}`]) continue;
      const names = Object.keys(mediaType.examples ?? {});
      const codes = ((mediaType.schema as { allOf?: { properties?: { code?: { enum?: string[] } } }[] }).allOf?.[1]?.properties?.code?.enum ?? []).filter(
        (code) => !NOT_CAPTURED[`${operationId} ${code}`],
      );
      if (codes.length === 0 && (mediaType.schema as { allOf?: unknown }).allOf) continue;
      if (codes.length) {
        for (const code of codes) if (!names.includes(code)) missing.push(`${where} ${code}`);
      } else if (names.length === 0) {
        missing.push(where);
      }
    }
    expect(missing).toEqual([]);
  });

  it('when the 201 of POST /v1/scans is read, then its example is a completed scan with real markers, a quality object and no error', () => {
    const created = (document.paths['/v1/scans']!.post as unknown as Operation).responses['201']!.content!['application/json']!.examples!;
    const scan = Object.values(created)[0]!.value as Record<string, unknown>;
    expect(scan).toMatchObject({ status: 'completed', error: null, skin_score: expect.any(Number) });
    expect(Object.keys(scan.markers as object)).toEqual(['acne', 'hydration']);
    const quality = scan.quality as Record<string, { value: number; threshold: number; passed: boolean }>;
    expect(Object.keys(quality)).toEqual(expect.arrayContaining(['face_count', 'yaw', 'sharpness']));
    expect(Object.values(quality).every((check) => check.passed === true && typeof check.value === 'number')).toBe(true);
    const unprocessable = (document.paths['/v1/scans']!.post as unknown as Operation).responses['422']!.content!['application/problem+json']!.examples!;
    expect(unprocessable.blurry!.value).toMatchObject({ title: 'Image too blurry', code: 'blurry', status: 422, scan_id: expect.stringMatching(/^scan_/) });
  });
});
