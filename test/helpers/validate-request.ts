/**
 * A request schema's verdict as the API's `errors` list names it ({ param, message } per problem, from
 * kernel/param-errors.ts, as api/schemas/parse-input.ts builds the 400): the schema tests assert it whole.
 */
import type { z } from 'zod';
import { paramErrorsOf } from '../../functions/kernel/param-errors';
import { ingredientAnalysisRequestSchema } from '../../functions/ingredients/contract';
import { routineRequestSchema } from '../../functions/routines/contract';

function validateWith<S extends z.ZodType>(schema: S, body: unknown) {
  const result = schema.safeParse(body);
  return result.success ? ({ success: true, data: result.data } as const) : ({ success: false, errors: paramErrorsOf(result.error) } as const);
}

export const validateIngredientAnalysisRequest = (body: unknown) => validateWith(ingredientAnalysisRequestSchema, body);
export const validateRoutineRequest = (body: unknown) => validateWith(routineRequestSchema, body);
