/**
 * One validation path for every route (functions/api/mount-routes.ts): a request with several invalid inputs gets
 * one 400 whose `errors` names each of them (path, query, headers, form fields, JSON body), the detail naming the first and
 * counting the rest; the declared scope is checked before any input, and a malformed id is still a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../helpers/stack';
import { bearer } from '../helpers/http';
import { MARKER_NAMES } from '../../functions/analysis/skin/markers';
import { INVALID_CURSOR_MESSAGE } from '../../functions/kernel/page-cursor';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack?.close());

const USER_ID_MESSAGE = 'expected 1 to 128 characters of letters, digits and _ . : @ -, received "a b"';

function invalid(response: Response, detail: string, errors: { param: string; message: string }[]) {
  return {
    type: `${stack.apiUrl}/docs#section/Errors/invalid_request`,
    title: 'Invalid request',
    status: 400,
    detail,
    code: 'invalid_request',
    request_id: response.headers.get('request-id'),
    errors,
  };
}

function postJson(path: string, body: unknown, key = stack.key): Promise<Response> {
  return fetch(`${stack.apiUrl}${path}`, { method: 'POST', headers: bearer(key, { 'Content-Type': 'application/json' }), body: JSON.stringify(body) });
}

describe('every invalid input of a request is reported', () => {
  it('when three query parameters of GET /v1/scans are invalid, then one 400 lists all three in the schema\'s order', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/scans?limit=0&user_id=a%20b&cursor=x`, { headers: bearer(stack.key) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      invalid(response, 'limit: expected an integer from 1 to 100, received "0" (and 2 more problems: see errors)', [
        { param: 'limit', message: 'expected an integer from 1 to 100, received "0"' },
        { param: 'user_id', message: USER_ID_MESSAGE },
        { param: 'cursor', message: INVALID_CURSOR_MESSAGE },
      ]),
    );
  });

  it('when the form of POST /v1/scans has no image, a list of commas and a bad user_id, then all three are named and nothing is stored', async () => {
    const form = new FormData();
    form.set('markers', ',,,');
    form.set('user_id', 'a b');
    const response = await fetch(`${stack.apiUrl}/v1/scans`, { method: 'POST', headers: bearer(stack.key), body: form });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      invalid(response, 'image: a file field named "image" is required (and 2 more problems: see errors).', [
        { param: 'image', message: 'required' },
        { param: 'markers', message: `names no marker; expected any of ${MARKER_NAMES.join(', ')}` },
        { param: 'user_id', message: USER_ID_MESSAGE },
      ]),
    );
    const list = await (await fetch(`${stack.apiUrl}/v1/scans`, { headers: bearer(stack.key) })).json();
    expect(list.data).toEqual([]);
  });

  it('when the overlay query has a bad style, alignment and width, then all three are named', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/scans/scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E/overlay?style=x&aligned=y&width=0`, { headers: bearer(stack.key) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      invalid(response, 'style: expected one of regions, heatmap, spots, received "x" (and 2 more problems: see errors)', [
        { param: 'style', message: 'expected one of regions, heatmap, spots, received "x"' },
        { param: 'aligned', message: 'expected one of crop, original, received "y"' },
        { param: 'width', message: 'expected a whole number of pixels, received "0"' },
      ]),
    );
  });

  it('when a routine request has three invalid fields, then each is named with its own message', async () => {
    const response = await postJson('/v1/routines', { markers: { acne: { score: 101 } }, profile: { skin_type: 'waxy' }, user_id: 'a b' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      invalid(response, 'markers.acne.score must be an integer from 0 to 100 (received number 101) (and 2 more problems: see errors)', [
        { param: 'markers.acne.score', message: 'markers.acne.score must be an integer from 0 to 100 (received number 101)' },
        { param: 'user_id', message: 'user_id must be 1-128 characters of A-Z, a-z, 0-9, _ . : @ - (received "a b")' },
        { param: 'profile.skin_type', message: 'profile.skin_type must be one of dry, oily, combination, normal (received "waxy")' },
      ]),
    );
  });

  it('when a routine request has a bad Idempotency-Key and an invalid body, then both are named, the header first', async () => {
    const response = await fetch(`${stack.apiUrl}/v1/routines`, {
      method: 'POST',
      headers: bearer(stack.key, { 'Content-Type': 'application/json', 'Idempotency-Key': 'two words' }),
      body: JSON.stringify({ markers: { acne: { score: -1 } } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      invalid(response, 'Idempotency-Key: expected 1 to 255 visible ASCII characters (and 1 more problem: see errors)', [
        { param: 'Idempotency-Key', message: 'expected 1 to 255 visible ASCII characters' },
        { param: 'markers.acne.score', message: 'markers.acne.score must be an integer from 0 to 100 (received number -1)' },
      ]),
    );
  });

  it('when an ingredient request has three invalid fields, then each is named', async () => {
    const response = await postJson('/v1/ingredients/analyze', { ingredients: 42, markers: ['nope'], scan_id: 'x' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      invalid(response, 'ingredients must be a string or an array of strings (received number 42) (and 2 more problems: see errors)', [
        { param: 'ingredients', message: 'ingredients must be a string or an array of strings (received number 42)' },
        { param: 'markers[0]', message: `markers must be among ${MARKER_NAMES.join(', ')} (received "nope")` },
        { param: 'scan_id', message: 'scan_id must look like scan_... (received "x")' },
      ]),
    );
  });

  it('when a client-token request has a bad user, scope and lifetime, then all three are named', async () => {
    const response = await postJson('/v1/client_tokens', { user_id: 'a b', scopes: ['nope'], expires_in: 1 });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.detail).toBe(`user_id: ${USER_ID_MESSAGE} (and 2 more problems: see errors)`);
    expect(body.errors.map((e: { param: string }) => e.param)).toEqual(['user_id', 'scopes[0]', 'expires_in']);
  });
});

describe('what comes before the inputs', () => {
  it('when a key without the route\'s scope sends invalid input, then the answer is the 403, not the 400', async () => {
    const { key } = await stack.newKey({ scopes: ['scans:read'] });
    const response = await postJson('/v1/routines', { markers: 'nope' }, key);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'insufficient_scope', errors: [{ param: 'Authorization', message: 'requires scope routines:write' }] });
  });

  it('when a malformed scan id comes with an invalid query, then 404: the id names nothing, so its query is never looked at', async () => {
    const malformed = await fetch(`${stack.apiUrl}/v1/scans/not-a-scan/overlay?style=x`, { headers: bearer(stack.key) });
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toMatchObject({ code: 'not_found', detail: expect.stringContaining('Scan not-a-scan') });
  });
});
