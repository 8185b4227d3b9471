/**
 * The body of POST /v1/routines. Messages name the parameter, what was expected and what was received;
 * the route's parsing (api/schemas/parse-input.ts) turns zod issues into the API's `errors: [{ param, message }]`.
 *
 * Exactly one of `scan_id` (the HTTP layer looks the scan's markers up) or `markers` (explicit results) is required.
 * A marker result without a severity gets the severity of its score band (the model manifest's bands:
 * low 70-100, moderate 40-69, high 0-39).
 */
import { z } from 'zod';
import { describeValue } from '../kernel/param-errors';
import { getManifest, MARKER_NAMES, severityFor, type MarkerName, type Severity } from '../analysis/contract';
import { ingredientList, MAX_PRODUCT_NAME_LENGTH } from '../ingredients/contract';

export const MAX_ROUTINE_PRODUCTS = 30;
export const SKIN_TYPES = ['dry', 'oily', 'combination', 'normal'] as const;
export const STEP_BUDGETS = ['minimal', 'standard', 'full'] as const;
export const PRODUCT_CATEGORIES = [
  'cleanser',
  'toner',
  'serum',
  'treatment',
  'moisturiser',
  'sunscreen',
  'exfoliant',
  'mask',
  'eye_cream',
  'oil',
] as const;
const SEVERITY_VALUES = ['low', 'moderate', 'high'] as const satisfies readonly Severity[];
const USER_ID = /^[A-Za-z0-9_.:@-]{1,128}$/;
const TOP_LEVEL = ['scan_id', 'markers', 'user_id', 'profile', 'products'];

const describe = describeValue;

const received = (i: { input?: unknown }) => `(received ${describe(i.input)})`;

function boolean(param: string) {
  return z.boolean({ error: (i) => `${param} must be true or false ${received(i)}` }).optional();
}

function oneOf<const T extends readonly [string, ...string[]]>(param: string, values: T) {
  return z.enum(values, { error: (i) => `${param} must be one of ${values.join(', ')} ${received(i)}` });
}


function markerResult(marker: MarkerName) {
  const param = `markers.${marker}`;
  return z
    .strictObject(
      {
        score: z
          .number({ error: (i) => (i.input === undefined ? `${param}.score is required` : `${param}.score must be a number ${received(i)}`) })
          .int({ error: (i) => `${param}.score must be an integer from 0 to 100 ${received(i)}` })
          .min(0, { error: (i) => `${param}.score must be an integer from 0 to 100 ${received(i)}` })
          .max(100, { error: (i) => `${param}.score must be an integer from 0 to 100 ${received(i)}` }),
        severity: oneOf(`${param}.severity`, SEVERITY_VALUES).optional(),
      },
      {
        error: (i) =>
          i.code === 'unrecognized_keys'
            ? `${param} has unknown parameters: ${i.keys.join(', ')} (expected score, severity)`
            : `${param} must be an object with score and optional severity ${received(i)}`,
      },
    )
    .transform((r) => ({ score: r.score, severity: r.severity ?? severityFor(r.score, getManifest()) }))
    .optional();
}

const markersSchema = z
  .unknown()
  .superRefine((raw, ctx) => {
    // An empty object only; an object with unknown keys gets the unknown-markers message instead.
    if (raw && typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0)
      ctx.addIssue({ code: 'custom', message: `markers must contain at least one of ${MARKER_NAMES.join(', ')}` });
  })
  .pipe(
    z.strictObject(Object.fromEntries(MARKER_NAMES.map((m) => [m, markerResult(m)])) as Record<MarkerName, ReturnType<typeof markerResult>>, {
      error: (i) =>
        i.code === 'unrecognized_keys'
          ? `markers has unknown markers: ${i.keys.join(', ')} (expected ${MARKER_NAMES.join(', ')})`
          : `markers must be an object of marker results, e.g. { "acne": { "score": 35 } } ${received(i)}`,
    }),
  )
  .transform((value) => {
    const out: Partial<Record<MarkerName, { score: number; severity: Severity }>> = {};
    for (const m of MARKER_NAMES) if (value[m]) out[m] = value[m];
    return out;
  });

const profileSchema = z.strictObject(
  {
    skin_type: oneOf('profile.skin_type', SKIN_TYPES).optional(),
    sensitive: boolean('profile.sensitive'),
    pregnant_or_breastfeeding: boolean('profile.pregnant_or_breastfeeding'),
    preferences: z
      .strictObject(
        {
          fragrance_free: boolean('profile.preferences.fragrance_free'),
          steps: oneOf('profile.preferences.steps', STEP_BUDGETS).optional(),
        },
        {
          error: (i) =>
            i.code === 'unrecognized_keys'
              ? `profile.preferences has unknown parameters: ${i.keys.join(', ')} (expected fragrance_free, steps)`
              : `profile.preferences must be an object ${received(i)}`,
        },
      )
      .optional(),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `profile has unknown parameters: ${i.keys.join(', ')} (expected skin_type, sensitive, pregnant_or_breastfeeding, preferences)`
        : `profile must be an object ${received(i)}`,
  },
);

const productSchema = z.strictObject(
  {
    name: z
      .string({ error: (i) => (i.input === undefined ? 'products[].name is required' : `products[].name must be a string ${received(i)}`) })
      .trim()
      .min(1, { error: 'products[].name must not be empty' })
      .max(MAX_PRODUCT_NAME_LENGTH, { error: (i) => `products[].name must be at most ${MAX_PRODUCT_NAME_LENGTH} characters long (received ${(i.input as string).length})` }),
    category: oneOf('products[].category', PRODUCT_CATEGORIES).optional(),
    ingredients: ingredientList('products[].ingredients'),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys'
        ? `products[] has unknown parameters: ${i.keys.join(', ')} (expected name, category, ingredients)`
        : `products[] must be an object with name, ingredients and optional category ${received(i)}`,
  },
);

export const routineRequestSchema = z
  .strictObject(
    {
      scan_id: z
        .string({ error: (i) => `scan_id must be a string ${received(i)}` })
        .regex(/^scan_[0-9A-Za-z]{1,64}$/, { error: (i) => `scan_id must look like scan_... ${received(i)}` })
        .optional(),
      markers: markersSchema.optional(),
      user_id: z
        .string({ error: (i) => `user_id must be a string ${received(i)}` })
        .regex(USER_ID, { error: (i) => `user_id must be 1-128 characters of A-Z, a-z, 0-9, _ . : @ - ${received(i)}` })
        .optional(),
      profile: profileSchema.optional(),
      products: z
        .array(productSchema, { error: (i) => `products must be an array of { name, category?, ingredients } ${received(i)}` })
        .max(MAX_ROUTINE_PRODUCTS, { error: (i) => `products must have at most ${MAX_ROUTINE_PRODUCTS} entries (received ${(i.input as unknown[]).length})` })
        .optional(),
    },
    {
      error: (i) =>
        i.code === 'unrecognized_keys'
          ? `unknown parameters: ${i.keys.join(', ')} (expected ${TOP_LEVEL.join(', ')})`
          : `the body must be a JSON object with scan_id or markers ${received(i)}`,
    },
  )
  .superRefine((body, ctx) => {
    if (body.scan_id === undefined && body.markers === undefined)
      ctx.addIssue({ code: 'custom', message: 'scan_id or markers is required (received neither)' });
    else if (body.scan_id !== undefined && body.markers !== undefined)
      ctx.addIssue({ code: 'custom', message: 'send either scan_id or markers, not both' });
  });

export type RoutineRequest = z.output<typeof routineRequestSchema>;
export type SkinType = (typeof SKIN_TYPES)[number];
export type StepBudget = (typeof STEP_BUDGETS)[number];
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
