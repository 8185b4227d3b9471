/**
 * The answer of POST /v1/routines and GET /v1/routines/{routine_id} (functions/routines/routine.ts `Routine`,
 * the engine's `RoutinePlan` plus ids). The request body is functions/routines/request-schema.ts.
 */
import { z } from 'zod';
import { ACTIVE_CLASSES, FREE_OF_TAGS } from '../../ingredients/contract';
import { FREQUENCIES, STEP_KINDS } from '../../routines/contract';
import { markerNameSchema, markerResultsSchema, routineIdSchema, scanIdSchema, timestampSchema, userIdSchema } from './common';

const stepKind = z.enum(STEP_KINDS);

export const routineStepSchema = z.object({
  step: stepKind,
  description: z.string(),
  key_ingredients: z.array(
    z.object({
      name: z.string(),
      reason: z.string(),
      marker: markerNameSchema.nullable().meta({ description: 'The marker it addresses; null for basics.' }),
      source: z.string(),
    }),
  ),
  frequency: z.enum(FREQUENCIES),
  ramp_up: z.string().nullable(),
  product: z
    .object({
      name: z.string(),
      index: z.number().int().meta({ description: "Index in the request's `products`." }),
      reason: z.string(),
      ingredient_analysis_summary: z
        .object({
          actives: z.array(z.enum(ACTIVE_CLASSES)),
          helps: z.array(markerNameSchema),
          may_worsen: z.array(markerNameSchema),
          free_of: z.array(z.enum(FREE_OF_TAGS)),
          eu_fragrance_allergens: z.array(z.string()),
          unknown_ingredients: z.number().int(),
        })
        .optional(),
    })
    .optional(),
});

export const routineSchema = z.object({
  routine_id: routineIdSchema,
  scan_id: scanIdSchema.nullable(),
  user_id: userIdSchema.nullable(),
  created_at: timestampSchema,
  markers: markerResultsSchema.meta({ description: 'The marker results the routine was built for (from the scan, or as sent).' }),
  profile: z.record(z.string(), z.unknown()),
  am: z.array(routineStepSchema),
  pm: z.array(routineStepSchema),
  weekly: z.array(routineStepSchema),
  warnings: z.array(z.string()),
  notes: z.array(z.string()),
  introduction: z.array(
    z.object({
      order: z.number().int(),
      ingredient: z.string(),
      slot: z.enum(['am', 'pm', 'weekly']),
      step: stepKind,
      start_week: z.number().int().min(1),
    }),
  ),
  rules_applied: z.array(z.object({ id: z.string(), rule: z.string(), sources: z.array(z.string()) })),
  sources: z.record(z.string(), z.object({ title: z.string(), url: z.string().nullable() })),
});
