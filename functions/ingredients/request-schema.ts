/**
 * The body of POST /v1/ingredients/analyze. Messages name the parameter, what was expected and what was received;
 * the route's parsing (api/schemas/parse-input.ts) turns zod issues into the API's `errors: [{ param, message }]`.
 * The 64 KB body limit is the HTTP layer's; the item limits are here because only parsing can count them.
 */
import { z } from 'zod';
import { describeValue } from '../kernel/param-errors';
import { parseLabel } from './parse-label';
import { MARKER_NAMES, type MarkerName } from './types';

export const MAX_INGREDIENTS_PER_LIST = 300;
export const MAX_PRODUCTS = 20;
export const MAX_ITEM_LENGTH = 1000;
export const MAX_PRODUCT_NAME_LENGTH = 200;

const describe = describeValue;

/** One ingredient list: a pasted label, or an array with one ingredient per element (also used by routines). */
export function ingredientList(param: string) {
  return z
    .union([z.string(), z.array(z.unknown())], {
      error: (i) =>
        i.input === undefined ? `${param} is required` : `${param} must be a string or an array of strings (received ${describe(i.input)})`,
    })
    .superRefine((value, ctx) => {
      if (Array.isArray(value)) {
        let bad = false;
        value.forEach((element, index) => {
          if (typeof element !== 'string') {
            bad = true;
            ctx.addIssue({ code: 'custom', path: [index], message: `${param}[${index}] must be a string (received ${describe(element)})` });
          } else if (element.length > MAX_ITEM_LENGTH) {
            bad = true;
            ctx.addIssue({ code: 'custom', path: [index], message: `${param}[${index}] must be at most ${MAX_ITEM_LENGTH} characters long (received ${element.length})` });
          }
        });
        if (bad) return;
        if (value.length > MAX_INGREDIENTS_PER_LIST) {
          ctx.addIssue({ code: 'custom', message: `${param} must have at most ${MAX_INGREDIENTS_PER_LIST} ingredients (received ${value.length})` });
          return;
        }
      }
      const count = parseLabel(value as string | string[]).items.length;
      if (count === 0) ctx.addIssue({ code: 'custom', message: `${param} must contain at least one ingredient` });
      else if (count > MAX_INGREDIENTS_PER_LIST)
        ctx.addIssue({ code: 'custom', message: `${param} must have at most ${MAX_INGREDIENTS_PER_LIST} ingredients (received ${count})` });
    })
    .transform((value) => value as string | string[])
    // What the checks above accept, for the document: the union alone would show an array of anything.
    .meta({
      anyOf: [
        { type: 'string', minLength: 1, description: 'The label text: ingredients separated by commas.' },
        { type: 'array', items: { type: 'string', maxLength: MAX_ITEM_LENGTH }, minItems: 1, maxItems: MAX_INGREDIENTS_PER_LIST },
      ],
    });
}

const markerName = z
  .string({ error: (i) => `markers must contain strings (received ${describe(i.input)})` })
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z.enum(MARKER_NAMES, {
      error: (i) => `markers must be among ${MARKER_NAMES.join(', ')} (received ${describe(i.input)})`,
    }),
  );

/** Markers as an array or a comma-separated string; trimmed, case-insensitive, de-duplicated. */
const markersSchema = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
    z.array(markerName, { error: (i) => `markers must be an array of marker names (received ${describe(i.input)})` }),
  )
  .transform((list) => [...new Set(list)] as MarkerName[]);

export const ingredientAnalysisRequestSchema = z.strictObject(
  {
    ingredients: ingredientList('ingredients'),
    markers: markersSchema.optional(),
    scan_id: z
      .string({ error: (i) => `scan_id must be a string (received ${describe(i.input)})` })
      .regex(/^scan_[0-9A-Za-z]{1,64}$/, { error: (i) => `scan_id must look like scan_... (received ${describe(i.input)})` })
      .optional(),
    products: z
      .array(
        z.strictObject(
          {
            name: z
              .string({ error: (i) => `products[].name must be a string (received ${describe(i.input)})` })
              .trim()
              .min(1, { error: 'products[].name must not be empty' })
              .max(MAX_PRODUCT_NAME_LENGTH, { error: `products[].name must be at most ${MAX_PRODUCT_NAME_LENGTH} characters long` }),
            ingredients: ingredientList('products[].ingredients'),
          },
          {
            error: (i) =>
              i.code === 'unrecognized_keys'
                ? `products[] has unknown parameters: ${i.keys.join(', ')}`
                : `products[] must be objects with name and ingredients (received ${describe(i.input)})`,
          },
        ),
        { error: (i) => `products must be an array of { name, ingredients } (received ${describe(i.input)})` },
      )
      .max(MAX_PRODUCTS, { error: (i) => `products must have at most ${MAX_PRODUCTS} entries (received ${(i.input as unknown[]).length})` })
      .optional(),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `unknown parameters: ${i.keys.join(', ')} (expected ingredients, markers, scan_id, products)`
        : i.input === undefined
          ? 'ingredients is required'
          : `the body must be a JSON object with ingredients (received ${describe(i.input)})`,
  },
);

export type IngredientAnalysisRequestInput = z.input<typeof ingredientAnalysisRequestSchema>;
export type IngredientAnalysisRequest = z.output<typeof ingredientAnalysisRequestSchema>;
