import { describe, expect, it } from 'vitest';
import { generateRoutine } from '../../functions/routines/engine/index';
import { validateRoutineRequest } from '../helpers/validate-request';

const MARKERS = 'acne, pigmentation, hydration, redness, wrinkles, pores, oiliness, dark_circles, texture, eye_bags, uniformness, radiance, age_spots, blackheads';
const errors = (body: unknown) => {
  const r = validateRoutineRequest(body);
  if (r.success) throw new Error(`accepted: ${JSON.stringify(r.data)}`);
  return r.errors;
};

describe('routine request (POST /v1/routines)', () => {
  it('when a full body with explicit markers is sent, then it is accepted, missing severities come from the score bands, and it feeds generateRoutine', () => {
    const body = {
      markers: { acne: { score: 39 }, redness: { score: 40 }, hydration: { score: 70 }, pores: { score: 90, severity: 'high' } },
      user_id: 'user@example.com',
      profile: { skin_type: 'oily', sensitive: true, pregnant_or_breastfeeding: false, preferences: { fragrance_free: true, steps: 'minimal' } },
      products: [{ name: ' Serum ', category: 'serum', ingredients: ['Aqua', 'Niacinamide'] }],
    };
    const result = validateRoutineRequest(body);

    expect(result).toStrictEqual({
      success: true,
      data: {
        // Catalogue order; an explicit severity is kept as sent.
        markers: {
          acne: { score: 39, severity: 'high' },
          hydration: { score: 70, severity: 'low' },
          redness: { score: 40, severity: 'moderate' },
          pores: { score: 90, severity: 'high' },
        },
        user_id: 'user@example.com',
        profile: body.profile,
        products: [{ name: 'Serum', category: 'serum', ingredients: ['Aqua', 'Niacinamide'] }],
      },
    });
    if (!result.success) return;
    const plan = generateRoutine({ markers: result.data.markers!, profile: result.data.profile, products: result.data.products });
    expect(plan.am.at(-1)!.step).toBe('protect');
  });

  it('when only a scan_id is sent, then it is accepted as is', () => {
    expect(validateRoutineRequest({ scan_id: 'scan_01J8Z3Q4X5Y6Z7A8B9C0D1E2F3' })).toStrictEqual({ success: true, data: { scan_id: 'scan_01J8Z3Q4X5Y6Z7A8B9C0D1E2F3' } });
  });

  it('when neither or both of scan_id and markers are sent, then the error says exactly one is required', () => {
    expect(errors({})).toStrictEqual([{ param: 'body', message: 'scan_id or markers is required (received neither)' }]);
    expect(errors({ scan_id: 'scan_1', markers: { acne: { score: 3 } } })).toStrictEqual([{ param: 'body', message: 'send either scan_id or markers, not both' }]);
  });

  it('when the body is not an object, then the error says what was received', () => {
    expect(errors('acne')).toStrictEqual([{ param: 'body', message: 'the body must be a JSON object with scan_id or markers (received "acne")' }]);
    expect(errors(null)).toStrictEqual([{ param: 'body', message: 'the body must be a JSON object with scan_id or markers (received null)' }]);
    expect(errors([])).toStrictEqual([{ param: 'body', message: 'the body must be a JSON object with scan_id or markers (received an array)' }]);
  });

  it('when an unknown top-level parameter or a malformed scan_id is sent, then both are named', () => {
    expect(errors({ scan_id: 's', marker: {} })).toStrictEqual([
      { param: 'scan_id', message: 'scan_id must look like scan_... (received "s")' },
      { param: 'body', message: 'unknown parameters: marker (expected scan_id, markers, user_id, profile, products)' },
    ]);
  });

  it('when a score is out of range, not an integer, not a number or missing, then the error names the marker score', () => {
    expect(errors({ markers: { acne: { score: 101 } } })).toStrictEqual([{ param: 'markers.acne.score', message: 'markers.acne.score must be an integer from 0 to 100 (received number 101)' }]);
    expect(errors({ markers: { acne: { score: 12.5 } } })).toStrictEqual([{ param: 'markers.acne.score', message: 'markers.acne.score must be an integer from 0 to 100 (received number 12.5)' }]);
    expect(errors({ markers: { acne: { score: -1 } } })).toStrictEqual([{ param: 'markers.acne.score', message: 'markers.acne.score must be an integer from 0 to 100 (received number -1)' }]);
    expect(errors({ markers: { acne: { score: '12' } } })).toStrictEqual([{ param: 'markers.acne.score', message: 'markers.acne.score must be a number (received "12")' }]);
    expect(errors({ markers: { acne: {} } })).toStrictEqual([{ param: 'markers.acne.score', message: 'markers.acne.score is required' }]);
  });

  it('when a severity, a marker name or a marker result shape is wrong, then the error lists what is expected', () => {
    expect(errors({ markers: { acne: { score: 12, severity: 'severe' } } })).toStrictEqual([
      { param: 'markers.acne.severity', message: 'markers.acne.severity must be one of low, moderate, high (received "severe")' },
    ]);
    expect(errors({ markers: { acne: { score: 12, level: 'x' } } })).toStrictEqual([
      { param: 'markers.acne', message: 'markers.acne has unknown parameters: level (expected score, severity)' },
    ]);
    expect(errors({ markers: { wrinkle: { score: 12 } } })).toStrictEqual([{ param: 'markers', message: `markers has unknown markers: wrinkle (expected ${MARKERS})` }]);
    expect(errors({ markers: {} })).toStrictEqual([{ param: 'markers', message: `markers must contain at least one of ${MARKERS}` }]);
    expect(errors({ markers: { acne: 30 } })).toStrictEqual([{ param: 'markers.acne', message: 'markers.acne must be an object with score and optional severity (received number 30)' }]);
    expect(errors({ markers: [] })).toStrictEqual([{ param: 'markers', message: 'markers must be an object of marker results, e.g. { "acne": { "score": 35 } } (received an array)' }]);
  });

  it('when user_id has a character outside the allowed set or the wrong length, then the error gives the rule', () => {
    const message = (r: string) => `user_id must be 1-128 characters of A-Z, a-z, 0-9, _ . : @ - (received ${r})`;
    expect(errors({ scan_id: 'scan_1', user_id: 'has space' })).toStrictEqual([{ param: 'user_id', message: message('"has space"') }]);
    expect(errors({ scan_id: 'scan_1', user_id: '' })).toStrictEqual([{ param: 'user_id', message: message('""') }]);
    expect(errors({ scan_id: 'scan_1', user_id: 'x'.repeat(129) })).toStrictEqual([{ param: 'user_id', message: message('a string of 129 characters') }]);
    expect(validateRoutineRequest({ scan_id: 'scan_1', user_id: 'x'.repeat(128) }).success).toBe(true);
  });

  it('when profile fields are wrong or unknown, then each error names its field', () => {
    expect(errors({ scan_id: 'scan_1', profile: { skin_type: 'greasy', sensitive: 'yes', age: 30 } })).toStrictEqual([
      { param: 'profile.skin_type', message: 'profile.skin_type must be one of dry, oily, combination, normal (received "greasy")' },
      { param: 'profile.sensitive', message: 'profile.sensitive must be true or false (received "yes")' },
      { param: 'profile', message: 'profile has unknown parameters: age (expected skin_type, sensitive, pregnant_or_breastfeeding, preferences)' },
    ]);
    expect(errors({ scan_id: 'scan_1', profile: { preferences: { steps: 'maximal', fragrance_free: 1, budget: 2 } } })).toStrictEqual([
      { param: 'profile.preferences.fragrance_free', message: 'profile.preferences.fragrance_free must be true or false (received number 1)' },
      { param: 'profile.preferences.steps', message: 'profile.preferences.steps must be one of minimal, standard, full (received "maximal")' },
      { param: 'profile.preferences', message: 'profile.preferences has unknown parameters: budget (expected fragrance_free, steps)' },
    ]);
    expect(errors({ scan_id: 'scan_1', profile: 'dry' })).toStrictEqual([{ param: 'profile', message: 'profile must be an object (received "dry")' }]);
  });

  it('when there are more than 30 products or a product is malformed, then the errors point at the product', () => {
    const many = Array.from({ length: 31 }, (_, i) => ({ name: `P${i}`, ingredients: 'Aqua' }));
    expect(errors({ scan_id: 'scan_1', products: many })).toStrictEqual([{ param: 'products', message: 'products must have at most 30 entries (received 31)' }]);
    expect(validateRoutineRequest({ scan_id: 'scan_1', products: many.slice(0, 30) }).success).toBe(true);
    expect(
      errors({
        scan_id: 'scan_1',
        products: [{ name: 'A', ingredients: 'Aqua' }, { name: ' ', category: 'cream', ingredients: ' , ', brand: 'x' }, { ingredients: ['Aqua', 3] }, 'B'],
      }),
    ).toStrictEqual([
      { param: 'products[1].name', message: 'products[1].name must not be empty' },
      { param: 'products[1].category', message: 'products[1].category must be one of cleanser, toner, serum, treatment, moisturiser, sunscreen, exfoliant, mask, eye_cream, oil (received "cream")' },
      { param: 'products[1].ingredients', message: 'products[1].ingredients must contain at least one ingredient' },
      { param: 'products[1]', message: 'products[1] has unknown parameters: brand (expected name, category, ingredients)' },
      { param: 'products[2].name', message: 'products[2].name is required' },
      { param: 'products[2].ingredients[1]', message: 'products[2].ingredients[1] must be a string (received number 3)' },
      { param: 'products[3]', message: 'products[3] must be an object with name, ingredients and optional category (received "B")' },
    ]);
    expect(errors({ scan_id: 'scan_1', products: {} })).toStrictEqual([{ param: 'products', message: 'products must be an array of { name, category?, ingredients } (received an object)' }]);
  });
});
