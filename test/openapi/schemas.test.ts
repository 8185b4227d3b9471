/**
 * The zod schemas behind the document: their types are the modules' types, real outputs of the modules fit the
 * document, and the request schemas the handlers now parse with answer exactly as the hand-written parsers did.
 */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { toApiError } from '../../functions/api/problem';
import { DomainError } from '../../functions/kernel/errors';
import { MARKER_NAMES } from '../../functions/analysis/skin/markers';
import { parseMarkers } from '../../functions/scans/markers-param';
import { parseUserId } from '../../functions/scans/user-id';
import { analyzeIngredients, type IngredientAnalysis } from '../../functions/ingredients/contract';
import { validateIngredientAnalysisRequest } from '../helpers/validate-request';
import { generateRoutine } from '../../functions/routines/engine';
import type { Routine } from '../../functions/routines/routine';
import type { Scan } from '../../functions/scans/scan';
import type { UserScore } from '../../functions/scores/user-score';
import { routineGeneratedEvent, scanFinishedEvent, scoreUpdatedEvent, type RoutineGeneratedPayload, type ScanCompletedPayload, type ScanFailedPayload, type ScoreUpdatedPayload } from '../../functions/webhooks/events';
import { newId } from '../../functions/kernel/ids';
import type { ScanRecord } from '../../functions/scans/scan';
import { parseInput } from '../../functions/api/schemas/parse-input';
import { markersFieldSchema, overlayQuerySchema, scanCreateFormSchema, scanListQuerySchema } from '../../functions/api/schemas/scan-requests';
import { userPathSchema } from '../../functions/api/schemas/path-params';
import { INVALID_CURSOR_MESSAGE } from '../../functions/kernel/page-cursor';
import type { scanSchema } from '../../functions/api/schemas/scan';
import type { userScoreSchema } from '../../functions/api/schemas/user-score';
import { ingredientAnalysisSchema } from '../../functions/api/schemas/ingredient-analysis';
import type { routineSchema } from '../../functions/api/schemas/routine';
import type { routineGeneratedEventSchema, scanCompletedEventSchema, scanFailedEventSchema, scoreUpdatedEventSchema } from '../../functions/api/schemas/webhook-events';
import { LABELS } from '../ingredients/labels';
import { ContractValidator } from './contract';

const validator = new ContractValidator();

/** The outcome of a parser as a comparable value: the result, or the error's code, detail and errors. */
function outcome(parse: () => unknown): unknown {
  try {
    return { ok: parse() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // As the client sees it: through the edge's one mapping.
    const answered = toApiError(error);
    return { code: answered.code, status: answered.status, detail: answered.detail, errors: answered.errors };
  }
}

describe('schema types', () => {
  it('when the zod output types are compared with the modules\' types, then they are the same (checked by tsc)', () => {
    expectTypeOf<z.output<typeof scanSchema>>().toEqualTypeOf<Scan>();
    expectTypeOf<z.output<typeof userScoreSchema>>().toEqualTypeOf<UserScore>();
    expectTypeOf<z.output<typeof ingredientAnalysisSchema>>().toEqualTypeOf<IngredientAnalysis>();
    expectTypeOf<Routine>().toExtend<z.output<typeof routineSchema>>();
    expectTypeOf<z.output<typeof scanCompletedEventSchema>>().toEqualTypeOf<ScanCompletedPayload>();
    expectTypeOf<z.output<typeof scanFailedEventSchema>>().toEqualTypeOf<ScanFailedPayload>();
    expectTypeOf<z.output<typeof routineGeneratedEventSchema>>().toEqualTypeOf<RoutineGeneratedPayload>();
    expectTypeOf<z.output<typeof scoreUpdatedEventSchema>>().toEqualTypeOf<ScoreUpdatedPayload>();
  });
});

describe('real outputs against the document', () => {
  const labels = Object.values(LABELS);

  it('when every test label is analysed (alone, with markers, and as products), then each analysis validates against IngredientAnalysis', () => {
    const requests = [
      ...labels.map((label) => ({ ingredients: label.text })),
      ...labels.map((label) => ({ ingredients: label.text, markers: [...MARKER_NAMES] })),
      { ingredients: labels[0]!.text, products: labels.slice(1, 8).map((label) => ({ name: label.name, ingredients: label.text })) },
      { ingredients: ['Aqua', 'Glyceryn', 'Totally Unknown Extract', 'Retinol', 'Glycolic Acid'], markers: 'acne,redness' },
    ];
    for (const request of requests) {
      const parsed = validateIngredientAnalysisRequest(request);
      if (!parsed.success) throw new Error(JSON.stringify(parsed.errors));
      const analysis = analyzeIngredients(parsed.data, { markerSeverities: { acne: 'high', redness: 'moderate' } });
      const json = JSON.parse(JSON.stringify(analysis));
      expect(validator.validateSchema('IngredientAnalysis', json)).toEqual([]);
      // Nothing the module answers is unknown to the zod schema (zod would strip it).
      expect(ingredientAnalysisSchema.parse(json)).toEqual(json);
    }
  });

  it('when routines are generated from several marker sets, profiles and products, then each routine validates against Routine', () => {
    const inputs = [
      { markers: { acne: { score: 28, severity: 'high' as const }, hydration: { score: 55, severity: 'moderate' as const } }, profile: { skin_type: 'combination' as const } },
      { markers: { pigmentation: { score: 35, severity: 'high' as const }, wrinkles: { score: 45, severity: 'moderate' as const } }, profile: { sensitive: true, pregnant_or_breastfeeding: true } },
      {
        markers: { redness: { score: 30, severity: 'high' as const }, pores: { score: 60, severity: 'moderate' as const } },
        products: labels.slice(0, 6).map((label) => ({ name: label.name, ingredients: label.text })),
      },
    ];
    for (const input of inputs) {
      const routine: Routine = {
        routine_id: newId('rtn'),
        scan_id: null,
        user_id: 'user-42',
        created_at: new Date().toISOString(),
        markers: input.markers,
        profile: input.profile ?? {},
        ...generateRoutine(input),
      };
      expect(validator.validateSchema('Routine', JSON.parse(JSON.stringify(routine)))).toEqual([]);
    }
  });

  it('when the event factories build each event, then each payload validates against its webhook schema', () => {
    const scan: ScanRecord = {
      scan_id: newId('scan'), status: 'completed', user_id: 'user-42', skin_score: 71, markers: { acne: { score: 80, severity: 'low' } },
      created_at: '2026-01-01T00:00:00.000Z', completed_at: '2026-01-01T00:00:01.000Z', model: { name: 'skin', version: 'skin-v1.0.0' },
      image: { width: 600, height: 600, format: 'jpeg' }, face: null, quality: null, error: null,
      account_id: 'acct_x', environment: 'test', requested_markers: ['acne'], image_key: 'k',
    };
    const failed: ScanRecord = { ...scan, status: 'failed', skin_score: null, markers: {}, user_id: null, error: { code: 'no_face', message: 'No face.' } };
    const events = [
      ['ScanCompletedEvent', scanFinishedEvent(scan)!.payload],
      ['ScanFailedEvent', scanFinishedEvent(failed)!.payload],
      ['RoutineGeneratedEvent', routineGeneratedEvent({ routine_id: newId('rtn'), scan_id: scan.scan_id, user_id: null, created_at: scan.created_at }).payload],
      ['ScoreUpdatedEvent', scoreUpdatedEvent({ user_id: 'user-42', skin_score: 70, previous_skin_score: null, scan_id: scan.scan_id, updated_at: scan.created_at }).payload],
    ] as const;
    for (const [schema, payload] of events) expect(validator.validateSchema(schema, payload), schema).toEqual([]);
    expect(validator.validateSchema('ScanCompletedEvent', { ...events[0][1], skin_score: 'high' })).not.toEqual([]);
  });
});

describe('request schemas the handlers parse with', () => {
  const form = (fields: Record<string, unknown>) => () => parseInput(scanCreateFormSchema, { image: { bytes: Buffer.alloc(1), truncated: false, filename: 'a', mimeType: 'x' }, ...fields });

  it('when any markers field is parsed, then the schema answers exactly like the previous parser (value, or code, detail and errors)', () => {
    const markerish = fc.oneof(
      fc.string(),
      fc.array(fc.oneof(fc.constantFrom(...MARKER_NAMES, 'ACNE', ' Hydration ', 'freckles', '', ' '), fc.string({ maxLength: 50 })), { maxLength: 6 }).map((parts) => parts.join(',')),
    );
    fc.assert(
      fc.property(fc.option(markerish, { nil: undefined }), (raw) => {
        const now = outcome(() => form({ markers: raw })().markers);
        const before = outcome(() => parseMarkers(raw));
        expect(now).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it('when any user_id is parsed (form field, query or path), then the schema answers exactly like the previous parser', () => {
    const idish = fc.oneof(fc.string({ maxLength: 140 }), fc.stringMatching(/^[A-Za-z0-9_.:@-]{1,130}$/), fc.constant(''));
    fc.assert(
      fc.property(idish, (raw) => {
        const before = outcome(() => parseUserId(raw));
        expect(outcome(() => form({ user_id: raw })().user_id ?? null)).toEqual(before);
        expect(outcome(() => parseInput(scanListQuerySchema, { user_id: raw }).user_id ?? null)).toEqual(before);
        if (raw !== '') expect(outcome(() => parseInput(userPathSchema, { user_id: raw }).user_id)).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    [{}, { ok: { limit: 20 } }],
    [{ limit: '7' }, { ok: { limit: 7 } }],
    [{ limit: ' 5 ' }, { ok: { limit: 5 } }],
    [{ limit: '0' }, { invalid: 'limit', message: 'expected an integer from 1 to 100, received "0"' }],
    [{ limit: 'abc' }, { invalid: 'limit', message: 'expected an integer from 1 to 100, received "abc"' }],
    [{ limit: '1.5' }, { invalid: 'limit', message: 'expected an integer from 1 to 100, received "1.5"' }],
    [{ limit: '101' }, { invalid: 'limit', message: 'expected an integer from 1 to 100, received "101"' }],
  ])('when the scan list query is %j, then %j', (query, expected) => {
    const result = outcome(() => {
      const { limit } = parseInput(scanListQuerySchema, query);
      return { limit };
    });
    if ('ok' in expected) expect(result).toEqual(expected);
    else {
      expect(result).toEqual({
        code: 'invalid_request',
        status: 400,
        detail: `${expected.invalid}: ${expected.message}`,
        errors: [{ param: expected.invalid, message: expected.message }],
      });
    }
  });

  it('when several query parameters are invalid, then every one is in errors, in the schema\'s order, and the detail names the first and counts the rest', () => {
    expect(outcome(() => parseInput(scanListQuerySchema, { limit: 'x', user_id: 'a b', cursor: '!' }))).toEqual({
      code: 'invalid_request',
      status: 400,
      detail: 'limit: expected an integer from 1 to 100, received "x" (and 2 more problems: see errors)',
      errors: [
        { param: 'limit', message: 'expected an integer from 1 to 100, received "x"' },
        { param: 'user_id', message: 'expected 1 to 128 characters of letters, digits and _ . : @ -, received "a b"' },
        { param: 'cursor', message: INVALID_CURSOR_MESSAGE },
      ],
    });
  });

  it('when the overlay marker is not one the scan analysed, then the message names the analysed ones and what was received', () => {
    const schema = overlayQuerySchema(['acne', 'redness']);
    expect(outcome(() => parseInput(schema, { marker: 'redness' }))).toEqual({ ok: { marker: 'redness', style: 'regions', aligned: 'crop', legend: false } });
    expect(outcome(() => parseInput(schema, {}))).toEqual({ ok: { style: 'regions', aligned: 'crop', legend: false } });
    expect(outcome(() => parseInput(schema, { style: 'heatmap', aligned: 'original', width: '640', legend: 'true' }))).toEqual({
      ok: { style: 'heatmap', aligned: 'original', width: 640, legend: true },
    });
    expect(outcome(() => parseInput(schema, { marker: 'wrinkles' }))).toEqual({
      code: 'invalid_request',
      status: 400,
      detail: 'marker: expected one of the markers this scan analysed (acne, redness), received "wrinkles"',
      errors: [{ param: 'marker', message: 'expected one of the markers this scan analysed (acne, redness), received "wrinkles"' }],
    });
  });

  it('when the image part is missing or cut off, then the answers are the 400 and the 413 the route gave before', () => {
    expect(outcome(() => parseInput(scanCreateFormSchema, { markers: 'acne' }))).toEqual({
      code: 'invalid_request', status: 400, detail: 'image: a file field named "image" is required.', errors: [{ param: 'image', message: 'required' }],
    });
    expect(outcome(() => parseInput(scanCreateFormSchema, { image: { bytes: Buffer.alloc(0), truncated: true, filename: '', mimeType: '' }, markers: 'freckles' }))).toMatchObject({
      code: 'payload_too_large', status: 413, errors: [{ param: 'image', message: 'larger than 5242880 bytes' }],
    });
    expect(markersFieldSchema.parse(undefined)).toEqual([...MARKER_NAMES]);
  });
});

describe('the contract validator itself', () => {
  const ok = {
    'content-type': 'application/json',
    'request-id': 'req_1',
    'ratelimit-policy': '"default";q=60;w=60',
    ratelimit: '"default";r=59;t=30',
    'ratelimit-limit': '60',
    'ratelimit-remaining': '59',
    'ratelimit-reset': '30',
  };
  const body = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const check = (status: number, headers: Record<string, string>, value: unknown, url = '/v1/markers') =>
    validator.check({ method: 'GET', url, status, headers: new Headers(headers), body: body(value) }).problems;

  it('when a response breaks the document (body, header, status, content type, path), then the validator reports it', () => {
    expect(check(200, ok, { data: [] })).toEqual([]);
    expect(check(200, ok, { data: [{ name: 'freckles' }] })[0]).toMatch(/^body: /);
    const { 'ratelimit-limit': _dropped, ...missing } = ok;
    expect(check(200, missing, { data: [] })).toEqual(['header RateLimit-Limit is required but missing']);
    expect(check(418, ok, { data: [] })).toEqual(['status 418 is not documented for listMarkers']);
    expect(check(200, { ...ok, 'content-type': 'text/html' }, { data: [] })[0]).toMatch(/^content type "text\/html"/);
    expect(check(200, ok, {}, '/v1/nowhere')).toEqual(['GET /v1/nowhere is not in the document']);
    expect(check(404, { ...ok, 'content-type': 'application/problem+json' }, { type: 'x', title: 't', status: 404, detail: 'd', code: 'no_face', request_id: 'r', errors: [] }, '/v1/scans/scan_01JD000000000000000000000Z')[0]).toMatch(/^body: /);
  });
});
