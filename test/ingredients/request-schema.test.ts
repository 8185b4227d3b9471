import { describe, expect, it } from 'vitest';
import { validateIngredientAnalysisRequest } from '../helpers/validate-request';

const list = (n: number) => Array.from({ length: n }, (_, i) => `Ingredient ${i + 1}`);

describe('ingredient analysis request', () => {
  it('when a label string and markers in any case are sent, then the markers are trimmed, lower-cased and de-duplicated', () => {
    expect(validateIngredientAnalysisRequest({ ingredients: 'Aqua, Glycerin', markers: [' Acne', 'REDNESS', 'acne'] })).toStrictEqual({
      success: true,
      data: { ingredients: 'Aqua, Glycerin', markers: ['acne', 'redness'] },
    });
  });

  it('when markers come as one comma-separated string, then they are split', () => {
    expect(validateIngredientAnalysisRequest({ ingredients: ['Aqua'], markers: 'acne, dark_circles' })).toStrictEqual({
      success: true,
      data: { ingredients: ['Aqua'], markers: ['acne', 'dark_circles'] },
    });
  });

  it('when a full request with scan_id and products is sent, then it is accepted as is', () => {
    const body = { ingredients: 'Aqua', scan_id: 'scan_01J8Z3Q4X5Y6Z7A8B9C0D1E2F3', products: [{ name: 'Night serum', ingredients: ['Aqua', 'Retinol'] }] };

    expect(validateIngredientAnalysisRequest(body)).toStrictEqual({ success: true, data: body });
  });

  it('when ingredients is missing, then the error names the parameter', () => {
    expect(validateIngredientAnalysisRequest({})).toStrictEqual({
      success: false,
      errors: [{ param: 'ingredients', message: 'ingredients is required' }],
    });
  });

  it('when the body is not an object, then the error says what was received', () => {
    expect(validateIngredientAnalysisRequest('Aqua, Glycerin')).toStrictEqual({
      success: false,
      errors: [{ param: 'body', message: 'the body must be a JSON object with ingredients (received "Aqua, Glycerin")' }],
    });
  });

  it('when ingredients has the wrong type, empty content or a non-string element, then each error names its parameter', () => {
    expect(validateIngredientAnalysisRequest({ ingredients: 42 })).toStrictEqual({
      success: false,
      errors: [{ param: 'ingredients', message: 'ingredients must be a string or an array of strings (received number 42)' }],
    });
    expect(validateIngredientAnalysisRequest({ ingredients: ' , ; ' })).toStrictEqual({
      success: false,
      errors: [{ param: 'ingredients', message: 'ingredients must contain at least one ingredient' }],
    });
    expect(validateIngredientAnalysisRequest({ ingredients: ['Aqua', 7, null] })).toStrictEqual({
      success: false,
      errors: [
        { param: 'ingredients[1]', message: 'ingredients[1] must be a string (received number 7)' },
        { param: 'ingredients[2]', message: 'ingredients[2] must be a string (received null)' },
      ],
    });
  });

  it('when a list has more than 300 ingredients, as an array or as a label, then it is rejected with the count', () => {
    expect(validateIngredientAnalysisRequest({ ingredients: list(300) }).success).toBe(true);
    expect(validateIngredientAnalysisRequest({ ingredients: list(301) })).toStrictEqual({
      success: false,
      errors: [{ param: 'ingredients', message: 'ingredients must have at most 300 ingredients (received 301)' }],
    });
    expect(validateIngredientAnalysisRequest({ ingredients: list(301).join(', ') })).toStrictEqual({
      success: false,
      errors: [{ param: 'ingredients', message: 'ingredients must have at most 300 ingredients (received 301)' }],
    });
  });

  it('when an unknown marker is sent, then the error lists the valid ones', () => {
    expect(validateIngredientAnalysisRequest({ ingredients: 'Aqua', markers: ['acne', 'wrinkle'] })).toStrictEqual({
      success: false,
      errors: [
        {
          param: 'markers[1]',
          message: 'markers must be among acne, pigmentation, hydration, redness, wrinkles, pores, oiliness, dark_circles, texture, eye_bags, uniformness, radiance, age_spots, blackheads (received "wrinkle")',
        },
      ],
    });
  });

  it('when scan_id is malformed, then the error says the expected shape', () => {
    expect(validateIngredientAnalysisRequest({ ingredients: 'Aqua', scan_id: 'rtn_123' })).toStrictEqual({
      success: false,
      errors: [{ param: 'scan_id', message: 'scan_id must look like scan_... (received "rtn_123")' }],
    });
  });

  it('when there are more than 20 products or a product is incomplete, then the errors point at the product', () => {
    const products = Array.from({ length: 21 }, (_, i) => ({ name: `P${i}`, ingredients: 'Aqua' }));
    expect(validateIngredientAnalysisRequest({ ingredients: 'Aqua', products })).toStrictEqual({
      success: false,
      errors: [{ param: 'products', message: 'products must have at most 20 entries (received 21)' }],
    });
    expect(validateIngredientAnalysisRequest({ ingredients: 'Aqua', products: [{ name: 'Serum', ingredients: 'Aqua' }, { name: ' ', ingredient: 'Aqua' }] })).toStrictEqual({
      success: false,
      errors: [
        { param: 'products[1].name', message: 'products[1].name must not be empty' },
        { param: 'products[1].ingredients', message: 'products[1].ingredients is required' },
        { param: 'products[1]', message: 'products[1] has unknown parameters: ingredient' },
      ],
    });
  });

  it('when an unknown top-level parameter is sent, then it is named', () => {
    expect(validateIngredientAnalysisRequest({ ingredients: 'Aqua', marker: ['acne'] })).toStrictEqual({
      success: false,
      errors: [{ param: 'body', message: 'unknown parameters: marker (expected ingredients, markers, scan_id, products)' }],
    });
  });
});
